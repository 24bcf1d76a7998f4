/**
 * Search over the library index with pi's semantics (pi spec 15.5, as pi 1.6.0 matches):
 * every pattern must match, case-insensitively, the session name, its id or cwd (not the file
 * name, which pi does not search: `jsonl`, `_` or a date would match every session; a file
 * without a header id, which pi does not list, is found by its file name instead),
 * or one of its texts of the kinds searched (pi's own: user/assistant texts; search-texts.ts
 * for the others); a name match ranks first. The trigram index finds the
 * sessions whose texts hold a term's substring; a `re:` pattern is narrowed by the literals
 * it must contain and checked by the real regular expression, and one without any is checked
 * against every text, all inside the time-limited matcher (search-run.ts).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { SearchScope } from '../../preload/contract/library'
import { KIND_BITS, KIND_NUMBERS, readChunks, SEPARATOR, SESSION_BITS } from './index-chunks'
import { SEARCH_TIMEOUT_MS, SNIPPET_RADIUS, type SearchHit, type SearchPattern } from './search'
import { firstMatches } from './search-run'

/** What a session offers to the search besides its texts. */
export interface SearchCandidate {
  no: number
  name: string | null
  headerId: string | null
  cwd: string | null
  fileName: string
}

/** Sessions scanned per matcher call when a pattern cannot use the index. */
const SCAN_BATCH = 64

/** The FTS5 query for substrings that must all be present. */
function ftsQuery(required: readonly string[]): string {
  return required.map((text) => `"${text.replaceAll('"', '""')}"`).join(' AND ')
}

/**
 * Sessions with a chunk of the `scopes` kinds that holds every `required` substring (or may:
 * not verified).
 */
function indexedSessions(
  db: DatabaseSync,
  required: readonly string[],
  scopes: readonly SearchScope[],
): Set<number> {
  // The session of a chunk is its rowid's high bits, its kind the two bits below them
  // (index-chunks.ts `chunkRange`); pi's messages and the other kinds have a table each.
  const others = scopes.filter((scope) => scope !== 'messages')
  const parts: string[] = []
  if (scopes.includes('messages'))
    parts.push(`SELECT rowid >> ${SESSION_BITS} AS no FROM message_fts WHERE message_fts MATCH :q`)
  if (others.length > 0) {
    const kinds = others.map((scope) => KIND_NUMBERS[scope]).join(', ')
    parts.push(
      `SELECT rowid >> ${SESSION_BITS} AS no FROM other_fts WHERE other_fts MATCH :q
        AND ((rowid >> ${KIND_BITS}) & 3) IN (${kinds})`,
    )
  }
  if (parts.length === 0) return new Set()
  const rows = db
    .prepare(`SELECT DISTINCT no FROM (${parts.join(' UNION ALL ')})`)
    .all({ q: ftsQuery(required) }) as { no: number }[]
  return new Set(rows.map((row) => row.no))
}

/**
 * The chunks of session `no` of each of the `scopes` kinds (in that order), each kind's in
 * file order, each as its texts and the entry of each. Lazy: a caller that stops early reads
 * no more. (A range query on the full-text index costs more than reading a session's chunks
 * in order: a snippet is usually in its first chunk.)
 */
function* sessionChunks(
  db: DatabaseSync,
  no: number,
  scopes: readonly SearchScope[],
): Generator<{ texts: string[]; segments: string }> {
  for (const scope of scopes) {
    const rows = readChunks(db, no, scope)
    // Texts never hold the separator (index-chunks.ts), so splitting gives them back exactly.
    for (const row of rows) yield { texts: row.text.split(SEPARATOR), segments: row.segments }
  }
}

/** Every text of session `no` of the `scopes` kinds. */
function sessionTexts(db: DatabaseSync, no: number, scopes: readonly SearchScope[]): string[] {
  const out: string[] = []
  for (const chunk of sessionChunks(db, no, scopes)) out.push(...chunk.texts)
  return out
}

