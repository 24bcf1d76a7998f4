/**
 * Marks in rendered markdown, matched to the matches of its source. A find counts the matches
 * of a text's markdown source (matches.ts), and finds its current match among the marks by
 * their order. Markdown shows less than its source: a link's address, a code fence's language,
 * a reference definition, an entity's name (`&amp;`) or an image (shown by our own component)
 * hold matches with no text to mark. Marked by order alone, each such match moved every later
 * mark of its text onto another match. Here each source match is placed by its offset: the
 * matches a text node of markdown's tree renders get their marks, the others a hidden
 * element that counts them (`data-unmarked-matches`, as marks.tsx's `Unmarked`), where they
 * stand in the source. Session text still never becomes HTML: raw HTML nodes, which
 * react-markdown would show as text, are made text here (ARCHITECTURE.md rule 7).
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast'
import { MARKS_PER_TEXT, countMatches, matchRanges, type Marks } from './marks'

/**
 * The property (hast; `data-find-marks` on the element) that tells the image component to mark
 * its alt text and address: their matches are the source's, counted there.
 */
export const IMAGE_MARKS = 'dataFindMarks'

/** [start, end) offsets in the markdown source. */
type SourceRange = readonly [number, number]

/** The source offsets of a node of markdown's tree, when it has them. */
function offsetsOf(node: { position?: Element['position'] }): SourceRange | null {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? null : [start, end]
}

/**
 * Where the text inside element `node` comes from: its own offsets, less a fenced code block's
 * opening line (its language is not shown); for an element without offsets (a highlighter's
 * span), its ancestor's.
 */
function contentRange(node: Element, source: string, inherited: SourceRange | null) {
  const own = offsetsOf(node)
  if (!own) return inherited
  const [start, end] = own
  const opening = source.slice(start, start + 3)
  if (node.tagName !== 'code' || (opening !== '```' && opening !== '~~~')) return own
  const line = source.indexOf('\n', start)
  return line === -1 || line >= end ? own : ([line + 1, end] as const)
}

/**
 * The source offset of each character of a text node's `value` (and of its end), read from
 * its source `source[start, end)`: the same characters, less a backslash escape's backslash,
 * an entity's name (`&amp;` is one character) and the indentation markdown drops after a line
 * break; null when the two cannot be lined up that way.
 */
export function sourceOffsets(
  value: string,
  source: string,
  start: number,
  end: number,
): Int32Array | null {
  const offsets = new Int32Array(value.length + 1)
  let j = start
  for (let i = 0; i < value.length; i++) {
    const c = value[i]
    for (;;) {
      if (j >= end) return null
      const s = source[j]
      const entity = s === '&' ? ENTITY.exec(source.slice(j, j + 34)) : null
      if (entity) {
        offsets[i] = j
        j += entity[0].length
        // An entity may stand for two UTF-16 units (a surrogate pair).
        const low = value.charCodeAt(i + 1)
        if (low >= 0xdc00 && low <= 0xdfff) {
          offsets[i + 1] = j - entity[0].length
          i++
        }
        break
      }
      if (s === c) {
        offsets[i] = j++
        break
      }
      if (s === '\\' && source[j + 1] === c) {
        offsets[i] = j + 1
        j += 2
        break
      }
      if (s !== ' ' && s !== '\t') return null
      j++
    }
  }
  offsets[value.length] = j
  return offsets
}

/** A character reference at the start of a string (`&amp;`, `&#38;`, `&#x26;`). */
const ENTITY = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/

/** The hidden element that counts `count` matches without a mark. */
function unmarked(count: number): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { hidden: true, dataUnmarkedMatches: count },
    children: [],
  }
}

/**
 * Wraps the matches of `marks` in markdown's text nodes (code too: a search matches it) in
 * `mark` elements, the first {@link MARKS_PER_TEXT} of the document. Given the document's
 * `source`, only the matches of the source are marked, each source match in its place: those
 * the rendering does not show are counted by hidden elements instead (see the module's note).
 */
