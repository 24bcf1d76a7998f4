/**
 * Turns tree rows into react-arborist data, iteratively (a 50,000-deep chain must not recurse):
 *
 * - rows hidden by the filter are skipped; their children hang on the nearest shown ancestor
 *   (as pi's /tree does, pi spec 15.6);
 * - a single-child chain stays on one level (as in pi); at a branch point the first child
 *   (pi's order: the branch holding the leaf first) continues the line and the other children
 *   become folders under the branch point, so the active path never drifts right and each
 *   nesting level is one side branch;
 * - long runs of plain entries collapse into one "N entries" node (closed by default) so
 *   branch points, labels and the leaf stand out.
 *
 * react-arborist builds its own node tree recursively, so nesting is capped at MAX_DEPTH:
 * deeper side branches are laid out flat in their parent folder.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'
import { parentRows } from '../../../../preload/contract/row-parents'
import { passesFilter, type FilterMode } from './filters'

/** One node of the arborist data. */
export interface TreeItem {
  /** `e<row>` for entries, `run<row of the first entry>` for collapsed runs. */
  id: string
  /** Row index (entries) or -1 (runs). */
  row: number
  /** Entries inside a run. */
  count?: number
  /** Shown children of an entry (a branch point has 2 or more). */
  branches?: number
  /** First entry of a side branch (a folder). */
  head?: boolean
  children?: TreeItem[]
}

/** Options of {@link buildTreeData}. */
export interface LayoutOptions {
  mode: FilterMode
  /** Row index of pi's leaf, or -1. */
  leafRow: number
  /** Collapse runs of at least this many plain entries (0 = never). */
  runMin: number
  /**
   * Runs the user opened. A closed run hands react-arborist no children (it builds a node
   * object for every item it is given, open or not): 50,000 entries cost only what shows.
   */
  openRuns?: ReadonlySet<string>
  /** A row that must be loaded (the selected entry): its run gets its children. */
  revealRow?: number
  /**
   * A row no run folds, as if labelled: the entry whose label is being typed, once pi's leaf
   * has moved on from it (it would fold away with the field and the text typed).
   */
  keepRow?: number
}

/** The arborist data plus what the view needs to know about it. */
export interface TreeLayout {
  data: TreeItem[]
  /** Rows shown by the filter. */
  shown: number
  /** Ids of run nodes (closed by default). */
  runIds: string[]
  /** For each row, the run (index into `runIds`) it is collapsed into, or -1. */
  runOfRow: Int32Array
  /** For each row, 1 when it is a node of `data` (shown, and not inside a closed run). */
  inData: Uint8Array
  /**
   * The row that stands for pi's leaf: the leaf, or when the filter hides it (a label or
   * session name appended last) its nearest shown ancestor, where pi's context ends; -1 for
   * none. Never folded into a run.
   */
  leafShown: number
  /**
   * When the top line ends at pi's leaf: its ending, entries with no side branches down to the
   * leaf (row indices, in line order), where their items begin in `data` and their runs in
   * `runIds` (last, as the top line is collapsed last). Live follow lays out only this ending
   * and what pi appended to it (layout-extend.ts). Null otherwise.
   */
  tail: LineTail | null
}

/** The ending of the top line (see {@link TreeLayout.tail}). */
export interface LineTail {
  rows: number[]
  dataStart: number
  runStart: number
}

/** Linear runs of at least this many plain entries collapse (shorter ones stay expanded). */
export const RUN_MIN = 24
/** Nesting cap (react-arborist recurses per level). */
export const MAX_DEPTH = 200
/** Entries kept visible at each end of a collapsed run. */
const EDGE = 2

/**
 * Id of the arborist node of a row: named by the entry's file position, which keeps when the
 * rows come in another order (a new branch puts the leaf's branch first, pi spec 15.6), so
 * what the user folded and the node the keyboard is on stay with their entries.
 */
export function itemId(row: TreeRow): string {
  return `e${row.pos}`
}

/** Id of the arborist node of a collapsed run whose first hidden entry is `row` (as {@link itemId}). */
export function runId(row: TreeRow): string {
  return `run${row.pos}`
}

/** A set of rows that only answers membership (cheaper than a `Set` of 100,000 numbers). */
export interface RowMarks {
  has(row: number): boolean
}

/** The rows on a path, as {@link pathMarks} gives them. */
export interface PathMarks extends RowMarks {
  /** The row the path ends at. */
  readonly index: number
  /** 1 for each row on the path (as many as the rows it was built from). */
  readonly marks: Uint8Array
}

/**
 * The rows on the path from a root down to row `index` (the active path when it is the leaf).
 * @param before the path of rows that `rows` begin with (live follow: the leaf before pi
 *   appended): when `index` is reached from its end through appended rows only, it is copied
 *   and those rows marked, instead of walking the whole path again
 */
