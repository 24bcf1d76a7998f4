/**
 * Long texts cut for the transcript's pages: a tool result or a command's output of megabytes
 * (pi's own tools cut theirs at 50 KB, other tools and `!` commands may not) would make one
 * reply of megabytes, parsed at once on the renderer's main thread. The transcript shows a
 * long text's first lines until "Show all" and asks for the item whole then (`whole`), and
 * when a find or a copy needs all of it.
 */
import type { ContentBlock, PathItem, TextCut } from '../../../preload/contract/session-view'
import { graphemeStart } from '../../../renderer/src/components/grapheme-cut'

/** Characters of one text a page sends at most (at a grapheme's start). */
export const TEXT_CUT = 200_000

/** `text` cut to {@link TEXT_CUT} characters, and what was left out (none when it fits). */
export function cutText(text: string, max = TEXT_CUT): { text: string; cut?: TextCut } {
  if (text.length <= max) return { text }
  const end = graphemeStart(text, max)
  let lines = 0
  for (let at = text.indexOf('\n', end); at >= 0; at = text.indexOf('\n', at + 1)) lines++
  return { text: text.slice(0, end), cut: { chars: text.length - end, lines } }
}

function cutBlock(block: ContentBlock, max: number): ContentBlock {
  if (block.type !== 'text' && block.type !== 'thinking') return block
  if (block.text.length <= max) return block
  return { ...block, ...cutText(block.text, max) }
}

/**
 * `item` with its long texts cut: text and thinking blocks, a command's output (tool call
 * arguments and JSON are already cut where they are made, blocks.ts). The same item when
 * nothing is long.
 */
export function cutItem(item: PathItem, max = TEXT_CUT): PathItem {
  const body = item.body
  if ('content' in body) {
    if (!body.content.some((b) => 'text' in b && b.text.length > max)) return item
    return { ...item, body: { ...body, content: body.content.map((b) => cutBlock(b, max)) } }
  }
  if (body.kind === 'bash' && body.output.length > max) {
    const { text, cut } = cutText(body.output, max)
    return { ...item, body: { ...body, output: text, ...(cut ? { outputCut: cut } : {}) } }
  }
  return item
}
