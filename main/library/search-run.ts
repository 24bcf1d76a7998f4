/**
 * Runs pattern matching over session texts inside a vm context with a time limit: a user's
 * `re:` pattern can backtrack for minutes ("(a+)+b" on "aaaa…"), and a regex cannot be
 * interrupted on the main thread, but V8 stops a vm script (regex included) at its timeout.
 * The matching function is sent into the context as source text, so it must stay
 * self-contained: no imports, no closures.
 */
import vm from 'node:vm'

/** Per document, per pattern: the first matching text's index and a snippet, or null. */
export type FirstMatches = ([textIndex: number, snippet: string] | null)[][]

/** The search ran out of time (a pattern that backtracks too much). */
export class SearchTimeout extends Error {}

/*
 * The matcher, as plain JavaScript source run inside the vm context (not a serialised
 * function: a TypeScript transpiler may add helpers the context does not have).
 * input: { docs: string[][], sources: string[], radius } -> FirstMatches
 */
const SOURCE = `(() => {
const matchers = input.sources.map((source) => new RegExp(source, 'i'))
const snippet = (text, index, length) => {
  const start = Math.max(0, index - input.radius)
  const end = Math.min(text.length, index + length + input.radius)
  const body = text.slice(start, end).replace(/\\s+/g, ' ').trim()
  return (start > 0 ? '\u2026' : '') + body + (end < text.length ? '\u2026' : '')
}
return input.docs.map((texts) => matchers.map((matcher) => {
  for (let i = 0; i < texts.length; i++) {
    const m = matcher.exec(texts[i])
    if (m) return [i, snippet(texts[i], m.index, m[0].length)]
  }
  return null
}))
})()
`

const SCRIPT = new vm.Script(SOURCE, { filename: 'pi-sessions-search.js' })
// One context for every call (creating one costs more than most searches); each call sets
// its own input.
const CONTEXT = vm.createContext({ input: null })

/**
 * Finds, in each document (a session's texts in file order), the first text matching each
 * of `sources` (case-insensitive regular expressions).
 * @param radius characters of context on each side of a match in a snippet
 * @param deadline `performance.now()` by which the whole search must end
 * @param limitMs the whole search's time limit, for the message
 * @throws SearchTimeout when the deadline is reached (the search is stopped, nothing hangs)
 */
export function firstMatches(
  docs: readonly (readonly string[])[],
  sources: readonly string[],
  radius: number,
  deadline: number,
  limitMs: number,
): FirstMatches {
  ;(CONTEXT as { input: unknown }).input = { docs, sources, radius }
  const stopped = () =>
    new SearchTimeout(
      `The search took longer than ${limitMs / 1000} s and was stopped; simplify the pattern`,
    )
  const timeout = Math.floor(deadline - performance.now())
  if (timeout < 1) throw stopped()
  try {
    return SCRIPT.runInContext(CONTEXT, { timeout }) as FirstMatches
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw stopped()
    throw error
  } finally {
    ;(CONTEXT as { input: unknown }).input = null
  }
}
