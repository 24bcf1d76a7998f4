/**
 * Marking matched words in session text: a search's or a find's words wrapped in `<mark>`.
 * Text is split into React nodes (and markdown's text nodes into hast `mark` elements that
 * react-markdown renders as React elements): session text never becomes HTML
 * (ARCHITECTURE.md rule 7).
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { TextRange } from './text-pieces'
import { countMatches, matchRanges } from '../../../preload/contract/find-text'

/** What the transcript marks: the words' pattern (global, case-insensitive) and a mark class. */
export interface Marks {
  pattern: RegExp
  className: string
}

/** The marks of the text below (null: nothing to mark). */
export const MarksContext = createContext<Marks | null>(null)

/** The marks in effect for the text of this component. */
export function useMarks(): Marks | null {
  return useContext(MarksContext)
}

/**
 * A quantified group that itself holds a quantifier (`(a+)+`) or a back-reference: the shapes
 * that backtrack for minutes. Main stops such a search after its time limit (search-run.ts);
 * the renderer cannot stop a regex, so it does not mark with one.
 */
const RISKY = /\([^)]*[+*}][^)]*\)[+*{]|\\[1-9]/

/**
 * One pattern for a library search's patterns (main's regex sources, contract
 * SessionQueryResult: escaped words and phrases, or a `re:` pattern), or null when there is
 * nothing to mark (no search, or only patterns that match empty text or could backtrack).
 */
export function searchPattern(sources: readonly string[]): RegExp | null {
  const usable = sources.filter((source) => {
    if (RISKY.test(source)) return false
    try {
      return !new RegExp(source).test('')
    } catch {
      return false
    }
  })
  if (usable.length === 0) return null
  return new RegExp(usable.map((s) => `(?:${s})`).join('|'), 'gi')
}

/** The marks of a library search's patterns (see {@link searchPattern}), or null. */
export function searchMarks(sources: readonly string[]): Marks | null {
  const pattern = searchPattern(sources)
  return pattern ? { pattern, className: 'search-match' } : null
}

// The find's pattern and matching are shared with main, which counts a find's matches over a
// whole path (find-text.ts): one rule for what a match is, on both sides.
export { countMatches, findPattern, matchRanges } from '../../../preload/contract/find-text'

/**
 * The matches of a text past its {@link MARKS_PER_TEXT} marks, given the ranges marked: a find
 * counts them all, so an element after the marks says how many have none
 * ({@link Unmarked}); 0 when the text was not cut at the limit.
 */
export function unmarkedCount(text: string, pattern: RegExp, ranges: readonly TextRange[]): number {
  const last = ranges[MARKS_PER_TEXT - 1]
  return ranges.length === MARKS_PER_TEXT && last ? countMatches(text, pattern, last[1]) : 0
}

/**
 * An empty, hidden element that says how many matches of the text before it have no mark
 * (past {@link MARKS_PER_TEXT}): the find's current match is found among the marks by its
 * order, and the matches of a later text come after these.
 */
export function Unmarked({ count }: { count: number }): ReactNode {
  return count > 0 ? <span hidden data-unmarked-matches={count} /> : null
}

/** Characters of context kept before a snippet's first match (a row shows about fifty). */
const LEAD_CHARS = 24

/**
 * `text` from a little before its first match, with "…" where it was cut (at a space where
 * one is near), so a one-line snippet shows the marked word; `text` when nothing matches or
 * the match is near the start.
 */
export function leadToMatch(text: string, marks: Marks | null): string {
  const first = marks ? matchRanges(text, marks.pattern)[0] : undefined
  if (!first || first[0] <= LEAD_CHARS) return text
  let start = first[0] - LEAD_CHARS
  const space = text.indexOf(' ', start)
  if (space !== -1 && space < first[0] - 8) start = space + 1
  return `…${text.slice(start).replace(/^…/, '')}`
}

/**
 * Most matches marked in one text: a 12 MB message shown whole held 2.5 million matches of a
 * word, and as many `<mark>` elements froze the window for minutes. The find still counts
 * every match; stepping past the last marked one stays on it, and the find bar says the
 * match is not marked.
 */
export const MARKS_PER_TEXT = 2000

/**
 * `text` with its matches wrapped in `<mark>` (plain text when nothing is marked), the first
 * {@link MARKS_PER_TEXT} of them; or, given `ranges`, those (sorted [start, end) offsets in
 * `text`: the matches of a longer text that fall in this part of it).
 */
export function Marked({
  text,
  marks,
  ranges: given,
}: {
  text: string
  marks?: Marks | null
  ranges?: readonly TextRange[]
}): ReactNode {
  const context = useMarks()
  const active = marks === undefined ? context : marks
  if (!active || text === '') return text
  const ranges = given ?? matchRanges(text, active.pattern, MARKS_PER_TEXT)
  if (ranges.length === 0) return text
  // Ranges given are a part's of a longer text: its caller says what is unmarked.
  const unmarked = given ? 0 : unmarkedCount(text, active.pattern, ranges)
  const nodes: ReactNode[] = []
  let at = 0
  for (const [start, end] of ranges) {
    if (start > at) nodes.push(text.slice(at, start))
    nodes.push(
      <mark key={start} className={active.className}>
        {text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < text.length) nodes.push(text.slice(at))
  if (unmarked > 0) nodes.push(<Unmarked key="unmarked" count={unmarked} />)
  return nodes
}
