/**
 * One-line text of a tree node, as pi's /tree shows it (pi spec 15.6): `user: …`,
 * `assistant: …` (or `(aborted)`, the error, `(no content)`), tool results as the formatted
 * call, `[bash]: cmd`, `[customType]: text`, `[compaction: Nk tokens]`, `[branch summary]: …`,
 * `[model: id]`, `[thinking: level]`, `[custom: type]`, `[label: x|(cleared)]`,
 * `[title: name|empty]`, `[context omit|replace: id]`. Our own wording for what pi leaves
 * blank: unknown types `[type]`, `[usage: kind]`.
 */
import { homedir } from 'node:os'
import { cutAt } from '../../../renderer/src/components/grapheme-cut'
import { oneLine, str } from './text'
import type { SessionEntry } from './source'

/** A tool call as pi's /tree needs it to describe the call's result. */
export interface CallInfo {
  name: string
  args: Record<string, unknown>
}

/** Head (the bracketed or `role:` part) and the rest of a row. */
export interface RowText {
  head: string
  text: string
}

const MAX_CONTENT = 200

/**
 * Text blocks of message content concatenated (pi's extractContent: up to 200 chars), cut where
 * pi cuts, or before when that would split a grapheme (pi leaves half a surrogate pair).
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return cutAt(content, MAX_CONTENT)
  if (!Array.isArray(content)) return ''
  let out = ''
  for (const block of content) {
    if (
      block &&
      typeof block === 'object' &&
      block.type === 'text' &&
      typeof block.text === 'string'
    ) {
      out += block.text
      if (out.length >= MAX_CONTENT) return cutAt(out, MAX_CONTENT)
    }
  }
  return out
}

/** True when content has a text block with non-blank text (pi's hasTextContent). */
export function hasText(content: unknown): boolean {
  if (typeof content === 'string') return content.trim().length > 0
  if (!Array.isArray(content)) return false
  return content.some(
    (b) =>
      b &&
      typeof b === 'object' &&
      b.type === 'text' &&
      typeof b.text === 'string' &&
      b.text.trim() !== '',
  )
}

const HOME = homedir()

function shortPath(value: unknown): string {
  const p = String(value ?? '')
  return HOME && p.startsWith(HOME) ? `~${p.slice(HOME.length)}` : p
}

/** pi's formatted tool call (`[read: path:1-20]`, `[bash: cmd]`, `[name: {json}]`...). */
export function formatToolCall(call: CallInfo): string {
  const args = call.args ?? {}
  const path = shortPath(args.path ?? args.file_path ?? '')
  switch (call.name) {
    case 'read': {
      const offset = args.offset as number | undefined
      const limit = args.limit as number | undefined
      let range = ''
      if (offset !== undefined || limit !== undefined) {
        const start = offset ?? 1
        range = `:${start}${limit !== undefined ? `-${start + limit - 1}` : ''}`
      }
      return `[read: ${path}${range}]`
    }
    case 'write':
    case 'edit':
      return `[${call.name}: ${path}]`
    case 'bash': {
      const raw = String(args.command ?? '')
      const cmd = cutAt(raw.replace(/[\n\t]/g, ' ').trim(), 50)
      return `[bash: ${cmd}${raw.length > 50 ? '...' : ''}]`
    }
    case 'grep':
      return `[grep: /${String(args.pattern ?? '')}/ in ${shortPath(args.path ?? '.')}]`
    case 'find':
      return `[find: ${String(args.pattern ?? '')} in ${shortPath(args.path ?? '.')}]`
    case 'ls':
      return `[ls: ${shortPath(args.path ?? '.')}]`
    default: {
      const json = JSON.stringify(args) ?? ''
      return `[${call.name}: ${cutAt(json, 40)}${json.length > 40 ? '...' : ''}]`
    }
  }
}

function messageRow(
  message: Record<string, unknown>,
  calls: ReadonlyMap<string, CallInfo>,
): RowText {
  const role = str(message.role)
  if (role === 'user') return { head: 'user:', text: contentText(message.content) }
  if (role === 'assistant') {
    const text = contentText(message.content)
    if (text.trim()) return { head: 'assistant:', text }
    if (message.stopReason === 'aborted') return { head: 'assistant:', text: '(aborted)' }
    if (typeof message.errorMessage === 'string' && message.errorMessage) {
      return { head: 'assistant:', text: oneLine(message.errorMessage, 80) }
    }
    return { head: 'assistant:', text: '(no content)' }
  }
  if (role === 'toolResult') {
    const call = calls.get(str(message.toolCallId))
    return { head: call ? formatToolCall(call) : `[${str(message.toolName) || 'tool'}]`, text: '' }
  }
  if (role === 'bashExecution') return { head: '[bash]:', text: str(message.command) }
  return { head: `[${role || 'message'}]`, text: '' }
}

