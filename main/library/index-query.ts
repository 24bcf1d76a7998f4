/**
 * Runs a session query over the library index: scope, filters and search in SQL and the
 * index, then the sort, then full rows for the requested page only, with pi's threaded
 * order (pi spec 15.5: forks under their parent, siblings by the newest activity in their
 * subtree, as pi 1.6.0).
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import {
  CLEARED_FILTERS,
  SearchScope,
  type SessionQuery,
  type QueryRow,
} from '../../preload/contract/library'
import { rowsByNo } from './index-rows'
import { matchSessions, snippetOf, type SearchCandidate } from './index-search'
import { compileQuery, parseQuery, QueryError, type SearchPattern } from './search'
import { SearchTimeout } from './search-run'
import { ARCHIVED_SQL, markParams, STARRED_SQL, type RowMarks } from './marks'

/** A query's rows and counts (the contract's result without progress). */
export interface QueryOutcome {
  rows: QueryRow[]
  matched: number
  total: number
  queryError: string | null
  /** The search's patterns as case-insensitive regex sources (contract SessionQueryResult). */
  searchPatterns: string[]
  /** When nothing matched and filters are set: the matches the filters hid (else null). */
  hiddenByFilters: number | null
}

/** What sorting and searching need of a session (the page's rows are read afterwards). */
export interface Key extends SearchCandidate {
  key: string
  modified: number
  created: number | null
  size: number
  cost: number
  parentKey: string | null
  title: string
  /** 1 when starred (SQLite's boolean). */
  starred: number
  /** 1 when the session needs attention ({@link ATTENTION_SQL}). */
  attention: number
}

/**
 * The query with its filters cleared: scope (project, starred and archived views), search
 * and sort kept. What the empty list compares with to say how many matches the filters hid.
 */
export function withoutFilters(query: SessionQuery): SessionQuery {
  return { ...query, ...CLEARED_FILTERS }
}

/** True when `query` sets any filter (contract CLEARED_FILTERS). */
export function hasFilters(query: SessionQuery): boolean {
  return (Object.keys(CLEARED_FILTERS) as (keyof typeof CLEARED_FILTERS)[]).some(
    (k) => query[k] !== CLEARED_FILTERS[k],
  )
}

/**
 * Needs attention (contract QueryRow `attention`): pi's list would not show the file (no
 * readable header, pi spec 6.2), or it holds no user message (what pi leaves behind).
 */
const ATTENTION_SQL = '(listed_by_pi = 0 OR user_message_count = 0)'

/** The SQL conditions of a query's scope and filters (the marks are always bound). */
function conditions(
  query: SessionQuery,
  marks: RowMarks,
): {
  scope: string
  where: string
  params: Record<string, SQLInputValue>
} {
  const scope = query.projectId === null ? '1' : 'project_id = :project'
  const parts = [scope]
  const named: Record<string, SQLInputValue> = { ...markParams(marks) }
  const bind = (condition: string, name: string, value: SQLInputValue | null) => {
    if (value === null) return
    parts.push(condition)
    named[name] = value
  }
  if (query.named) parts.push('name IS NOT NULL')
  if (query.labeled) parts.push('label_count > 0')
  // Empty: a readable file without a user message (what pi leaves behind); a file that
  // cannot be read at all is not known to be empty (the damaged filter finds it).
  if (query.empty) parts.push("user_message_count = 0 AND status != 'unreadable'")
  if (query.damaged) parts.push("status != 'ok'")
  if (query.withImages) parts.push('image_count > 0')
  if (query.starred === 'only') parts.push(STARRED_SQL)
  if (query.starred === 'none') parts.push(`NOT ${STARRED_SQL}`)
  if (query.archived === 'only') parts.push(ARCHIVED_SQL)
  if (query.archived === 'none') parts.push(`NOT ${ARCHIVED_SQL}`)
  if (query.projectId !== null) named.project = query.projectId
  bind('modified >= :since', 'since', query.modifiedFrom)
  bind('modified <= :until', 'until', query.modifiedTo)
  bind('modified < :before', 'before', query.olderThan)
  bind('size >= :minSize', 'minSize', query.minSize)
  bind('EXISTS (SELECT 1 FROM json_each(models) WHERE value = :model)', 'model', query.model)
  return { scope, where: parts.join(' AND '), params: named }
}

