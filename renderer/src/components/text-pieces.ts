/**
 * A long text cut into pieces the browser lays out one at a time: a text of megabytes laid out
 * whole freezes the window for seconds (8 MB: over 3 s in one task), while a piece of
 * {@link PIECE_CHARS} characters takes a few milliseconds and is laid out only when it scrolls
 * into view (`content-visibility: auto`).
 */
import { graphemeStart } from './grapheme-cut'

/** Characters in a piece, at most. */
export const PIECE_CHARS = 32_000

/** Characters to a wrapped row assumed until the row has been measured. */
export const CHARS_PER_ROW = 100

/** [start, end) offsets in a text, in UTF-16 units. */
export type TextRange = readonly [number, number]

/**
 * `text` cut into pieces of at most `size` characters whose concatenation is `text`. Each ends
 * after the last line break in its second half, where there is one, so lines stay whole; else
 * after the last space or tab there, so words stay whole; else at the start of a grapheme (a flag, an emoji sequence, a letter and its accents stay in one
 * piece). A text of `size` characters or fewer is one piece.
 *
 * No cut falls inside one of `whole` (sorted, disjoint [start, end) offsets: the matches
 * marked, so each is one mark): such a cut moves to the range's start, or to its end when the
 * range starts the piece (that piece is then longer than `size`).
 */
export function textPieces(
  text: string,
  size = PIECE_CHARS,
  whole: readonly TextRange[] = [],
): string[] {
  const pieces: string[] = []
  let from = 0
  let next = 0
  while (text.length - from > size) {
    // Only the piece's second half is searched: lastIndexOf on the whole text would scan back
    // to its start on every piece of a text without line breaks.
    const half = from + Math.ceil(size / 2)
    const second = text.slice(half, from + size)
    // After a line break, else after a space: each piece starts a line of its own, so a cut
    // elsewhere would break a word in two on screen.
    const newline = second.lastIndexOf('\n')
    const at = newline >= 0 ? newline : Math.max(second.lastIndexOf(' '), second.lastIndexOf('\t'))
    let end = at < 0 ? -1 : half + at + 1
    if (end < 0) end = graphemeStart(text, from + size, from)
    while ((whole[next]?.[1] ?? Infinity) <= end) next++
    const [start, stop] = whole[next] ?? [end, end]
    if (start < end) end = start > from ? start : stop
    if (end >= text.length) break
    pieces.push(text.slice(from, end))
    from = end
  }
  pieces.push(text.slice(from))
  return pieces
}

/**
 * The height of `piece` in rows wrapped at `perRow` characters: the height a piece takes before
 * it is laid out (CSS `--rows`), so the scroll range is about right from the start and barely
 * moves as pieces are laid out. Exact for a monospace text cut anywhere; a line wrapped at a
 * space may take a row more.
 */
export function estimatedRows(piece: string, perRow = CHARS_PER_ROW): number {
  let rows = 0
  let from = 0
  for (;;) {
    const at = piece.indexOf('\n', from)
    const end = at < 0 ? piece.length : at
    rows += Math.max(1, Math.ceil((end - from) / perRow))
    if (at < 0 || at === piece.length - 1) return rows
    from = at + 1
  }
}
