/**
 * The texts the search covers beyond pi's own scope. pi's picker searches user/assistant
 * text only (pi spec 15.1 `allMessagesText`, the "messages" kind, folded in
 * main/session/fold.ts); the library also indexes, each as its own kind so a search can name
 * which it covers: tool output (`toolResult` text blocks, a `!` command's output), thinking
 * (assistant `thinking` blocks) and commands and paths (a `!` command, the string arguments of
 * assistant `toolCall` blocks such as a bash command or a file path).
 */
import type { ListingText, SessionEntry } from '../session'
import type { SearchScope } from '../../preload/contract/library'

/** One searchable text of the kinds pi's own search leaves out. */
export interface OtherText {
  entryId: string
  role: Exclude<SearchScope, 'messages'>
  text: string
}

/** A searchable text of any kind: pi's message texts and the others. */
export type SearchText = ListingText | OtherText

/** The kind (search scope) a text belongs to. */
export function kindOf(text: SearchText): SearchScope {
  return text.role === 'user' || text.role === 'assistant' ? 'messages' : text.role
}

/**
 * Characters kept of one tool output or tool-call argument: a file read or a build log can
 * be megabytes, and the trigram index costs about 3 times the text it holds. A longer text
 * keeps its first and last half of this (an error is usually at one end).
 */
export const OTHER_TEXT_CHARS = 4096

/** `text`, or its two ends when it is longer than OTHER_TEXT_CHARS. */
export function capText(text: string): string {
  if (text.length <= OTHER_TEXT_CHARS) return text
  const half = OTHER_TEXT_CHARS / 2
  return `${text.slice(0, half)}\n…\n${text.slice(-half)}`
}

type Loose = Record<string, unknown>

/** The string values of a tool call's arguments, nested ones included, in order. */
function argumentStrings(value: unknown, out: string[], depth = 0): void {
  if (typeof value === 'string') {
    if (value.trim()) out.push(value)
  } else if (value && typeof value === 'object' && depth < 4) {
    for (const item of Object.values(value as Loose)) argumentStrings(item, out, depth + 1)
  }
}

/** Text blocks of a content array (or a plain string), joined by a space as pi joins them. */
function blockTexts(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .filter((b): b is Loose => !!b && typeof b === 'object' && (b as Loose).type === 'text')
    .map((b) => (typeof b.text === 'string' ? b.text : ''))
    .join(' ')
}

/**
 * The texts of one entry outside pi's scope, in the entry's order. Never throws on odd
 * entries (anything without the expected shape gives no text).
 * @param onText called with each non-empty text
 */
export function otherTexts(entry: SessionEntry, onText: (text: OtherText) => void): void {
  const loose = entry as unknown as Loose
  if (loose.type !== 'message') return
  const message = loose.message as Loose | null | undefined
  if (!message || typeof message !== 'object') return
  const entryId = typeof loose.id === 'string' ? loose.id : ''
  const emit = (role: OtherText['role'], text: string, cap = true) => {
    if (text.trim()) onText({ entryId, role, text: cap ? capText(text) : text })
  }
  if (message.role === 'toolResult') emit('tool-output', blockTexts(message.content))
  else if (message.role === 'bashExecution') {
    if (typeof message.command === 'string') emit('commands', message.command)
    if (typeof message.output === 'string') emit('tool-output', message.output)
  } else if (message.role === 'assistant' && Array.isArray(message.content)) {
    for (const block of message.content as unknown[]) {
      if (!block || typeof block !== 'object') continue
      const b = block as Loose
      if (b.type === 'thinking' && typeof b.thinking === 'string')
        emit('thinking', b.thinking, false)
      if (b.type === 'toolCall') {
        const args: string[] = []
        argumentStrings(b.arguments, args)
        for (const arg of args) emit('commands', arg)
      }
    }
  }
}
