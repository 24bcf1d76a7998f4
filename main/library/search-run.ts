/**
 * Runs a search over many sessions inside a vm context with a time limit: a user's
 * `re:` pattern can backtrack for minutes ("(a+)+b" on "aaaa…"), and a regex cannot be
 * interrupted on the main thread, but V8 stops a vm script (regex included) at its timeout.
 * The search function is sent into the context as source text, so it must stay
 * self-contained: no imports, no closures.
 */
import vm from 'node:vm'
import type { TextSegment } from './digest'

/** What one session offers to the search. */
export interface SearchDoc {
  name: string
  /** Session id, cwd and file name, one per line. */
  meta: string
  texts: readonly TextSegment[]
}

/** A session that matched: its index in the docs, tier, entry and snippet. */
export type SearchMatch = [
  index: number,
  tier: number,
  entryId: string | null,
  snippet: string | null,
]

/** The search ran out of time (a pattern that backtracks too much). */
export class SearchTimeout extends Error {}

/*
 * The search, as plain JavaScript source run inside the vm context (not a serialised
 * function: a TypeScript transpiler may add helpers the context does not have).
 * input: { docs: SearchDoc[], sources: string[], radius } -> SearchMatch[]
 */
const SOURCE = `
const matchers = input.sources.map((source) => new RegExp(source, 'i'))
const snippet = (text, index, length) => {
  const start = Math.max(0, index - input.radius)
  const end = Math.min(text.length, index + length + input.radius)
  const body = text.slice(start, end).replace(/\\s+/g, ' ').trim()
  return (start > 0 ? '\u2026' : '') + body + (end < text.length ? '\u2026' : '')
}
const out = []
docs: for (let i = 0; i < input.docs.length; i++) {
  const doc = input.docs[i]
  let inName = 0
  let entryId = null
  let found = null
  for (const matcher of matchers) {
    if (matcher.test(doc.name)) { inName += 1; continue }
    let hit = matcher.test(doc.meta)
    for (const segment of doc.texts) {
      const m = matcher.exec(segment.text)
      if (!m) continue
      hit = true
      if (found === null) { entryId = segment.entryId; found = snippet(segment.text, m.index, m[0].length) }
      break
    }
    if (!hit) continue docs
  }
  out.push([i, inName === matchers.length ? 0 : 1, entryId, found])
}
out
`

const SCRIPT = new vm.Script(SOURCE, { filename: 'pi-sessions-search.js' })

/**
 * Searches `docs` for all `sources` (case-insensitive regular expressions).
 * @param timeoutMs wall-clock limit for the whole search
 * @throws SearchTimeout when the limit is reached (the search is stopped, nothing hangs)
 */
export function runSearch(
  docs: readonly SearchDoc[],
  sources: readonly string[],
  radius: number,
  timeoutMs: number,
): SearchMatch[] {
  const context = vm.createContext({ input: { docs, sources, radius } })
  try {
    return SCRIPT.runInContext(context, { timeout: timeoutMs }) as SearchMatch[]
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new SearchTimeout(
        `The search took longer than ${timeoutMs / 1000} s and was stopped; simplify the pattern`,
      )
    }
    throw error
  }
}
