/**
 * Where a text may be cut without splitting what a reader sees as one character: a flag, an
 * emoji sequence, a letter and its accents (a grapheme), and at the least never between the
 * halves of a surrogate pair. Pure, so the main process cuts listed titles by the same rule.
 */

/** Characters either side of a cut searched for a grapheme's start. */
const GRAPHEME_WINDOW = 64

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * Below this code point no character joins its neighbour into one grapheme (Unicode UAX #29:
 * the first Extend character, a combining accent, is U+0300; none below it is Extend, ZWJ,
 * SpacingMark, Prepend, a regional indicator or a Hangul jamo). Between two such characters a
 * grapheme always starts, but between CR and LF.
 */
const FIRST_JOINING = 0x300

/**
 * The start of the grapheme at UTF-16 offset `at` in `text`, or `at` itself when a grapheme
 * starts there: the last place at or before `at` to cut. Never at or before `floor` (a grapheme
 * longer than the search window, or one reaching back to `floor`, is cut at `at`, moved back one
 * when `at` would split a surrogate pair).
 */
export function graphemeStart(text: string, at: number, floor = 0): number {
  // The common cut, inside plain text, needs no segmenter: a tree of 100,000 rows cuts each.
  const before = text.charCodeAt(at - 1)
  const after = text.charCodeAt(at)
  if (
    at > floor &&
    before < FIRST_JOINING &&
    after < FIRST_JOINING &&
    !(before === 13 && after === 10)
  )
    return at
  const from = Math.max(floor, at - GRAPHEME_WINDOW)
  let start = -1
  for (const { index } of graphemes.segment(text.slice(from, at + GRAPHEME_WINDOW))) {
    if (from + index > at) break
    start = from + index
  }
  if (start > floor && start > from) return start
  const last = text.charCodeAt(at - 1)
  return last >= 0xd800 && last <= 0xdbff ? at - 1 : at
}

/**
 * `text` when it has at most `max` UTF-16 units; else its start, cut at the grapheme's start at
 * or before `max` (pi's /tree row texts, a command or arguments quoted in a row).
 */
export function cutAt(text: string, max: number): string {
  return text.length > max ? text.slice(0, graphemeStart(text, max)) : text
}

/**
 * `text` when it has at most `max` UTF-16 units; else cut at a grapheme's start so that it and
 * an ending ellipsis take at most `max` (a title, a tree row, a prefilled name).
 */
export function ellipsized(text: string, max: number): string {
  return text.length > max ? `${cutAt(text, max - 1)}…` : text
}