export function markTree(tree: Root, marks: Marks, source: string | null): void {
  const found = source === null ? null : matchRanges(source, marks.pattern)
  let next = 0
  let left = MARKS_PER_TEXT
  // How many source matches no mark took yet start before `offset`.
  const ahead = (offset: number): number => {
    if (found === null) return 0
    let k = next
    while (k < found.length && (found[k] as [number, number])[0] < offset) k++
    return k - next
  }
  // Passes them, counted by a hidden element in `out`.
  const passTo = (offset: number, out: (ElementContent | RootContent)[]): void => {
    const passed = ahead(offset)
    next += passed
    if (passed > 0) out.push(unmarked(passed))
  }
  const markText = (
    value: string,
    out: ElementContent[],
    [start, end]: SourceRange,
    own: boolean,
  ) => {
    // Where each character came from in the source, when that can be told: a match the text
    // shows is then marked as the source match at the same place, and those before it that the
    // text does not show (an entity's name) are counted before it.
    const from = found === null || !own ? null : sourceOffsets(value, source as string, start, end)
    let at = 0
    for (const [first, stop] of matchRanges(value, marks.pattern, left)) {
      if (found !== null) {
        if (from) {
          passTo(from[first] as number, out)
          // Shown, but not a match of the source (a match across an escape): not counted.
          if ((found[next] as [number, number] | undefined)?.[0] !== from[first]) continue
        } else if (next >= found.length || (found[next] as [number, number])[0] >= end) break
        next++
      }
      left--
      if (first > at) out.push({ type: 'text', value: value.slice(at, first) })
      out.push({
        type: 'element',
        tagName: 'mark',
        properties: { className: [marks.className] },
        children: [{ type: 'text', value: value.slice(first, stop) }],
      })
      at = stop
    }
    if (at < value.length) out.push({ type: 'text', value: value.slice(at) })
  }
  // An image is shown by our own component, its alt text and address as text: when those
  // hold exactly the source's matches in its place, the component marks them (IMAGE_MARKS);
  // else the matches are counted as not shown, by the next text.
  const markImage = (image: Element, out: (ElementContent | RootContent)[]) => {
    const own = offsetsOf(image)
    if (found === null || own === null) return
    passTo(own[0], out)
    const inside = ahead(own[1])
    const { alt, src } = image.properties
    const shown = [alt, src].reduce<number>(
      (n, text) => n + (typeof text === 'string' ? countMatches(text, marks.pattern) : 0),
      0,
    )
    if (inside === 0 || inside !== shown || shown > left) return
    next += inside
    left -= shown
    image.properties[IMAGE_MARKS] = 'marked'
  }
  const walk = (parent: Root | Element, range: SourceRange | null) => {
    const out: (ElementContent | RootContent)[] = []
    for (const child of parent.children) {
      const type: string = child.type
      if (type !== 'text' && type !== 'raw') {
        if (child.type === 'element' && child.tagName === 'img') markImage(child, out)
        else if (child.type === 'element') walk(child, contentRange(child, source ?? '', range))
        out.push(child)
        continue
      }
      const { value } = child as Text
      const own = offsetsOf(child as Text)
      const span = found === null ? ([0, Infinity] as const) : (own ?? range)
      if (span === null) {
        // Text no source stands for (generated: a footnote's number) is not marked.
        out.push({ type: 'text', value })
        continue
      }
      passTo(span[0], out)
      markText(value, out as ElementContent[], span, own !== null)
      // What its source held and it does not show; text that shares its element's offsets
      // (a highlighted code block's) leaves the rest to the next text.
      if (own) passTo(span[1], out)
    }
    parent.children = out as typeof parent.children
  }
  walk(tree, null)
  const rest = found === null ? 0 : found.length - next
  if (rest > 0) tree.children.push(unmarked(rest))
}

/**
 * A rehype plugin (for react-markdown) running {@link markTree} with the document's markdown
 * source (the file react-markdown parsed).
 */
export function rehypeMarks(marks: Marks) {
  return () => (tree: Root, file?: { value?: unknown }) =>
    markTree(tree, marks, typeof file?.value === 'string' ? file.value : null)
}
