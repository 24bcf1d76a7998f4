/**
 * Full-text search over the library, with pi's query forms (pi spec 15.5): whitespace
 * separated tokens that must all match, `"exact phrases"` (an unbalanced quote makes
 * plain tokens), and `re:<pattern>` for a case-insensitive regular expression. Matching is
 * by case-insensitive substring, as pi 1.6.0 matches messages, ids and cwds; a session name
 * match ranks first (pi 1.6.0's first tier).
 */
import type { LibrarySession } from './record'
import { runSearch, type SearchDoc } from './search-run'

/** A parsed search text. */
export type ParsedQuery =
  { kind: 'empty' } | { kind: 'regex'; regex: RegExp } | { kind: 'terms'; terms: string[] }

/** The search text could not be used (e.g. an invalid regular expression). */
export class QueryError extends Error {}

/**
 * Parses a search text.
 * @throws QueryError when `re:` is followed by an invalid or empty pattern
 */
export function parseQuery(text: string): ParsedQuery {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  if (trimmed.startsWith('re:')) {
    const pattern = trimmed.slice(3)
    if (pattern === '') throw new QueryError('re: needs a pattern after it')
    try {
      return { kind: 'regex', regex: new RegExp(pattern, 'i') }
    } catch (error) {
      throw new QueryError(`Invalid regular expression: ${(error as Error).message}`)
    }
  }
  const terms: string[] = []
  const quotes = (trimmed.match(/"/g) ?? []).length
  if (quotes >= 2) {
    // Balanced pairs become phrases; a last unpaired quote is kept as plain text.
    const re = /"([^"]*)"|(\S+)/g
    for (let m = re.exec(trimmed); m; m = re.exec(trimmed)) {
      const term = (m[1] ?? m[2] ?? '').trim()
      if (term) terms.push(term)
    }
  } else {
    terms.push(...trimmed.split(/\s+/).filter(Boolean))
  }
  return { kind: 'terms', terms }
}

/** Where and how well a session matched. */
export interface SearchHit {
  /** 0 = every term in the name (pi 1.6.0's first tier), 1 = elsewhere. */
  tier: number
  snippet: string | null
  entryId: string | null
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The patterns of a parsed query, each matched case-insensitively: the regex of a `re:`
 * query, else one escaped literal per term (which cannot backtrack).
 */
export function compileQuery(query: ParsedQuery): string[] {
  if (query.kind === 'empty') return []
  if (query.kind === 'regex') return [query.regex.source]
  return query.terms.map(escapeRegExp)
}

/** Characters of context on each side of a match in a snippet. */
export const SNIPPET_RADIUS = 70

/** A search's time limit: a `re:` pattern that backtracks for longer is stopped. */
export const SEARCH_TIMEOUT_MS = 2000

/**
 * Finds the sessions matching every pattern in their name, session id, cwd, file name or
 * one of their user/assistant messages, with the first message match as snippet and
 * jump target (pi 1.6.0: a match in the name ranks first).
 * @throws SearchTimeout when the search takes longer than SEARCH_TIMEOUT_MS
 */
export function searchSessions(
  sessions: readonly LibrarySession[],
  patterns: string[],
): Map<string, SearchHit> {
  const docs: SearchDoc[] = sessions.map((s) => ({
    name: s.digest?.name ?? '',
    meta: `${s.digest?.sessionId ?? ''}\n${s.digest?.cwd ?? ''}\n${s.fileName}`,
    texts: s.digest?.texts ?? [],
  }))
  const hits = new Map<string, SearchHit>()
  for (const [index, tier, entryId, snippet] of runSearch(
    docs,
    patterns,
    SNIPPET_RADIUS,
    SEARCH_TIMEOUT_MS,
  )) {
    const session = sessions[index]
    if (session?.digest) hits.set(session.key, { tier, entryId, snippet })
  }
  return hits
}
