/**
 * Runs a session query over the library index: scope, filters and search in SQL and the
 * index, then the sort, then full rows for the requested page only, with pi's threaded
 * order (pi spec 15.5: forks under their parent, siblings by the newest activity in their
 * subtree, as pi 1.6.0).
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { SessionQuery, QueryRow } from '../../preload/contract/library'
import { rowsByNo } from './index-rows'
import { matchSessions, snippetOf, type SearchCandidate } from './index-search'
import { compileQuery, parseQuery, QueryError, type SearchPattern } from './search'
import { SearchTimeout } from './search-run'

/** A query's rows and counts (the contract's result without progress). */
export interface QueryOutcome {
  rows: QueryRow[]
  matched: number
  total: number
  queryError: string | null
}

/** What sorting and searching need of a session (the page's rows are read afterwards). */
interface Key extends SearchCandidate {
  key: string
  modified: number
  created: number | null
  size: number
  cost: number
  parentKey: string | null
  title: string
}

/** The SQL conditions of a query's scope and filters. */
function conditions(query: SessionQuery): {
  scope: string
  where: string
  params: Record<string, SQLInputValue>
} {
  const scope = query.projectId === null ? '1' : 'project_id = :project'
  const parts = [scope]
  if (query.named) parts.push('name IS NOT NULL')
  if (query.labeled) parts.push('label_count > 0')
  if (query.modifiedFrom !== null) parts.push('modified >= :since')
  if (query.modifiedTo !== null) parts.push('modified <= :until')
  if (query.model !== null)
    parts.push('EXISTS (SELECT 1 FROM json_each(models) WHERE value = :model)')
  const named: Record<string, SQLInputValue> = {}
  if (query.projectId !== null) named.project = query.projectId
  if (query.modifiedFrom !== null) named.since = query.modifiedFrom
  if (query.modifiedTo !== null) named.until = query.modifiedTo
  if (query.model !== null) named.model = query.model
  return { scope, where: parts.join(' AND '), params: named }
}

function keysOf(db: DatabaseSync, where: string, params: Record<string, SQLInputValue>): Key[] {
  return db
    .prepare(
      `SELECT no, key, name, header_id AS headerId, cwd, file_name AS fileName, modified, created,
        size, cost, parent_key AS parentKey, lower(coalesce(name, substr(first_message, 1, 400))) AS title
      FROM sessions WHERE ${where}`,
    )
    .all(params) as unknown as Key[]
}

const byRecent = (a: Key, b: Key) => b.modified - a.modified || b.fileName.localeCompare(a.fileName)

const COMPARE: Record<string, (a: Key, b: Key) => number> = {
  // Ties: file name descending, as pi 1.6.0's list (pi spec 15.2).
  recent: byRecent,
  created: (a, b) => (b.created ?? 0) - (a.created ?? 0),
  name: (a, b) => a.title.localeCompare(b.title),
  size: (a, b) => b.size - a.size,
  cost: (a, b) => b.cost - a.cost,
}

