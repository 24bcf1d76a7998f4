/**
 * Markdown export: the path from the root to the selected entry (the active path for a whole
 * session) as readable Markdown. Front matter with the session facts, a heading per turn,
 * session text as written but with no raw HTML or script link in it (markdown-safe.ts), code
 * and tool output in fences longer than any backtick run inside,
 * tool calls, results and thinking collapsed in `<details>`, images omitted with a note or, when
 * asked, linked as files beside the Markdown (image-files.ts).
 */
import type { ContentBlock, ItemBody, PathItem } from '../../preload/contract/session-view'
import type { ImageFiles } from './image-files'
import { plainMarkdown, safeInline as plain, safeMarkdown } from './markdown-safe'
import { pathIndices, type ExportDoc } from './scope'

/** A fence (backticks) longer than every backtick run in `text`, at least three. */
function fence(text: string, info = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length))
  const marks = '`'.repeat(longest + 1)
  return `${marks}${info}\n${text}${text.endsWith('\n') ? '' : '\n'}${marks}\n`
}

/** `<details>` with a summary (escaped) around Markdown content. */
function details(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${body}\n</details>\n`
}

/** Escapes text for an HTML context inside Markdown (summaries). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`
}

/** Session Markdown made safe; text too long to parse safely goes in a code fence. */
function text(markdown: string): string {
  const safe = safeMarkdown(markdown)
  return safe === null ? fence(markdown) : `${safe}\n`
}

/** Images as files (linked), or null: omitted with a note. */
type Images = ImageFiles | null

function block(b: ContentBlock, images: Images): string {
  switch (b.type) {
    case 'text':
      return text(b.text)
    case 'thinking':
      return details(b.redacted ? 'Thinking (redacted by the provider)' : 'Thinking', fence(b.text))
    case 'toolCall':
      return details(`Tool call: ${b.name}`, fence(b.args, 'json'))
    case 'image': {
      const link = images?.link(b.pos, b.index) ?? null
      // The type goes inside our brackets: escaped whole, so it cannot close them.
      const type = plainMarkdown(b.mimeType)
      if (link) return `![image ${type}, ${kb(b.bytes)}](${link})\n`
      return `*[image omitted: ${type || 'unknown type'}, ${kb(b.bytes)}]*\n`
    }
    case 'other':
      return details(`Content: ${b.kind}`, fence(b.json, 'json'))
  }
}

function blocks(content: readonly ContentBlock[], images: Images): string {
  return content.map((b) => block(b, images)).join('\n')
}

/** Heading text and body of one item. */
function render(body: ItemBody, images: Images): [string, string] {
  switch (body.kind) {
    case 'user':
      return ['User', blocks(body.content, images)]
    case 'assistant': {
      const model = [body.provider, body.model].filter(Boolean).join('/')
      const error = body.errorMessage ? `\n> Error: ${plain(body.errorMessage)}\n` : ''
      return [`Assistant${model ? ` (${plain(model)})` : ''}`, blocks(body.content, images) + error]
    }
    case 'toolResult':
      return [
        `Tool result: ${plain(body.toolName)}${body.isError ? ' (error)' : ''}`,
        details('Output', blocks(body.content.map(asCode), images)),
      ]
    case 'bash': {
      const exit = body.exitCode === null ? '' : ` (exit ${body.exitCode})`
      return [
        `Bash${exit}`,
        fence(`$ ${body.command}`, 'sh') + details('Output', fence(body.output)),
      ]
    }
    case 'custom':
      return [`Custom message: ${plain(body.customType)}`, blocks(body.content, images)]
    case 'system':
      return ['System', blocks(body.content, images)]
    case 'compaction':
      return [`Compaction (${body.tokensBefore} tokens before)`, text(body.summary)]
    case 'branchSummary':
      return ['Branch summary', text(body.summary)]
    case 'modelChange':
      return ['', `*Model: ${plain(`${body.provider}/${body.modelId}`)}*\n`]
    case 'thinkingChange':
      return ['', `*Thinking level: ${plain(body.level)}*\n`]
    case 'label':
      return ['', `*Label ${body.label === null ? 'cleared' : `set: ${plain(body.label)}`}*\n`]
    case 'sessionInfo':
      return ['', `*Session name: ${body.name === null ? '(cleared)' : plain(body.name)}*\n`]
    case 'usage':
      return ['', `*Usage (${plain(body.usageKind)}): ${plain(body.model)}*\n`]
    case 'contextEdit':
      return ['', `*Context edit: ${plain(`${body.mode} ${body.targetId}`)}*\n`]
    case 'customEntry':
      return ['', `*Extension entry: ${plain(body.customType)}*\n`]
    case 'unknown':
      return [plain(body.label), fence(body.json, 'json')]
  }
}

/** Tool output text shows as code (it is program output, not Markdown). */
function asCode(b: ContentBlock): ContentBlock {
  return b.type === 'text' ? { type: 'other', kind: 'text', json: b.text } : b
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}

/**
 * A front matter value: strings as JSON strings (valid YAML double-quoted scalars) with the
 * characters of Markdown links and HTML written as `\uXXXX`, so a viewer that reads the front
 * matter as Markdown (not all know it) finds no link or tag in it; arrays of them as flow
 * sequences.
 */
function yamlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(', ')}]`
  if (typeof value !== 'string') return JSON.stringify(value)
  return JSON.stringify(value).replace(
    /[<>[\]&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** YAML front matter of the session facts (see {@link yamlValue}). */
function frontMatter(doc: ExportDoc, exportedAt: Date): string {
  const fields: [string, unknown][] = [
    ['title', doc.title],
    ['session_name', doc.name],
    ['session_id', doc.headerId],
    ['file', doc.fileName],
    ['cwd', doc.cwd],
    ['created', iso(doc.created)],
    ['modified', iso(doc.modified)],
    ['models', doc.models],
    ['tokens', doc.usage.totalTokens],
    ['cost', Number(doc.usage.cost.toFixed(6))],
    ['scope', doc.scope === 'entry' ? 'path to selected entry' : 'active path'],
    ['exported', exportedAt.toISOString()],
  ]
  const lines = fields.map(([k, v]) => `${k}: ${yamlValue(v)}`)
  return `---\n${lines.join('\n')}\n---\n\n`
}

/** One item as Markdown; `turn` numbers the headings (items without one take no number). */
function item(
  entry: PathItem,
  turn: () => number,
  label: string | undefined,
  images: Images,
): string {
  const [heading, body] = render(entry.body, images)
  const tag = label ? `\n\n**Label:** ${plain(label)}` : ''
  if (!heading) return `${body}${tag ? `${tag}\n` : ''}\n`
  const when = entry.time === null ? '' : ` · ${new Date(entry.time).toISOString()}`
  return `## ${turn()}. ${heading}${when}${tag}\n\n${body}\n`
}

/**
 * Renders the Markdown export of `doc` in chunks (one per entry).
 * @param exportedAt the time written into the front matter
 * @param images image files to link (their list grows as the chunks are read), or null to
 *   omit images with a note
 */
export function* renderMarkdown(
  doc: ExportDoc,
  exportedAt = new Date(),
  images: Images = null,
): Generator<string> {
  yield frontMatter(doc, exportedAt)
  yield `# ${plain(doc.title.replace(/\s+/g, ' ').trim() || doc.fileName)}\n\n`
  let turn = 0
  const next = () => ++turn
  for (const i of pathIndices(doc, doc.selected)) {
    yield item(doc.items[i]!, next, doc.rows[i]!.label, images)
  }
}
