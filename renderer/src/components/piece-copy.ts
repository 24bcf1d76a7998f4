/**
 * Copying from a text shown in pieces (text-pieces.ts): the browser puts a line break between
 * two block elements it copies from, one the text does not hold where a piece was cut inside a
 * line. The selection is mapped back onto the text instead, and exactly that is copied.
 */

/**
 * The characters of `text` selected by `range`, when both its ends lie in `pre`'s pieces
 * (`.text-piece` children of `pre`, whose concatenation is `text`, each with its offset in
 * `text` as `data-start`); null otherwise (the browser's own copy then stands).
 */
export function selectedText(text: string, pre: Element, range: Range): string | null {
  const from = offsetOf(text, pre, range.startContainer, range.startOffset)
  const to = offsetOf(text, pre, range.endContainer, range.endOffset)
  return from === null || to === null || to < from ? null : text.slice(from, to)
}

/** The offset in `text` of the point (`node`, `offset`), or null when outside `pre`'s pieces. */
function offsetOf(text: string, pre: Element, node: Node, offset: number): number | null {
  // A point between pieces: `offset` counts child nodes of `pre`.
  if (node === pre) {
    const next = pre.childNodes[offset]
    return next === undefined ? text.length : startOf(next)
  }
  const element = node instanceof Element ? node : node.parentElement
  const piece = element?.closest('.text-piece')
  if (!piece || piece.parentElement !== pre) return null
  const start = startOf(piece)
  if (start === null) return null
  const within = document.createRange()
  within.setStart(piece, 0)
  within.setEnd(node, offset)
  return start + within.toString().length
}

/** The offset in the whole text at which `piece` starts, or null when it is not a piece. */
function startOf(piece: Node): number | null {
  const start = piece instanceof HTMLElement ? Number(piece.dataset.start) : NaN
  return Number.isSafeInteger(start) ? start : null
}