/** Threaded order: parents before their forks, iteratively (lineage can be deep). */
export function threaded(keys: Key[]): { key: Key; depth: number }[] {
  const byId = new Map(keys.map((k) => [k.key, k]))
  const children = new Map<string, Key[]>()
  const roots: Key[] = []
  for (const k of keys) {
    const parent = k.parentKey ? byId.get(k.parentKey) : undefined
    if (parent) children.set(parent.key, [...(children.get(parent.key) ?? []), k])
    else roots.push(k)
  }
  // Newest activity in each subtree, computed bottom-up without recursion.
  const order: Key[] = []
  const stack = [...roots]
  const seen = new Set<string>()
  while (stack.length > 0) {
    const k = stack.pop() as Key
    if (seen.has(k.key)) continue
    seen.add(k.key)
    order.push(k)
    stack.push(...(children.get(k.key) ?? []))
  }
  const newest = new Map<string, number>()
  for (let i = order.length - 1; i >= 0; i--) {
    const k = order[i] as Key
    const kids = children.get(k.key) ?? []
    newest.set(k.key, Math.max(k.modified, ...kids.map((c) => newest.get(c.key) ?? c.modified)))
  }
  const bySubtree = (a: Key, b: Key) => (newest.get(b.key) ?? 0) - (newest.get(a.key) ?? 0)
  const out: { key: Key; depth: number }[] = []
  const walk = roots
    .sort(bySubtree)
    .reverse()
    .map((key) => ({ key, depth: 0 }))
  const placed = new Set<string>()
  while (walk.length > 0) {
    const { key, depth } = walk.pop() as { key: Key; depth: number }
    if (placed.has(key.key)) continue
    placed.add(key.key)
    out.push({ key, depth })
    const kids = [...(children.get(key.key) ?? [])].sort(bySubtree).reverse()
    for (const kid of kids) walk.push({ key: kid, depth: depth + 1 })
  }
  return out
}

function compile(text: string): { patterns: SearchPattern[]; error: string | null } {
  try {
    return { patterns: compileQuery(parseQuery(text)), error: null }
  } catch (error) {
    if (!(error instanceof QueryError)) throw error
    return { patterns: [], error: error.message }
  }
}

/** A row's snippet; none when the pattern runs out of time on this row's texts. */
function snippetOrNone(db: DatabaseSync, key: Key, patterns: readonly SearchPattern[]) {
  try {
    return snippetOf(db, key, patterns)
  } catch (error) {
    if (error instanceof SearchTimeout) return null
    throw error
  }
}

/** The named parameters the scope alone uses (SQLite refuses unused names). */
function scopeParams(params: Record<string, SQLInputValue>): Record<string, SQLInputValue> {
  return params.project === undefined ? {} : { project: params.project }
}

/** Runs `query` over the index. */
export function runQuery(db: DatabaseSync, query: SessionQuery): QueryOutcome {
  const { scope, where, params } = conditions(query)
  const total = (
    db.prepare(`SELECT count(*) AS n FROM sessions WHERE ${scope}`).get(scopeParams(params)) as {
      n: number
    }
  ).n
  const { patterns, error } = compile(query.text)
  if (error) return { rows: [], matched: 0, total, queryError: error }
  let keys = keysOf(db, where, params)
  let tiers = new Map<number, number>()
  let queryError: string | null = null
  if (patterns.length > 0) {
    try {
      tiers = matchSessions(db, keys, patterns)
    } catch (e) {
      if (!(e instanceof SearchTimeout)) throw e
      queryError = e.message
    }
    keys = keys.filter((k) => tiers.has(k.no))
  }
  const searching = patterns.length > 0
  let ordered: { key: Key; depth: number }[]
  if (query.sort === 'threaded' && !searching) ordered = threaded(keys.sort(byRecent))
  else {
    if (query.sort === 'relevance' || (query.sort === 'threaded' && searching)) {
      keys.sort((a, b) => (tiers.get(a.no) ?? 1) - (tiers.get(b.no) ?? 1) || byRecent(a, b))
    } else keys.sort((a, b) => (COMPARE[query.sort] ?? byRecent)(a, b) || byRecent(a, b))
    ordered = keys.map((key) => ({ key, depth: 0 }))
  }
  const page = ordered.slice(0, query.limit)
  const summaries = rowsByNo(
    db,
    page.map((p) => p.key.no),
  )
  const rows: QueryRow[] = summaries.map((summary, i) => {
    const { key, depth } = page[i] as { key: Key; depth: number }
    const hit = searching && !queryError ? snippetOrNone(db, key, patterns) : null
    return { ...summary, depth, snippet: hit?.snippet ?? null, matchEntryId: hit?.entryId ?? null }
  })
  return { rows, matched: ordered.length, total, queryError }
}