export function pathMarks(rows: readonly TreeRow[], index: number, before?: PathMarks): PathMarks {
  const marks = new Uint8Array(rows.length)
  const parents = parentRows(rows)
  if (before && before.index >= 0) {
    const n = before.marks.length
    let i = index
    // Up through the appended rows (a parent's index is always below its child's).
    while (i >= n) i = parents[i] ?? -1
    if (i === before.index) marks.set(before.marks)
  }
  // Parents precede children in the rows, so the walk up ends.
  for (let i = index; i >= 0 && i < rows.length && marks[i] === 0; i = parents[i] ?? -1)
    marks[i] = 1
  return { index, marks, has: (row) => marks[row] === 1 }
}

/**
 * The nearest of row `index` and its ancestors that `keep` accepts, or -1 (iterative, stops
 * at the first: a 100,000-entry path costs only the steps up to it).
 */
export function nearestAncestor(
  rows: readonly TreeRow[],
  index: number,
  keep: (row: number) => boolean,
): number {
  const parents = parentRows(rows)
  for (let i = index, steps = 0; i >= 0 && steps <= rows.length; i = parents[i] ?? -1) {
    if (keep(i)) return i
    steps++
  }
  return -1
}

/**
 * Shown children of every shown row, as one flat list (`list[start[r]..start[r + 1])` are row
 * r's, in row order): no array per row, which at 100,000 rows is most of the layout's cost.
 */
export interface ShownKids {
  roots: number[]
  start: Int32Array
  list: Int32Array
}

function shownChildren(rows: readonly TreeRow[], visible: Uint8Array): ShownKids {
  const n = rows.length
  const up = new Int32Array(n)
  const count = new Int32Array(n + 1)
  const roots: number[] = []
  const parents = parentRows(rows)
  for (let i = 0; i < n; i++) {
    const p = parents[i] as number
    // Rows come in pre-order, so a parent's nearest shown ancestor is already known.
    const nearest = p < 0 ? -1 : visible[p] ? p : (up[p] as number)
    up[i] = nearest
    if (!visible[i]) continue
    if (nearest < 0) roots.push(i)
    else count[nearest + 1] = (count[nearest + 1] as number) + 1
  }
  const start = new Int32Array(n + 1)
  for (let i = 0; i < n; i++) start[i + 1] = (start[i] as number) + (count[i + 1] as number)
  const fill = start.slice(0, n)
  const list = new Int32Array(start[n] as number)
  for (let i = 0; i < n; i++) {
    const nearest = up[i] as number
    if (!visible[i] || nearest < 0) continue
    list[fill[nearest] as number] = i
    fill[nearest] = (fill[nearest] as number) + 1
  }
  return { roots, start, list }
}

/**
 * One line of the layout while it is built: its members as numbers (a row index, or `-1 - k`
 * for the prebuilt folder `folders[k]`), turned into items only once runs are collapsed, so
 * the entries inside a closed run never become objects.
 */
interface Line {
  members: number[]
  out: TreeItem[]
}

/** What a branch point on a line carries besides its row. */
interface BranchMark {
  branches: number
  children?: TreeItem[]
}

/** The layout under construction (see {@link buildTreeData}). */
interface Build {
  rows: readonly TreeRow[]
  kids: ShownKids
  folders: TreeItem[]
  /** Rows made into items so far (TreeLayout.inData). */
  inData: Uint8Array
  /** TreeLayout.leafShown. */
  leafShown: number
  /** LayoutOptions.keepRow, or -1. */
  keepRow: number
  marks: Map<number, BranchMark>
  lines: Set<Line>
  /** Work: append to `line` the line starting at `start` (`depth` = nesting level of it). */
  work: { start: number; line: Line; depth: number }[]
}

function newLine(out: TreeItem[]): Line {
  return { members: [], out }
}

/** Stores a prebuilt folder and returns its member number in a line. */
function folderMember(b: Build, folder: TreeItem): number {
  return -b.folders.push(folder)
}

/** A side branch as a folder: its own side branches first, then its line. */
function sideFolder(b: Build, row: number, depth: number, flatInto: Line): TreeItem | null {
  if (depth > MAX_DEPTH) {
    // Too deep for react-arborist: lay the branch out flat in its parent's list.
    b.work.push({ start: row, line: flatInto, depth: depth - 1 })
    return null
  }
  const from = b.kids.start[row] as number
  const to = b.kids.start[row + 1] as number
  const folder: TreeItem = {
    id: itemId(b.rows[row] as TreeRow),
    row,
    head: true,
    branches: to - from,
  }
  b.inData[row] = 1
  if (to === from) return folder
  const line = newLine([])
  for (let k = from + 1; k < to; k++) {
    const f = sideFolder(b, b.kids.list[k] as number, depth + 1, line)
    if (f) line.members.push(folderMember(b, f))
  }
  folder.children = line.out
  b.work.push({ start: b.kids.list[from] as number, line, depth: depth + 1 })
  return folder
}

