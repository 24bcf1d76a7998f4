/**
 * `session:open`: header facts, statistics over every entry, diagnostics and the tree rows
 * of one loaded session, with what live follow needs to extend them (grow.ts).
 */
import type {
  SessionOverview,
  SessionStats,
  TreeRow,
  UsageView,
} from '../../../preload/contract/session-view'
import { parentRows } from '../../../preload/contract/row-parents'
import { resumeNote } from './resume'
import { addCalls, type CallInfo } from './row-text'
import { buildRows } from './rows'
import {
  damageReason,
  isDamage,
  listedFirstMessage,
  listingModified,
  usageCounts,
} from '../../session'
import { forEachSliced, snapshotOf, yieldNow, type SessionEntry, type ViewSource } from './source'

/** Adds a pi Usage object (pi spec 2.3) to `total`, as the session module counts it. */
export function addUsage(total: UsageView, usage: unknown): void {
  const counts = usageCounts(usage)
  if (!counts) return
  total.input += counts.input
  total.output += counts.output
  total.cacheRead += counts.cacheRead
  total.cacheWrite += counts.cacheWrite
  total.totalTokens += counts.totalTokens
  total.cost += counts.cost
}

/** An empty usage total. */
export function emptyUsage(): UsageView {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0 }
}

/** Usage carried by one entry: assistant/tool result messages, usage entries, summaries. */
function entryUsage(entry: SessionEntry): unknown {
  const e = entry as { message?: { role?: unknown; usage?: unknown }; usage?: unknown }
  if (entry.type === 'message')
    return e.message?.role === 'assistant' || e.message?.role === 'toolResult'
      ? e.message.usage
      : undefined
  if (entry.type === 'usage' || entry.type === 'compaction' || entry.type === 'branch_summary')
    return e.usage
  return undefined
}

function modelOf(entry: SessionEntry): string | null {
  const e = entry as {
    provider?: unknown
    modelId?: unknown
    message?: { role?: unknown; provider?: unknown; model?: unknown }
  }
  if (entry.type === 'model_change') return `${String(e.provider ?? '')}/${String(e.modelId ?? '')}`
  if (
    entry.type === 'message' &&
    e.message?.role === 'assistant' &&
    typeof e.message.model === 'string'
  ) {
    return `${String(e.message.provider ?? '')}/${e.message.model}`
  }
  return null
}

/** Totals over entries in file order that need no tree (the rest of SessionStats). */
export interface EntryTally {
  entries: number
  messages: number
  compactions: number
  usage: UsageView
  models: string[]
  seenModels: Set<string>
}

/** An empty tally. */
export function emptyTally(): EntryTally {
  return {
    entries: 0,
    messages: 0,
    compactions: 0,
    usage: emptyUsage(),
    models: [],
    seenModels: new Set(),
  }
}

/** A copy of a tally that can be added to without changing it. */
function copyTally(tally: EntryTally): EntryTally {
  return {
    ...tally,
    usage: { ...tally.usage },
    models: [...tally.models],
    seenModels: new Set(tally.seenModels),
  }
}

/** Adds one entry (in file order) to a tally. */
export function tallyEntry(tally: EntryTally, entry: SessionEntry): void {
  tally.entries++
  if (entry.type === 'message') tally.messages++
  if (entry.type === 'compaction') tally.compactions++
  addUsage(tally.usage, entryUsage(entry))
  const model = modelOf(entry)
  if (model !== null && !tally.seenModels.has(model)) {
    tally.seenModels.add(model)
    tally.models.push(model)
  }
}

/** Tree counts of SessionStats: roots, leaves (= branches, pi spec 8) and labelled rows. */
export interface TreeCounts {
  branches: number
  roots: number
  labels: number
}

function treeCounts(rows: readonly TreeRow[], childCount: number[]): TreeCounts {
  let roots = 0
  let labels = 0
  const parents = parentRows(rows)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as TreeRow
    const parent = parents[i] as number
    if (parent >= 0) childCount[parent] = (childCount[parent] ?? 0) + 1
    else roots++
    if (row.label !== undefined) labels++
  }
  let branches = 0
  for (let i = 0; i < rows.length; i++) if (!childCount[i]) branches++
  return { branches, roots, labels }
}

/** SessionStats from its two halves. */
export function statsOf(tally: EntryTally, tree: TreeCounts): SessionStats {
  return {
    entries: tally.entries,
    messages: tally.messages,
    branches: tree.branches,
    roots: tree.roots,
    labels: tree.labels,
    compactions: tally.compactions,
    models: [...tally.models],
    usage: { ...tally.usage },
  }
}

/**
 * What live follow (grow.ts) keeps to extend an opened session by appended entries without
 * reading the rest of the file again.
 */
export interface FollowState {
  /** Tool calls by id (heads of tool result rows). */
  calls: Map<string, CallInfo>
  /** Row index of each file position. */
  rowOfPos: number[]
  /** Children per row index. */
  childCount: number[]
  tally: EntryTally
  tree: TreeCounts
  /** The first revision of this read of the file: older ones belong to an earlier read. */
  baseRevision: number
  /** Rows relabelled by appended label entries, with the revision that did it. */
  relabels: { revision: number; row: number; label: string | null }[]
}

/**
 * An opened session as main keeps it: the `session:open` reply plus every tree row (sent in
 * pages by `session:get-tree`) and the state live follow extends.
 */
