/**
 * Search queries over the library, with pi's query forms (pi spec 15.5): whitespace
 * separated tokens that must all match, `"exact phrases"` (an unbalanced quote makes
 * plain tokens), and `re:<pattern>` for a case-insensitive regular expression. Matching is
 * by case-insensitive substring, as pi 1.6.0 matches messages, ids and cwds; a session name
 * match ranks first (pi 1.6.0's first tier).
 */
import { describeRegexError } from '../plain-errors'

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
    if (pattern === '') throw new QueryError('A regex search needs a pattern after "re:"')
    try {
      return { kind: 'regex', regex: new RegExp(pattern, 'i') }
    } catch (error) {
      throw new QueryError(describeRegexError(error))
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

/** One pattern of a query, with what the full-text index can use to narrow it. */
export interface SearchPattern {
  /** Case-insensitive regular expression source: the truth every match is checked against. */
  source: string
  /**
   * Substrings every match must contain (3 characters or more: the trigram index needs
   * them); empty when the index cannot narrow the pattern and the texts are scanned.
   */
  required: string[]
  /** True when a text contains `required[0]` exactly when it matches (a plain term). */
  exact: boolean
}

/**
 * The patterns of a parsed query, each matched case-insensitively: the regex of a `re:`
 * query, else one escaped literal per term (which cannot backtrack).
 */
export function compileQuery(query: ParsedQuery): SearchPattern[] {
  if (query.kind === 'empty') return []
  if (query.kind === 'regex') {
    const source = query.regex.source
    return [{ source, required: requiredLiterals(source), exact: false }]
  }
  return query.terms.map((term) => {
    const usable = usableLiteral(term)
    return { source: escapeRegExp(term), required: usable ? [term] : [], exact: usable }
  })
}

/**
 * Whether the trigram index can look `literal` up: 3 characters or more, and no U+0000
 * (an FTS5 query string ends at one), so such a text is scanned instead.
 */
function usableLiteral(literal: string): boolean {
  return [...literal].length >= 3 && !literal.includes('\u0000')
}

const CLASS_ESCAPES = new Set([...'dDwWsSbBnrtfv0123456789uxckpP'])

/**
 * Literal runs of 3 characters or more that every match of a regular expression contains;
 * conservative: groups, classes, alternations and escapes such as \s end a run, and an
 * optional character is dropped from it. Empty when nothing is certain (e.g. a top-level
 * `|`).
 */
export function requiredLiterals(source: string): string[] {
  const runs: string[] = []
  let run = ''
  const end = () => {
    if (usableLiteral(run)) runs.push(run)
    run = ''
  }
  let depth = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string
    if (c === '\\') {
      const next = source[i + 1] ?? ''
      i += 1
      if (depth > 0) continue
      if (CLASS_ESCAPES.has(next)) end()
      else run += next
      continue
    }
    if (c === '[') {
      // Skip the class (escapes inside it included).
      for (i += 1; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i += 1
      if (depth === 0) end()
      continue
    }
    if (c === '(') {
      depth += 1
      if (depth === 1) end()
      continue
    }
    if (c === ')') {
      depth = Math.max(0, depth - 1)
      continue
    }
    if (depth > 0) continue
    if (c === '|') return []
    if (c === '{') {
      // A counted repeat: `{0,…}` makes the character before it optional.
      if (source[i + 1] === '0') run = run.slice(0, -1)
      while (i < source.length && source[i] !== '}') i += 1
      end()
      continue
    }
    if (c === '*' || c === '?') {
      run = run.slice(0, -1)
      end()
      continue
    }
    if (c === '+' || c === '.' || c === '^' || c === '$') {
      end()
      continue
    }
    run += c
  }
  end()
  return runs
}

/** Characters of context on each side of a match in a snippet. */
export const SNIPPET_RADIUS = 70

/** A search's time limit: a `re:` pattern that backtracks for longer is stopped. */
export const SEARCH_TIMEOUT_MS = 2000
