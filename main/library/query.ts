/**
 * Runs a session query over the library: scope, search, filters, sort (issue 4), with
 * pi's threaded order (pi spec 15.5: forks under their parent, siblings by the newest
 * activity in their subtree, as pi 1.6.0).
 */
import type { SessionQuery, SessionRow, SessionSummary } from '../../preload/contract/library'
import type { LibrarySession } from './record'
import { compileQuery, parseQuery, QueryError, searchSessions, type SearchHit } from './search'
import { SearchTimeout } from './search-run'
import { toSessionSummary, type Lineage } from './views'

/** A query's rows and counts (the contract's result without progress). */
export interface QueryOutcome {
  rows: SessionRow[]
  matched: number
  total: number
  queryError: string | null
}

function passesFilters(row: SessionSummary, q: SessionQuery): boolean {
  if (q.named && !row.name?.trim()) return false
  if (q.labeled && row.labelCount === 0) return false
  if (q.modifiedFrom !== null && row.modified < q.modifiedFrom) return false
  if (q.modifiedTo !== null && row.modified > q.modifiedTo) return false
  if (q.model !== null && !row.models.includes(q.model)) return false
  return true
}

const title = (r: SessionSummary) => (r.name ?? r.firstMessage).toLocaleLowerCase()

const COMPARE: Record<string, (a: SessionRow, b: SessionRow) => number> = {
  // Ties: file name descending, as pi 1.6.0's list (pi spec 15.2).
  recent: (a, b) => b.modified - a.modified || b.fileName.localeCompare(a.fileName),
  created: (a, b) => (b.created ?? 0) - (a.created ?? 0),
  name: (a, b) => title(a).localeCompare(title(b)),
  size: (a, b) => b.size - a.size,
  cost: (a, b) => b.cost - a.cost,
}

/** Threaded order: parents before their forks, iteratively (lineage can be deep). */
export function threaded(rows: SessionRow[]): SessionRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const children = new Map<string, SessionRow[]>()
  const roots: SessionRow[] = []
  for (const row of rows) {
    const parent = row.parentId ? byId.get(row.parentId) : undefined
    if (parent) children.set(parent.id, [...(children.get(parent.id) ?? []), row])
    else roots.push(row)
  }
  // Newest activity in each subtree, computed bottom-up without recursion.
  const newest = new Map<string, number>()
  const order: SessionRow[] = []
  const stack = [...roots]
  const seen = new Set<string>()
  while (stack.length > 0) {
    const row = stack.pop() as SessionRow
    if (seen.has(row.id)) continue
    seen.add(row.id)
    order.push(row)
    stack.push(...(children.get(row.id) ?? []))
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const row = order[i] as SessionRow
    const kids = children.get(row.id) ?? []
    newest.set(row.id, Math.max(row.modified, ...kids.map((k) => newest.get(k.id) ?? k.modified)))
  }
  const bySubtree = (a: SessionRow, b: SessionRow) =>
    (newest.get(b.id) ?? 0) - (newest.get(a.id) ?? 0)
  const out: SessionRow[] = []
  const walk: { row: SessionRow; depth: number }[] = roots
    .sort(bySubtree)
    .reverse()
    .map((row) => ({ row, depth: 0 }))
  const placed = new Set<string>()
  while (walk.length > 0) {
    const { row, depth } = walk.pop() as { row: SessionRow; depth: number }
    if (placed.has(row.id)) continue
    placed.add(row.id)
    out.push({ ...row, depth })
    const kids = [...(children.get(row.id) ?? [])].sort(bySubtree).reverse()
    for (const kid of kids) walk.push({ row: kid, depth: depth + 1 })
  }
  return out
}

/**
 * Runs `query` over `sessions`.
 * @param projectIdOf maps a record to its project id (for the scope)
 */
export function runQuery(
  sessions: readonly LibrarySession[],
  lineage: Lineage,
  query: SessionQuery,
  projectIdOf: (s: LibrarySession) => string,
): QueryOutcome {
  const inScope = sessions.filter(
    (s) => query.projectId === null || projectIdOf(s) === query.projectId,
  )
  let patterns: string[] = []
  let queryError: string | null = null
  try {
    patterns = compileQuery(parseQuery(query.text))
  } catch (error) {
    if (!(error instanceof QueryError)) throw error
    queryError = error.message
  }
  const candidates: { session: LibrarySession; row: SessionSummary }[] = []
  for (const session of inScope) {
    const row = toSessionSummary(session, lineage)
    if (passesFilters(row, query) && !queryError) candidates.push({ session, row })
  }
  let hits = new Map<string, SearchHit>()
  if (patterns.length > 0 && !queryError) {
    try {
      hits = searchSessions(
        candidates.map((c) => c.session),
        patterns,
      )
    } catch (error) {
      if (!(error instanceof SearchTimeout)) throw error
      queryError = error.message
    }
  }
  let rows: SessionRow[] = []
  for (const { session, row } of candidates) {
    const hit = hits.get(session.key)
    if (patterns.length > 0 && !hit) continue
    rows.push({
      ...row,
      depth: 0,
      snippet: hit?.snippet ?? null,
      matchEntryId: hit?.entryId ?? null,
    })
  }
  const searching = patterns.length > 0
  const byRecent = COMPARE.recent as (a: SessionRow, b: SessionRow) => number
  if (query.sort === 'threaded' && !searching) rows = threaded(rows.sort(byRecent))
  else if (query.sort === 'relevance' || (query.sort === 'threaded' && searching)) {
    rows.sort((a, b) => (hits.get(a.id)?.tier ?? 1) - (hits.get(b.id)?.tier ?? 1) || byRecent(a, b))
  } else rows.sort((a, b) => (COMPARE[query.sort] ?? byRecent)(a, b) || byRecent(a, b))
  return {
    rows: rows.slice(0, query.limit),
    matched: rows.length,
    total: inScope.length,
    queryError,
  }
}
