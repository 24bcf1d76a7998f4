/**
 * Copying from a text shown in pieces (text-pieces.ts): the browser puts a line break between
 * two block elements it copies from, one the text does not hold where a piece was cut inside a
 * line. The selection is mapped back onto the text instead, and exactly that is copied.
 */

/**
 * The characters of `text` selected by `range`, when both its ends lie in `pre`'s pieces
 * (`.text-piece` children of `pre`, whose concatenation is `text`); null otherwise (the
 * browser's own copy then stands).
 */
export function selectedText(text: string, pre: Element, range: Range): string | null {
  const from = offsetOf(pre, range.startContainer, range.startOffset)
  const to = offsetOf(pre, range.endContainer, range.endOffset)
  return from === null || to === null || to < from ? null : text.slice(from, to)
}

/** The offset in the whole text of the point (`node`, `offset`), or null when outside `pre`. */
function offsetOf(pre: Element, node: Node, offset: number): number | null {
  const pieces = [...pre.children]
  // A point between pieces: `offset` counts child nodes of `pre`.
  if (node === pre) return lengthBefore(pieces, offset)
  const element = node instanceof Element ? node : node.parentElement
  const piece = element?.closest('.text-piece')
  if (!piece || piece.parentElement !== pre) return null
  const within = document.createRange()
  within.setStart(piece, 0)
  within.setEnd(node, offset)
  return lengthBefore(pieces, pieces.indexOf(piece)) + within.toString().length
}

/** The characters of the first `count` pieces. */
function lengthBefore(pieces: readonly Element[], count: number): number {
  let length = 0
  for (const piece of pieces.slice(0, count)) length += piece.textContent?.length ?? 0
  return length
}