function drain(b: Build): void {
  const { kids } = b
  while (b.work.length > 0) {
    const { start, line, depth } = b.work.pop() as Build['work'][number]
    b.lines.add(line)
    for (let row = start; ;) {
      line.members.push(row)
      const from = kids.start[row] as number
      const to = kids.start[row + 1] as number
      if (to === from) break
      if (to - from > 1) {
        const sides: TreeItem[] = []
        for (let k = from + 1; k < to; k++) {
          const f = sideFolder(b, kids.list[k] as number, depth + 1, line)
          if (f) sides.push(f)
        }
        b.marks.set(
          row,
          sides.length > 0 ? { branches: to - from, children: sides } : { branches: to - from },
        )
      }
      row = kids.list[from] as number
    }
  }
}

/** Turns the members `[start, end)` of `line` into items, appended to `into`. */
function materialize(
  b: Build,
  members: readonly number[],
  start: number,
  end: number,
  into: TreeItem[],
): void {
  for (let k = start; k < end; k++) {
    const m = members[k] as number
    if (m < 0) {
      into.push(b.folders[-1 - m] as TreeItem)
      continue
    }
    const mark = b.marks.get(m)
    b.inData[m] = 1
    const id = itemId(b.rows[m] as TreeRow)
    into.push(mark ? { id, row: m, ...mark } : { id, row: m })
  }
}

/**
 * Whether row `m` counts as labelled, which no run spans: it has a label (pi spec 10), or one is
 * being typed on it (`keepRow`, LayoutOptions.keepRow; -1 for none).
 */
export function holdsLabel(rows: readonly TreeRow[], m: number, keepRow: number): boolean {
  return m === keepRow || rows[m]?.label !== undefined
}

/**
 * Whether line member `m` is a plain entry a run may collapse: an entry (not a folder) with no
 * side branches, not labelled ({@link holdsLabel}), and not pi's leaf (or the row standing for
 * it, TreeLayout.leafShown).
 */
function isPlain(b: Build, m: number): boolean {
  return (
    m >= 0 && !b.marks.get(m)?.children && m !== b.leafShown && !holdsLabel(b.rows, m, b.keepRow)
  )
}

/** Appends the items of line `members` to `out`, collapsing runs of plain entries into closed "N entries" nodes. */
function collapseRuns(
  b: Build,
  members: readonly number[],
  out: TreeItem[],
  opts: LayoutOptions,
  runIds: string[],
  runOfRow: Int32Array,
): void {
  if (opts.runMin <= 0 || members.length < opts.runMin) {
    materialize(b, members, 0, members.length, out)
    return
  }
  const plain = (m: number) => isPlain(b, m)
  let i = 0
  while (i < members.length) {
    let j = i
    while (j < members.length && plain(members[j] as number)) j++
    if (j - i >= opts.runMin) {
      const id = runId(b.rows[members[i + EDGE] as number] as TreeRow)
      let reveal = false
      for (let k = i + EDGE; k < j - EDGE; k++) {
        const m = members[k] as number
        runOfRow[m] = runIds.length
        if (m === opts.revealRow) reveal = true
      }
      runIds.push(id)
      materialize(b, members, i, i + EDGE, out)
      const children: TreeItem[] = []
      if (reveal || opts.openRuns?.has(id)) materialize(b, members, i + EDGE, j - EDGE, children)
      out.push({ id, row: -1, count: j - i - 2 * EDGE, children })
      materialize(b, members, j - EDGE, j, out)
    } else materialize(b, members, i, j, out)
    if (j < members.length) materialize(b, members, j, j + 1, out)
    i = j + 1
  }
}

/** The rows a filter shows, and each one's shown children: the first part of a layout. */
export interface ShownTree {
  mode: FilterMode
  leafRow: number
  /** Rows the filter shows. */
  shown: number
  kids: ShownKids
  /** TreeLayout.leafShown. */
  leafShown: number
}

/**
 * Which of `rows` filter `mode` shows (pi's leaf also when it has no text) and their shown
 * children, each hung on its nearest shown ancestor (pi spec 15.6). {@link buildTreeData} does
 * this first; at 100,000 rows it is about half of the layout, so the tree can do it in a task of
 * its own.
 * @param leafRow row index of pi's leaf, or -1
 */
