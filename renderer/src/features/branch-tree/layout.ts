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
}

/** Nesting cap (react-arborist recurses per level). */
export const MAX_DEPTH = 200
/** Entries kept visible at each end of a collapsed run. */
const EDGE = 2

/** Id of the arborist node of a row. */
export function itemId(row: number): string {
  return `e${row}`
}

/** Root-first row indices from row `index` up (iterative; parents precede children). */
export function ancestry(rows: readonly TreeRow[], index: number): number[] {
  const out: number[] = []
  for (let i = index; i >= 0 && out.length <= rows.length; i = rows[i]?.parent ?? -1) out.push(i)
  return out.reverse()
}

/**
 * Shown children of every shown row, as one flat list (`list[start[r]..start[r + 1])` are row
 * r's, in row order): no array per row, which at 100,000 rows is most of the layout's cost.
 */
interface ShownKids {
  roots: number[]
  start: Int32Array
  list: Int32Array
}

function shownChildren(rows: readonly TreeRow[], visible: Uint8Array): ShownKids {
  const n = rows.length
  const up = new Int32Array(n)
  const count = new Int32Array(n + 1)
  const roots: number[] = []
  for (let i = 0; i < n; i++) {
    const p = (rows[i] as TreeRow).parent
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

/** Row `row`'s shown children (a view into the flat list). */
function kidsOf(kids: ShownKids, row: number): Int32Array {
  return kids.list.subarray(kids.start[row] as number, kids.start[row + 1] as number)
}

/** Appends `from[start..end)` to `to` (no spread: lines can hold 50,000 items). */
function append(to: TreeItem[], from: readonly TreeItem[], start: number, end: number): void {
  for (let k = start; k < end; k++) to.push(from[k] as TreeItem)
}

function collapseRuns(
  line: TreeItem[],
  rows: readonly TreeRow[],
  opts: LayoutOptions,
  runIds: string[],
  runOfRow: Int32Array,
): TreeItem[] {
  if (opts.runMin <= 0 || line.length < opts.runMin) return line
  const plain = (item: TreeItem) => {
    const row = rows[item.row]
    return !item.children && !item.head && item.row !== opts.leafRow && row?.label === undefined
  }
  const out: TreeItem[] = []
  let i = 0
  while (i < line.length) {
    let j = i
    while (j < line.length && plain(line[j] as TreeItem)) j++
    if (j - i >= opts.runMin) {
      const inner = line.slice(i + EDGE, j - EDGE)
      const id = `run${(inner[0] as TreeItem).row}`
      let reveal = false
      for (const item of inner) {
        runOfRow[item.row] = runIds.length
        if (item.row === opts.revealRow) reveal = true
      }
      runIds.push(id)
      append(out, line, i, i + EDGE)
      const children = reveal || opts.openRuns?.has(id) ? inner : []
      out.push({ id, row: -1, count: inner.length, children })
      append(out, line, j - EDGE, j)
    } else append(out, line, i, j)
    if (j < line.length) out.push(line[j] as TreeItem)
    i = j + 1
  }
  return out
}

/**
 * Builds the arborist data for `rows` (display order, parents first).
 * @returns the data, how many rows the filter shows, and the ids of collapsed runs
 */
export function buildTreeData(rows: readonly TreeRow[], opts: LayoutOptions): TreeLayout {
  const visible = new Uint8Array(rows.length)
  let shown = 0
  for (let i = 0; i < rows.length; i++) {
    if (passesFilter(rows[i] as TreeRow, opts.mode, i === opts.leafRow)) {
      visible[i] = 1
      shown++
    }
  }
  const kids = shownChildren(rows, visible)
  const { roots } = kids
  const lines = new Set<TreeItem[]>()
  const data: TreeItem[] = []
  // Work: append to `out` the line starting at `start` (`depth` = nesting level of `out`).
  const work: { start: number; out: TreeItem[]; depth: number }[] = []

  /** A side branch as a folder: its own side branches first, then its line. */
  function sideFolder(row: number, depth: number, flatInto: TreeItem[]): TreeItem | null {
    if (depth > MAX_DEPTH) {
      // Too deep for react-arborist: lay the branch out flat in its parent's list.
      work.push({ start: row, out: flatInto, depth: depth - 1 })
      return null
    }
    const own = kidsOf(kids, row)
    const folder: TreeItem = { id: itemId(row), row, head: true, branches: own.length }
    if (own.length === 0) return folder
    const children: TreeItem[] = []
    for (const side of own.subarray(1)) {
      const f = sideFolder(side, depth + 1, children)
      if (f) children.push(f)
    }
    folder.children = children
    work.push({ start: own[0] as number, out: children, depth: depth + 1 })
    return folder
  }

  function drain(): void {
    while (work.length > 0) {
      const { start, out, depth } = work.pop() as { start: number; out: TreeItem[]; depth: number }
      lines.add(out)
      for (let row = start; ;) {
        const item: TreeItem = { id: itemId(row), row }
        out.push(item)
        const own = kidsOf(kids, row)
        if (own.length === 0) break
        if (own.length > 1) {
          item.branches = own.length
          const sides: TreeItem[] = []
          for (const side of own.subarray(1)) {
            const f = sideFolder(side, depth + 1, out)
            if (f) sides.push(f)
          }
          if (sides.length > 0) item.children = sides
        }
        row = own[0] as number
      }
    }
  }

  // The first root (pi's order: the one holding the leaf) is the main line; other roots follow
  // as folders, like pi's virtual root with branches.
  if (roots.length > 0) {
    work.push({ start: roots[0] as number, out: data, depth: 0 })
    drain()
    for (const root of roots.slice(1)) {
      const f = sideFolder(root, 1, data)
      if (f) data.push(f)
      drain()
    }
  }
  const runIds: string[] = []
  const runOfRow = new Int32Array(rows.length).fill(-1)
  for (const line of lines) {
    const collapsed = collapseRuns(line, rows, opts, runIds, runOfRow)
    if (collapsed === line) continue
    line.length = 0
    append(line, collapsed, 0, collapsed.length)
  }
  return { data, shown, runIds, runOfRow }
}
