/**
 * The text of a transcript entry as a user would copy it: its text blocks in order (images,
 * thinking and tool calls left out), a bash run's command and output, a summary card's summary.
 */
import type { ContentBlock, ItemBody } from '../../../../preload/contract/session-view'

/** Whether a text block shows: it has more than white space, or its rest was not sent. */
export function showsText(block: ContentBlock): boolean {
  return block.type === 'text' && (block.text.trim() !== '' || block.cut !== undefined)
}

function blocksText(blocks: readonly ContentBlock[]): string {
  return blocks.flatMap((b) => (b.type === 'text' && showsText(b) ? [b.text] : [])).join('\n\n')
}

/** The copyable text of `body`, or null when it has none (markers, image-only messages). */
export function messageText(body: ItemBody): string | null {
  let text: string
  switch (body.kind) {
    case 'user':
    case 'assistant':
    case 'system':
    case 'custom':
    case 'toolResult':
      text = blocksText(body.content)
      break
    case 'bash':
      text = `$ ${body.command}${body.output ? `\n${body.output}` : ''}`
      break
    case 'compaction':
    case 'branchSummary':
      text = body.summary
      break
    default:
      return null
  }
  const cut = 'content' in body && body.content.some((b) => b.type === 'text' && b.cut)
  return text.trim() || cut ? text : null
}
