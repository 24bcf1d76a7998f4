/**
 * Whole-file checks of the entry graph: duplicate ids, dangling parents and parentId cycles
 * (pi spec 8, 9, 16). Linear time, no recursion.
 */
import { lastIndexById } from './tree.js'
import type { Diagnostic, DiagnosticKind, SessionEntry } from './types.js'

/**
 * Reports, in file order of discovery:
 * - `duplicate-id`: a later entry reuses an id (pi: the later one wins in the index),
 * - `dangling-parent`: `parentId` names no entry (pi: the entry becomes a root),
 * - `cycle`: following `parentId` returns to an entry already on the walk, including an entry
 *   that is its own parent (pi: `getBranch` and context building never return).
 * `lines[i]` is the physical line of `entries[i]`. Parent links resolve like pi's index: to the
 * last entry with that id.
 */
export function diagnoseGraph(
  entries: readonly SessionEntry[],
  lines: readonly number[],
  lastIndex: ReadonlyMap<string, number> = lastIndexById(entries),
): Diagnostic[] {
  const out: Diagnostic[] = []
  // Previous position of ids that occur more than once (kept small: only twins enter it).
  const previousOf = new Map<string, number>()
  for (let i = 0; i < entries.length; i++) {
    const id = (entries[i] as SessionEntry).id
    if (typeof id !== 'string') continue
    const previous = previousOf.get(id)
    if (previous !== undefined) {
      out.push({
        line: lines[i] ?? 0,
        kind: 'duplicate-id',
        message: `id ${id} already used on line ${lines[previous] ?? 0}; this later entry wins`,
        entryId: id,
      })
    }
    if (lastIndex.get(id) !== i || previous !== undefined) previousOf.set(id, i)
  }
  let forward = false
  for (let i = 0; i < entries.length; i++) {
    const { id, parentId } = entries[i] as SessionEntry
    if (typeof parentId !== 'string') continue
    const p = lastIndex.get(parentId)
    // Append-only writers always name an earlier parent; only a later (or own) one can cycle.
    if (p !== undefined && p >= i) forward = true
    if (parentId !== id && p === undefined) {
      out.push({
        line: lines[i] ?? 0,
        kind: 'dangling-parent',
        message: `parent ${parentId} does not exist; shown as a root`,
        entryId: typeof id === 'string' ? id : undefined,
      })
    }
  }
  for (const cycle of forward ? findCycles(entries, lastIndex) : []) {
    const first = cycle.reduce((a, b) => (b < a ? b : a))
    const ids = cycle.map((i) => String((entries[i] as SessionEntry).id))
    out.push({
      line: lines[first] ?? 0,
      kind: 'cycle',
      message: `parentId cycle${cycleIds(ids)} (pi never returns from such a branch)`,
      entryId: (entries[first] as SessionEntry).id,
    })
  }
  return out
}

/** Ids a cycle's message names, at most: a cycle of 20,000 entries spelled out filled the window. */
const CYCLE_IDS_SHOWN = 6

/**
 * The ids on a cycle, in walk order, for its message: every id of a short cycle (": a -> b"),
 * else the count and the first and last three (" of 20,000 entries: a -> b -> c -> … -> x -> y
 * -> z").
 */
function cycleIds(ids: readonly string[]): string {
  if (ids.length <= CYCLE_IDS_SHOWN) return `: ${ids.join(' -> ')}`
  const half = CYCLE_IDS_SHOWN / 2
  const shown = [...ids.slice(0, half), '…', ...ids.slice(-half)]
  return ` of ${ids.length.toLocaleString('en-US')} entries: ${shown.join(' -> ')}`
}

/**
 * Returns each parentId cycle as the list of entry positions on it (walk order). Every
 * position is visited once: state 1 = on the current walk, 2 = finished.
 */
export function findCycles(
  entries: readonly SessionEntry[],
  lastIndex: ReadonlyMap<string, number>,
): number[][] {
  const state = new Uint8Array(entries.length)
  const cycles: number[][] = []
  const walk: number[] = []
  for (let start = 0; start < entries.length; start++) {
    if (state[start] !== 0) continue
    // Only the index winner of an id is reachable through parent links; walk from it.
    let i: number | undefined = start
    while (i !== undefined && state[i] === 0) {
      state[i] = 1
      walk.push(i)
      const parentId: unknown = (entries[i] as SessionEntry).parentId
      i = typeof parentId === 'string' ? lastIndex.get(parentId) : undefined
    }
    if (i !== undefined && state[i] === 1) {
      cycles.push(walk.slice(walk.indexOf(i)))
    }
    for (const w of walk) state[w] = 2
    walk.length = 0
  }
  return cycles
}

/** Kinds that are findings but not damage (see {@link isDamage}). */
const NOT_DAMAGE: ReadonlySet<DiagnosticKind> = new Set(['unknown-type', 'not-utf8'])

/**
 * Whether a finding is damage, which the library lists as such and the view opens read-only
 * (pi spec 16, 17). Two kinds are not: an entry type we do not know (pi and its extensions
 * write such entries on purpose), and bytes that are not UTF-8 (every entry is still there,
 * read as pi reads it, and appending to the file keeps those bytes).
 */
export function isDamage(d: Diagnostic): boolean {
  return !NOT_DAMAGE.has(d.kind)
}

/**
 * Why a damaged file is read-only, in words for a person (pi spec 16): the diagnostic's own
 * message, after the line it is on when it has one ("line 4: last line is incomplete (no
 * newline, bad JSON)"). Line 0 means the file as a whole (no header at all).
 */
export function damageReason(d: Diagnostic): string {
  return d.line > 0 ? `line ${d.line}: ${d.message}` : d.message
}
