/**
 * `session:get-path`: resolves the selected entry, plans its path once per file load, and
 * returns one window of it, bounded by item count and by size (a 100 MB session never travels
 * in one response).
 */
import { ApiError } from '../../../preload/contract/errors'
import type { PathItem, PathPage } from '../../../preload/contract/session-view'
import { branchLeaf } from './branch'
import { memoize } from './cache'
import { cutItem } from './cut-text'
import { itemSize, toPathItem } from './items'
import { extendPlan, planPath, type PathPlan } from './path'
import type { SessionEntry, ViewSource } from './source'

/** Items per page when the caller does not say. */
export const DEFAULT_LIMIT = 100
/**
 * A page stops growing after this many characters of content (at least one item); the caller
 * asks again from the first item it did not get.
 */
export const PAGE_BUDGET = 4_000_000

/** What `session:get-path` asks for (already validated by the contract). */
export interface PathRequest {
  entryId?: string
  position?: number
  raw?: boolean
  offset?: number
  limit?: number
  /** Show the whole branch through the entry (to its leaf, branch.ts), the page around it. */
  branch?: boolean
  /** Long texts sent whole, not cut (cut-text.ts). */
  whole?: boolean
}

/**
 * The entry a request names: `position` wins when it holds an entry with that id (or any entry
 * when no id is given); otherwise pi's index winner for the id.
 * @throws ApiError `not_found` when nothing matches
 */
export function resolveTarget(source: ViewSource, req: PathRequest): SessionEntry {
  if (req.position !== undefined) {
    const at = source.entries[req.position]
    if (at && (req.entryId === undefined || at.id === req.entryId)) return at
  }
  const byId = req.entryId !== undefined ? source.byId.get(req.entryId) : undefined
  if (byId) return byId
  throw new ApiError(
    'not_found',
    `No entry ${req.entryId ?? `at position ${req.position}`} in this session`,
  )
}

/** Planned ancestors looked for when a path grew at its end (live follow), at most. */
const EXTEND_MAX = 10_000

const planKey = (source: ViewSource, entry: SessionEntry, raw: boolean) =>
  `plan:${source.posOf.get(entry) ?? -1}:${raw}`

/**
 * The plan of the path to `target`: an already planned ancestor's plan extended by the
 * entries after it (what live follow asks for after each append), else planned whole.
 */
function planOf(
  source: ViewSource,
  memo: Map<string, unknown>,
  target: SessionEntry,
  raw: boolean,
): Promise<PathPlan> {
  const added: SessionEntry[] = []
  let at: SessionEntry | undefined = target
  for (let i = 0; at !== undefined && i < EXTEND_MAX; i++) {
    const base =
      at === target
        ? undefined
        : (memo.get(planKey(source, at, raw)) as Promise<PathPlan> | undefined)
    if (base) {
      const path = added.reverse()
      return base.then((b) => extendPlan(source, b, path, target) ?? planPath(source, target, raw))
    }
    added.push(at)
    const parentId: unknown = at.parentId
    at = typeof parentId === 'string' ? source.byId.get(parentId) : undefined
  }
  return planPath(source, target, raw)
}

/** The plan of the path to `target`, memoized per loaded file (the pages share it). */
export function plannedPath(
  source: ViewSource,
  memo: Map<string, unknown>,
  target: SessionEntry,
  raw: boolean,
): Promise<PathPlan> {
  return memoize(memo, planKey(source, target, raw), () => planOf(source, memo, target, raw), 6)
}

/** Builds one page of the path (plans are memoized per loaded file). */
export async function pathPage(
  source: ViewSource,
  memo: Map<string, unknown>,
  req: PathRequest,
): Promise<PathPage> {
  const named = resolveTarget(source, req)
  const target = req.branch === true ? branchLeaf(source, named) : named
  const raw = req.raw === true
  const pos = source.posOf.get(target) ?? -1
  const plan = await plannedPath(source, memo, target, raw)
  const total = plan.items.length
  const limit = req.limit ?? DEFAULT_LIMIT
  const focusIndex = req.branch === true ? indexOf(plan, source.posOf.get(named) ?? -1) : null
  const itemAt = (i: number) => {
    const item = toPathItem(source, plan, plan.items[i] as PathPlan['items'][number])
    return req.whole === true ? item : cutItem(item)
  }
  let offset: number
  let items: PathItem[]
  if (req.offset === undefined && focusIndex === null) {
    // The end of the path, which the reader sees first: the page ends there and reaches back
    // as far as the limit and the size budget allow.
    items = []
    let size = 0
    offset = total
    while (offset > Math.max(0, total - limit) && size < PAGE_BUDGET) {
      const item = itemAt(--offset)
      items.push(item)
      size += itemSize(item)
    }
    items.reverse()
  } else {
    // From the offset asked for, or from the window around the named entry of a branch.
    const start = focusIndex !== null ? focusIndex - Math.floor(limit / 2) : 0
    offset = Math.min(req.offset ?? Math.max(0, start), total)
    items = []
    let size = 0
    for (let i = offset; i < Math.min(total, offset + limit) && size < PAGE_BUDGET; i++) {
      const item = itemAt(i)
      items.push(item)
      size += itemSize(item)
    }
  }
  return {
    targetId: typeof target.id === 'string' ? target.id : '',
    targetPos: pos,
    raw,
    total,
    offset,
    items,
    compactedAway: plan.compactedAway,
    contextMessages: plan.contextMessages,
    thinkingLevel: plan.thinkingLevel,
    model: plan.model,
    ...(req.branch === true ? { focusIndex } : {}),
  }
}

/** Index in the planned path of the entry at file position `pos`; null when not on it. */
function indexOf(plan: PathPlan, pos: number): number | null {
  const index = plan.items.findIndex((item) => item.pos === pos)
  return index < 0 ? null : index
}