/**
 * Row text of one entry.
 * @param calls tool calls of the session by call id (to describe tool results, as pi does)
 */
export function rowText(entry: SessionEntry, calls: ReadonlyMap<string, CallInfo>): RowText {
  const e = entry as unknown as Record<string, unknown>
  let row: RowText
  switch (entry.type) {
    case 'message': {
      const message = e.message
      row =
        message && typeof message === 'object'
          ? messageRow(message as Record<string, unknown>, calls)
          : { head: '[message]', text: '(no message)' }
      break
    }
    case 'custom_message':
      row = { head: `[${str(e.customType)}]:`, text: contentText(e.content) }
      break
    case 'compaction':
      row = {
        head: `[compaction: ${Math.round(Number(e.tokensBefore) / 1000) || 0}k tokens]`,
        text: '',
      }
      break
    case 'branch_summary':
      row = { head: '[branch summary]:', text: str(e.summary) }
      break
    case 'model_change':
      row = { head: `[model: ${str(e.modelId)}]`, text: '' }
      break
    case 'thinking_level_change':
      row = { head: `[thinking: ${str(e.thinkingLevel)}]`, text: '' }
      break
    case 'custom':
      row = { head: `[custom: ${str(e.customType)}]`, text: '' }
      break
    case 'label':
      row = { head: `[label: ${str(e.label) || '(cleared)'}]`, text: '' }
      break
    case 'session_info':
      row = { head: `[title: ${str(e.name).trim() || 'empty'}]`, text: '' }
      break
    case 'context_edit':
      row = {
        head: `[context ${e.replacement === null ? 'omit' : 'replace'}: ${str(e.targetId)}]`,
        text: '',
      }
      break
    case 'usage':
      row = { head: `[usage: ${str(e.kind)}]`, text: '' }
      break
    default:
      row = { head: `[${oneLine(str(entry.type) || 'entry', 40)}]`, text: '' }
  }
  return { head: oneLine(row.head, 120), text: oneLine(row.text, MAX_CONTENT) }
}

/** Tool calls of all assistant messages, by call id (pi's toolCallMap). */
export function collectCalls(entries: readonly SessionEntry[]): Map<string, CallInfo> {
  const calls = new Map<string, CallInfo>()
  for (const entry of entries) addCalls(calls, entry)
  return calls
}

/** What {@link callsOf} gives an entry without tool calls (shared: most entries have none). */
const NO_CALLS: readonly [string, CallInfo][] = []

/**
 * The tool calls of one entry (an assistant message's `toolCall` blocks), by call id, in the
 * message's order: what pi's toolCallMap takes from it. Empty for every other entry, without
 * an allocation (every entry of a session passes here at open).
 */
function callsOf(entry: SessionEntry): readonly [string, CallInfo][] {
  if (entry.type !== 'message') return NO_CALLS
  const message = (entry as { message?: { role?: unknown; content?: unknown } }).message
  if (!message || message.role !== 'assistant' || !Array.isArray(message.content)) return NO_CALLS
  let found: [string, CallInfo][] | null = null
  for (const block of message.content) {
    if (
      block &&
      typeof block === 'object' &&
      block.type === 'toolCall' &&
      typeof block.id === 'string'
    ) {
      const args = block.arguments && typeof block.arguments === 'object' ? block.arguments : {}
      ;(found ??= []).push([block.id, { name: str(block.name), args }])
    }
  }
  return found ?? NO_CALLS
}

/**
 * Adds the tool calls of one entry (an assistant message) to `calls`, by call id.
 * @returns whether a call replaced one of the same id (the later call describes its results)
 */
export function addCalls(calls: Map<string, CallInfo>, entry: SessionEntry): boolean {
  let replaced = false
  for (const [id, call] of callsOf(entry)) {
    if (calls.has(id)) replaced = true
    calls.set(id, call)
  }
  return replaced
}

/**
 * Whether `entries`, added in order after the calls of `calls`, call a tool by an id already
 * called (in `calls` or by an earlier one of them): the later call then describes the results
 * of both, so tool result rows made before it read differently now. Changes nothing.
 */
export function repeatsCall(
  calls: ReadonlyMap<string, CallInfo>,
  entries: Iterable<SessionEntry>,
): boolean {
  const seen = new Set<string>()
  for (const entry of entries)
    for (const [id] of callsOf(entry)) {
      if (calls.has(id) || seen.has(id)) return true
      seen.add(id)
    }
  return false
}