/** The sessions among `nos` with a text matching `pattern` (checked by the matcher). */
function scanTexts(
  db: DatabaseSync,
  nos: readonly number[],
  pattern: SearchPattern,
  scopes: readonly SearchScope[],
  deadline: number,
): Set<number> {
  const hits = new Set<number>()
  for (let at = 0; at < nos.length; at += SCAN_BATCH) {
    const batch = nos.slice(at, at + SCAN_BATCH)
    const docs = batch.map((no) => sessionTexts(db, no, scopes))
    const found = firstMatches(docs, [pattern.source], 0, deadline, SEARCH_TIMEOUT_MS)
    found.forEach((matches, i) => {
      if (matches[0]) hits.add(batch[i] as number)
    })
  }
  return hits
}

/**
 * The candidates matching every pattern in their own fields or their texts of the `scopes`
 * kinds, with their tier.
 * @throws SearchTimeout when the search takes longer than SEARCH_TIMEOUT_MS
 */
export function matchSessions(
  db: DatabaseSync,
  candidates: readonly SearchCandidate[],
  patterns: readonly SearchPattern[],
  scopes: readonly SearchScope[],
): Map<number, number> {
  const deadline = performance.now() + SEARCH_TIMEOUT_MS
  const sources = patterns.map((p) => p.source)
  const fields = candidates.map((c) => [
    c.name ?? '',
    `${c.headerId ?? c.fileName}\n${c.cwd ?? ''}`,
  ])
  const own = firstMatches(fields, sources, 0, deadline, SEARCH_TIMEOUT_MS)
  let alive = candidates.map((c, i) => ({ no: c.no, index: i, inName: 0 }))
  patterns.forEach((pattern, p) => {
    const rest = alive.filter((a) => own[a.index]?.[p] == null).map((a) => a.no)
    let inTexts: Set<number>
    if (rest.length === 0) inTexts = new Set()
    else if (pattern.required.length > 0) {
      const indexed = indexedSessions(db, pattern.required, scopes)
      const maybe = rest.filter((no) => indexed.has(no))
      inTexts = pattern.exact ? new Set(maybe) : scanTexts(db, maybe, pattern, scopes, deadline)
    } else inTexts = scanTexts(db, rest, pattern, scopes, deadline)
    alive = alive.filter((a) => {
      const field = own[a.index]?.[p]
      if (field?.[0] === 0) a.inName += 1
      return field != null || inTexts.has(a.no)
    })
  })
  return new Map(alive.map((a) => [a.no, a.inName === patterns.length ? 0 : 1]))
}

/**
 * The snippet and jump target of a matched session: the first text (of the first of the
 * `scopes` kinds that has one, in file order) matching the first pattern that did not match
 * the session name.
 * @throws SearchTimeout when the matcher runs out of time
 */
export function snippetOf(
  db: DatabaseSync,
  candidate: SearchCandidate,
  patterns: readonly SearchPattern[],
  scopes: readonly SearchScope[],
): Pick<SearchHit, 'snippet' | 'entryId'> {
  const deadline = performance.now() + SEARCH_TIMEOUT_MS
  const name = candidate.name ?? ''
  const inName = firstMatches(
    [[name]],
    patterns.map((p) => p.source),
    0,
    deadline,
    SEARCH_TIMEOUT_MS,
  )[0]
  for (const [p, pattern] of patterns.entries()) {
    if (inName?.[p]) continue
    for (const chunk of sessionChunks(db, candidate.no, scopes)) {
      const found = firstMatches(
        [chunk.texts],
        [pattern.source],
        SNIPPET_RADIUS,
        deadline,
        SEARCH_TIMEOUT_MS,
      )[0]?.[0]
      if (found) {
        const entryId = JSON.parse(chunk.segments)[found[0]]?.[0] as string | undefined
        return { snippet: found[1], entryId: entryId ?? null }
      }
    }
  }
  return { snippet: null, entryId: null }
}