function keysOf(db: DatabaseSync, where: string, params: Record<string, SQLInputValue>): Key[] {
  return db
    .prepare(
      `SELECT no, key, name, header_id AS headerId, cwd, file_name AS fileName, modified, created,
        size, cost, parent_key AS parentKey, lower(coalesce(name, substr(first_message, 1, 400))) AS title,
        ${STARRED_SQL} AS starred, ${ARCHIVED_SQL} AS archived, ${ATTENTION_SQL} AS attention
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
    if (!parent) roots.push(k)
    else if (children.has(parent.key)) children.get(parent.key)?.push(k)
    else children.set(parent.key, [k])
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
function snippetOrNone(
  db: DatabaseSync,
  key: Key,
  patterns: readonly SearchPattern[],
  scopes: readonly SearchScope[],
) {
  try {
    return snippetOf(db, key, patterns, scopes)
  } catch (error) {
    if (error instanceof SearchTimeout) return null
    throw error
  }
}

/** The named parameters the scope alone uses (SQLite refuses unused names). */
function scopeParams(params: Record<string, SQLInputValue>): Record<string, SQLInputValue> {
  return params.project === undefined ? {} : { project: params.project }
}

/** The sessions a query matches, in its order, with the counts of its outcome. */
export interface MatchedKeys {
  ordered: { key: Key; depth: number }[]
  total: number
  queryError: string | null
  /** Search patterns (empty when the query has no text), for snippets. */
  patterns: SearchPattern[]
  /** The kinds of text searched, pi's scope first. */
  scopes: SearchScope[]
}

/**
 * Every session `query` matches (its scope, filters and search), in the query's order; the
 * `limit` is not applied.
 */
export function matchKeys(db: DatabaseSync, query: SessionQuery, marks: RowMarks): MatchedKeys {
  const { scope, where, params } = conditions(query, marks)
  const total = (
    db.prepare(`SELECT count(*) AS n FROM sessions WHERE ${scope}`).get(scopeParams(params)) as {
      n: number
    }
  ).n
  const { patterns, error } = compile(query.text)
  const scopes = SearchScope.options.filter((s) => query.scopes.includes(s))
  if (error) return { ordered: [], total, queryError: error, patterns, scopes }
  let keys = keysOf(db, where, params)
  let tiers = new Map<number, number>()
  let queryError: string | null = null
  if (patterns.length > 0) {
    try {
      tiers = matchSessions(db, keys, patterns, scopes)
    } catch (e) {
      if (!(e instanceof SearchTimeout)) throw e
      queryError = e.message
    }
    keys = keys.filter((k) => tiers.has(k.no))
  }
  const searching = patterns.length > 0
  // Sessions needing attention after the others: each group sorted (and threaded) alone.
  let ordered: { key: Key; depth: number }[]
  if (query.attentionLast) {
    const healthy = keys.filter((k) => k.attention !== 1)
    const attention = keys.filter((k) => k.attention === 1)
    const order = (group: Key[]) => orderKeys(group, query.sort, searching, tiers)
    ordered = [...order(healthy), ...order(attention)]
  } else ordered = orderKeys(keys, query.sort, searching, tiers)
  // Starred first: a stable split, flat (a fork may leave its parent's thread).
  if (query.starredFirst)
    ordered = [
      ...ordered.filter((o) => o.key.starred === 1),
      ...ordered.filter((o) => o.key.starred !== 1),
    ].map((o) => ({ key: o.key, depth: 0 }))
  return { ordered, total, queryError, patterns, scopes }
}

/** `keys` in the order of `sort` (relevance tiers first when searching), with thread depths. */
function orderKeys(
  keys: Key[],
  sort: SessionQuery['sort'],
  searching: boolean,
  tiers: ReadonlyMap<number, number>,
): { key: Key; depth: number }[] {
  let ordered: { key: Key; depth: number }[]
  if (sort === 'threaded' && !searching) ordered = threaded(keys.sort(byRecent))
  else {
    if (sort === 'relevance' || (sort === 'threaded' && searching)) {
      keys.sort((a, b) => (tiers.get(a.no) ?? 1) - (tiers.get(b.no) ?? 1) || byRecent(a, b))
    } else keys.sort((a, b) => (COMPARE[sort] ?? byRecent)(a, b) || byRecent(a, b))
    ordered = keys.map((key) => ({ key, depth: 0 }))
  }
  return ordered
}

/**
 * Runs `query` over the index: its first `limit` rows, with snippets when it searches, and
 * when nothing matched under filters, how many the search alone matches.
 */
export function runQuery(db: DatabaseSync, query: SessionQuery, marks: RowMarks): QueryOutcome {
  const { ordered, total, queryError, patterns, scopes } = matchKeys(db, query, marks)
  const searchPatterns = patterns.map((p) => p.source)
  const hiddenByFilters =
    ordered.length === 0 && !queryError && hasFilters(query)
      ? matchKeys(db, withoutFilters(query), marks).ordered.length
      : null
  if (queryError && patterns.length === 0)
    return { rows: [], matched: 0, total, queryError, searchPatterns, hiddenByFilters }
  const searching = patterns.length > 0
  const page = ordered.slice(0, query.limit)
  const summaries = rowsByNo(
    db,
    page.map((p) => p.key.no),
    marks,
  )
  const rows: QueryRow[] = summaries.map((summary, i) => {
    const { key, depth } = page[i] as { key: Key; depth: number }
    const hit = searching && !queryError ? snippetOrNone(db, key, patterns, scopes) : null
    return {
      ...summary,
      depth,
      snippet: hit?.snippet ?? null,
      matchEntryId: hit?.entryId ?? null,
      attention: key.attention === 1,
    }
  })
  return { rows, matched: ordered.length, total, queryError, searchPatterns, hiddenByFilters }
}
