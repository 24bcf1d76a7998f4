/**
 * One transcript item of the HTML export as an HTML section: the same kinds and facts the
 * session view shows (pi spec 2.3: messages by role, tool calls with their results, thinking,
 * bash, compaction and branch-summary cards, model and label changes). Every piece of session
 * text goes through `escapeHtml` or `markdownHtml`; nothing from the session becomes markup.
 */
import type {
  ContentBlock,
  ItemBody,
  PathItem,
  UsageView,
} from '../../preload/contract/session-view'
import { codeHtml, escapeHtml, markdownHtml } from './html-text'

/** Base64 image data for an image block, or null when it cannot be shown (omitted with a note). */
export type ImageSource = (pos: number, index: number) => { mimeType: string; data: string } | null

function details(summary: string, body: string, className: string, open = false): string {
  return `<details class="${className}"${open ? ' open' : ''}><summary>${escapeHtml(summary)}</summary>${body}</details>`
}

function note(text: string): string {
  return `<p class="note">${escapeHtml(text)}</p>`
}

function block(b: ContentBlock, images: ImageSource | null): string {
  switch (b.type) {
    case 'text':
      return markdownHtml(b.text)
    case 'thinking':
      return details(
        b.redacted ? 'Thinking (redacted by the provider)' : 'Thinking',
        markdownHtml(b.text),
        'thinking',
      )
    case 'toolCall':
      return details(`Tool call: ${b.name}`, codeHtml(b.args, 'json'), 'tool tool-call')
    case 'image': {
      const image = images?.(b.pos, b.index) ?? null
      if (!image) return note(`[image omitted: ${b.mimeType || 'unknown type'}, ${b.bytes} bytes]`)
      const size = b.width && b.height ? ` width="${b.width}" height="${b.height}"` : ''
      return `<img class="image" alt="image" src="data:${escapeHtml(image.mimeType)};base64,${image.data}"${size}>`
    }
    case 'other':
      return details(`Content: ${b.kind}`, codeHtml(b.json, 'json'), 'other')
  }
}

function blocks(content: readonly ContentBlock[], images: ImageSource | null): string {
  return content.map((b) => block(b, images)).join('')
}

function usageText(u: UsageView): string {
  return `${u.totalTokens} tokens · $${u.cost.toFixed(4)}`
}

/** [role heading, css kind, body html] of one item. */
function parts(body: ItemBody, images: ImageSource | null): [string, string, string] {
  switch (body.kind) {
    case 'user':
      return ['User', 'user', blocks(body.content, images)]
    case 'assistant': {
      const model = [body.provider, body.model].filter(Boolean).join('/')
      const facts = [model, body.usage ? usageText(body.usage) : ''].filter(Boolean).join(' · ')
      const error = body.errorMessage ? note(`Error: ${body.errorMessage}`) : ''
      return [
        `Assistant${facts ? ` · ${facts}` : ''}`,
        'assistant',
        blocks(body.content, images) + error,
      ]
    }
    case 'toolResult': {
      const call = body.call ? details('Arguments', codeHtml(body.call.args, 'json'), 'tool') : ''
      const output = body.content
        .map((b) => (b.type === 'text' ? codeHtml(b.text) : block(b, images)))
        .join('')
      return [
        `Tool result: ${body.toolName}${body.isError ? ' (error)' : ''}`,
        'tool',
        call + details('Output', output, 'tool tool-output', true),
      ]
    }
    case 'bash':
      return [
        `Bash${body.exitCode === null ? '' : ` · exit ${body.exitCode}`}${body.excluded ? ' · not sent to the model' : ''}`,
        'tool',
        codeHtml(`$ ${body.command}`) + details('Output', codeHtml(body.output), 'tool', true),
      ]
    case 'custom':
      return [
        `Custom: ${body.customType}`,
        body.display ? 'custom' : 'custom hidden-message',
        blocks(body.content, images),
      ]
    case 'system':
      return ['System', 'system', blocks(body.content, images)]
    case 'compaction':
      return [`Compaction · ${body.tokensBefore} tokens before`, 'card', markdownHtml(body.summary)]
    case 'branchSummary':
      return ['Branch summary', 'card', markdownHtml(body.summary)]
    case 'modelChange':
      return ['Model', 'meta', note(`${body.provider}/${body.modelId}`)]
    case 'thinkingChange':
      return ['Thinking level', 'meta', note(body.level)]
    case 'label':
      return ['Label', 'meta', note(body.label === null ? 'cleared' : body.label)]
    case 'sessionInfo':
      return ['Session name', 'meta', note(body.name ?? '(cleared)')]
    case 'usage':
      return [
        `Usage · ${body.usageKind}`,
        'meta',
        note(body.model + (body.usage ? ` · ${usageText(body.usage)}` : '')),
      ]
    case 'contextEdit':
      return ['Context edit', 'meta', note(`${body.mode} ${body.targetId}`)]
    case 'customEntry':
      return ['Extension entry', 'meta', note(body.customType)]
    case 'unknown':
      return [body.label, 'meta', codeHtml(body.json, 'json')]
  }
}

/**
 * The section of row `index` (hidden until the page's script shows its path).
 * @param label the entry's resolved label (pi spec 10), when it has one
 */
export function itemHtml(
  item: PathItem,
  index: number,
  label: string | undefined,
  images: ImageSource | null,
): string {
  const [heading, kind, body] = parts(item.body, images)
  const time = item.time === null ? '' : `<time>${new Date(item.time).toISOString()}</time>`
  const tag = label ? `<span class="label">${escapeHtml(label)}</span>` : ''
  const off = item.inContext ? '' : ' out-of-context'
  return `<section class="item ${kind}${off}" data-row="${index}" hidden><header><span class="role">${escapeHtml(heading)}</span>${tag}${time}</header>${body}</section>\n`
}