export function shownTree(rows: readonly TreeRow[], mode: FilterMode, leafRow: number): ShownTree {
  const visible = new Uint8Array(rows.length)
  let shown = 0
  for (let i = 0; i < rows.length; i++) {
    if (passesFilter(rows[i] as TreeRow, mode, i === leafRow)) {
      visible[i] = 1
      shown++
    }
  }
  const leafShown = nearestAncestor(rows, leafRow, (r) => visible[r] === 1)
  return { mode, leafRow, shown, kids: shownChildren(rows, visible), leafShown }
}

/**
 * Builds the arborist data for `rows` (display order, parents first).
 * @param made {@link shownTree} of these rows, when already made for `opts`' filter and leaf
 * @returns the data, how many rows the filter shows, and the ids of collapsed runs
 */
export function buildTreeData(
  rows: readonly TreeRow[],
  opts: LayoutOptions,
  made?: ShownTree,
): TreeLayout {
  const fits = made && made.mode === opts.mode && made.leafRow === opts.leafRow
  const { shown, kids, leafShown } = fits ? made : shownTree(rows, opts.mode, opts.leafRow)
  const data: TreeItem[] = []
  const top = newLine(data)
  const b: Build = {
    rows,
    kids,
    folders: [],
    inData: new Uint8Array(rows.length),
    leafShown,
    keepRow: opts.keepRow ?? -1,
    marks: new Map(),
    lines: new Set(),
    work: [],
  }
  // The first root (pi's order: the one holding the leaf) is the main line; other roots follow
  // as folders, like pi's virtual root with branches.
  const { roots } = kids
  if (roots.length > 0) {
    b.work.push({ start: roots[0] as number, line: top, depth: 0 })
    drain(b)
    for (const root of roots.slice(1)) {
      const f = sideFolder(b, root, 1, top)
      if (f) top.members.push(folderMember(b, f))
      drain(b)
    }
  }
  const runIds: string[] = []
  const runOfRow = new Int32Array(rows.length).fill(-1)
  for (const line of b.lines)
    if (line !== top) collapseRuns(b, line.members, line.out, opts, runIds, runOfRow)
  const tail = collapseTop(b, top.members, data, opts, runIds, runOfRow)
  return { data, shown, runIds, runOfRow, inData: b.inData, leafShown, tail }
}

/**
 * Collapses the top line into `data` (last, so its runs come last in `runIds`), its ending
 * stretch of plain entries and the leaf separately (splitting after a member that is not plain
 * changes nothing: a run never spans one).
 * @returns that ending, when the line ends at the leaf; else null
 */
function collapseTop(
  b: Build,
  members: readonly number[],
  data: TreeItem[],
  opts: LayoutOptions,
  runIds: string[],
  runOfRow: Int32Array,
): LineTail | null {
  const end = members.length - 1
  if (end < 0 || members[end] !== b.leafShown || b.marks.has(b.leafShown)) {
    collapseRuns(b, members, data, opts, runIds, runOfRow)
    return null
  }
  const from = endingStart(members, (m) => isPlain(b, m) && !b.marks.has(m))
  // A branch count with no side folder shown would be lost when the ending is laid out again.
  if (from > 0 && isPlain(b, members[from - 1] as number)) {
    collapseRuns(b, members, data, opts, runIds, runOfRow)
    return null
  }
  collapseRuns(b, members.slice(0, from), data, opts, runIds, runOfRow)
  const tail = { rows: members.slice(from), dataStart: data.length, runStart: runIds.length }
  collapseRuns(b, tail.rows, data, opts, runIds, runOfRow)
  return tail
}

/**
 * Where the top line's ending begins (see {@link TreeLayout.tail}): after the last member that
 * is not `plain` (a label, a branch point), the leaf itself always in it.
 */
export function endingStart(members: readonly number[], plain: (row: number) => boolean): number {
  let from = members.length - 1
  while (from > 0 && plain(members[from - 1] as number)) from--
  return from
}

/**
 * Lays out the members of a line that are entries with no side branches (the end of the top
 * line and what pi appended to it) into `out`, as {@link buildTreeData} does.
 */
export function collapseEntries(
  rows: readonly TreeRow[],
  members: readonly number[],
  out: TreeItem[],
  opts: LayoutOptions,
  runIds: string[],
  runOfRow: Int32Array,
  inData: Uint8Array,
): void {
  const b: Build = {
    rows,
    kids: { roots: [], start: new Int32Array(0), list: new Int32Array(0) },
    folders: [],
    inData,
    leafShown: opts.leafRow,
    keepRow: opts.keepRow ?? -1,
    marks: new Map(),
    lines: new Set(),
    work: [],
  }
  collapseRuns(b, members, out, opts, runIds, runOfRow)
}