export type OpenedSession = SessionOverview & { rows: TreeRow[]; follow: FollowState }

// Starts at the clock, so a view worker started again never hands out a number a renderer
// still holds from the one before it.
let lastRevision = Date.now()

/** A slot's opened session: its build, and the session once built. */
export interface OpenedMemo {
  built: Promise<OpenedSession>
  /**
   * The opened session, set in the task that added the entries appended during its build
   * (grow.ts `catchUp`): a growth before it extends only the loaded session, one after it
   * extends this too. Null while it is built.
   */
  view: OpenedSession | null
}

/** A revision number not handed out before in this process (nor by one before it). */
export function nextRevision(): number {
  return ++lastRevision
}

/** The `session:open` reply of an opened session (rows and follow state stay in main). */
export function overviewOf(opened: OpenedSession): SessionOverview {
  const { rows: _rows, follow: _follow, ...overview } = opened
  return overview
}

function finite(ms: number | undefined): number | null {
  return ms !== undefined && Number.isFinite(ms) ? ms : null
}

/**
 * What an opened session of the same load left for the next one to build on (pi started a new
 * branch): its rows and follow state, of the entries before `follow.rowOfPos.length`.
 */
export interface OpenedBefore {
  rows: readonly TreeRow[]
  follow: FollowState
}

/**
 * Tool calls and entry totals of `entries`, built on those of `before` (the entries it covers)
 * when given; `rowsBefore` says whether its rows' texts still hold (every text a fresh build
 * would make is the one before). They do not when a new entry repeats a tool call id, which
 * changes the text of a tool result before it: every row is then built anew.
 */
async function callsAndTally(
  entries: readonly SessionEntry[],
  before: OpenedBefore | null,
): Promise<{ calls: Map<string, CallInfo>; tally: EntryTally; rowsBefore: boolean }> {
  const from = before ? before.follow.rowOfPos.length : 0
  const calls = new Map<string, CallInfo>(before ? before.follow.calls : [])
  const tally = before ? copyTally(before.follow.tally) : emptyTally()
  const later = from > 0 ? entries.slice(from) : entries
  let replaced = false
  await forEachSliced(later, (entry) => {
    if (addCalls(calls, entry)) replaced = true
    tallyEntry(tally, entry)
  })
  return { calls, tally, rowsBefore: before !== null && !replaced }
}

/**
 * Opens a loaded session: the `session:open` facts, every tree row and the follow state, of
 * the entries loaded when it began (live follow may extend the session meanwhile: the caller
 * adds those entries, grow.ts `catchUp`).
 * @param id the library's opaque id of the session
 * @param fileName the file's base name (shown; never sent back)
 * @param before the opened session of this load before pi started a new branch: its rows'
 *   texts, tool calls and totals are built on, not made again
 */
export async function buildOverview(
  now: ViewSource,
  id: string,
  fileName: string,
  before: OpenedBefore | null = null,
): Promise<OpenedSession> {
  const source = snapshotOf(now)
  const { loaded, manager, listing, entries, leafPos } = source
  const seed = before !== null && before.follow.rowOfPos.length <= entries.length ? before : null
  const { calls, tally, rowsBefore } = await callsAndTally(entries, seed)
  const rows = await buildRows(source, calls, rowsBefore && seed ? seed.rows : [])
  await yieldNow()
  const rowOfPos: number[] = new Array<number>(entries.length).fill(-1)
  rows.forEach((row, index) => {
    if (row.pos >= 0) rowOfPos[row.pos] = index
  })
  const childCount: number[] = new Array<number>(rows.length).fill(0)
  const tree = treeCounts(rows, childCount)
  const revision = nextRevision()
  const header = loaded.header
  const leaf = leafPos >= 0 ? entries[leafPos] : undefined
  // The view opens every damaged file read-only (pi spec 16, 17), not only those pi
  // rejects.
  const damage = loaded.diagnostics.find(isDamage)
  const reason =
    manager.getReadOnlyReason() ??
    (header === null ? 'the file has no session header' : null) ??
    (damage ? damageReason(damage) : null)
  return {
    id,
    fileName,
    headerId: header ? String(header.id) : null,
    name: listing.name,
    firstMessage: listedFirstMessage(listing.firstMessage),
    cwd: typeof header?.cwd === 'string' && header.cwd !== '' ? header.cwd : null,
    created: listing.created,
    modified: finite(listingModified(listing, source.stamp.mtimeMs)),
    version: loaded.version,
    size: source.stamp.size,
    leafId: manager.getLeafId(),
    leafPos: leaf ? leafPos : null,
    resumeNote: resumeNote(source),
    rowCount: rows.length,
    revision,
    mtimeMs: source.stamp.mtimeMs,
    rows,
    diagnostics: loaded.diagnostics.map((d) => ({
      line: d.line,
      kind: d.kind,
      message: d.message,
      damage: isDamage(d),
      ...(d.entryId !== undefined ? { entryId: d.entryId } : {}),
    })),
    readOnly: reason !== null,
    readOnlyReason: reason,
    stats: statsOf(tally, tree),
    hasParent: typeof header?.parentSession === 'string' && header.parentSession !== '',
    follow: { calls, rowOfPos, childCount, tally, tree, baseRevision: revision, relabels: [] },
  }
}
