/**
 * Full-text search over the library, with pi's query forms (pi spec 15.5): whitespace
 * separated tokens that must all match, `"exact phrases"` (an unbalanced quote makes
 * plain tokens), and `re:<pattern>` for a case-insensitive regular expression. Matching is
 * by case-insensitive substring, as pi 1.6.0 matches messages, ids and cwds; a session name
 * match ranks first (pi 1.6.0's first tier).
 */
import type { LibrarySession } from './record'

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

/** Compiles a parsed query into case-insensitive matchers (one per term). */
export function compileQuery(query: ParsedQuery): RegExp[] {
  if (query.kind === 'empty') return []
  if (query.kind === 'regex') return [query.regex]
  return query.terms.map((term) => new RegExp(escapeRegExp(term), 'i'))
}

const SNIPPET_RADIUS = 70

/** Text around a match: `…before match after…` on one line. */
export function snippetAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - SNIPPET_RADIUS)
  const end = Math.min(text.length, index + length + SNIPPET_RADIUS)
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
}

/**
 * Matches one session against compiled matchers: every matcher must match the name, the
 * session id, the cwd or one of its user/assistant messages. Returns null on no match.
 */
export function searchSession(session: LibrarySession, matchers: RegExp[]): SearchHit | null {
  const d = session.digest
  if (!d) return null
  const name = d.name ?? ''
  const meta = `${d.sessionId ?? ''}\n${d.cwd}\n${session.fileName}`
  let inName = 0
  let first: SearchHit | null = null
  for (const matcher of matchers) {
    if (matcher.test(name)) {
      inName += 1
      continue
    }
    let found = matcher.test(meta)
    for (const segment of d.texts) {
      const m = matcher.exec(segment.text)
      if (!m) continue
      found = true
      first ??= {
        tier: 1,
        entryId: segment.entryId,
        snippet: snippetAround(segment.text, m.index, m[0].length),
      }
      break
    }
    if (!found) return null
  }
  const tier = inName === matchers.length ? 0 : 1
  return first ? { ...first, tier } : { tier, entryId: null, snippet: null }
}
