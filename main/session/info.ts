/**
 * Per-file listing summary, as pi 1.6.0's `list()` / `listAll()` compute it (pi spec 15.1).
 */
import type { LoadedSession } from './load.js'
import type { SessionEntry, SessionHeader } from './types.js'

/** One session in a listing (pi spec 15.1; field names and meanings are pi's). */
export interface SessionInfo {
  /** Absolute file path. */
  path: string
  /** Header id (a damaged header's non-string id is turned into a string). */
  id: string
  /** Header cwd if it is a string, else "". */
  cwd: string
  /** Last `session_info` name in file order, trimmed; blank clears it. */
  name?: string
  /** Header `parentSession`, as stored. */
  parentSessionPath?: string
  /** `new Date(header.timestamp)`; may be an Invalid Date. */
  created: Date
  /** Last user/assistant activity, else header time, else file mtime. */
  modified: Date
  /** `message` entries of all roles on all branches. */
  messageCount: number
  /** Text of the first user message with text, or "(no messages)". */
  firstMessage: string
  /** Texts of all user and assistant messages, in file order, joined with one space. */
  allMessagesText: string
}

/**
 * Builds the listing summary of a loaded file with pi 1.6.0's rules (pi spec 15.1), without
 * pi's failure modes: a `content: null` message counts as empty text instead of hiding the
 * session. `listedByPi` tells whether pi 1.6.0's `list()` would show the file at all (its first
 * parsed line must be the header, pi spec 6.2; a BOM, a leading non-object line or text
 * extraction throwing on odd content drops the session).
 *
 * @param path absolute path to report
 * @param loaded result of parseSessionText / loadSessionFile (migration does not matter here)
 * @param mtime file modification time, the last fallback for `modified`
 * @returns info null only when the file has no header at all. Never throws.
 */
export function buildSessionInfo(
  path: string,
  loaded: LoadedSession,
  mtime: Date,
): { info: SessionInfo | null; listedByPi: boolean } {
  const { header } = loaded
  if (header === null) return { info: null, listedByPi: false }
  let messageCount = 0
  let firstMessage = ''
  const texts: string[] = []
  let name: string | undefined
  let lastActivity: number | undefined
  for (const entry of loaded.entries) {
    if (entry.type === 'session_info') {
      const raw = (entry as { name?: unknown }).name
      name = typeof raw === 'string' ? raw.trim() || undefined : undefined
    }
    if (entry.type !== 'message') continue
    messageCount++
    const message = (entry as { message?: unknown }).message as Record<string, unknown> | null
    if (message === null || typeof message !== 'object') continue
    const role = message.role
    if (typeof role !== 'string' || !('content' in message)) continue
    if (role !== 'user' && role !== 'assistant') continue
    const activity = activityTime(entry, message)
    if (activity !== undefined) lastActivity = Math.max(lastActivity ?? 0, activity)
    const text = messageText(message.content)
    if (!text) continue
    texts.push(text)
    if (!firstMessage && role === 'user') firstMessage = text
  }
  const info: SessionInfo = {
    path,
    id: String(header.id),
    cwd: typeof header.cwd === 'string' ? header.cwd : '',
    created: new Date(header.timestamp),
    modified: modifiedDate(lastActivity, header, mtime),
    messageCount,
    firstMessage: firstMessage || '(no messages)',
    allMessagesText: texts.join(' '),
  }
  if (name !== undefined) info.name = name
  if (header.parentSession !== undefined) info.parentSessionPath = header.parentSession
  return { info, listedByPi: isListedByPi(loaded) }
}

/**
 * Would pi 1.6.0's list()/listAll() show this file (pi spec 6.2)? Not when its first parsed
 * line is not the header, nor when pi's info extraction throws: a session name that is not
 * a string, a `message` entry without a message object, or user/assistant content its text
 * extraction cannot read (e.g. `content: null`). Never throws.
 */
export function isListedByPi(loaded: LoadedSession): boolean {
  if (loaded.header === null || !headerIsFirstForPi(loaded)) return false
  for (const entry of loaded.entries) {
    if (entry.type === 'session_info') {
      const raw = (entry as { name?: unknown }).name
      if (raw != null && typeof raw !== 'string') return false
      continue
    }
    if (entry.type !== 'message') continue
    const message = (entry as { message?: unknown }).message as Record<string, unknown> | null
    if (message === null || typeof message !== 'object') return false
    const role = message.role
    if (typeof role !== 'string' || !('content' in message)) continue
    if (role !== 'user' && role !== 'assistant') continue
    if (messageText(message.content) === undefined) return false
  }
  return true
}

/**
 * pi 1.6.0's listing gives up when the first parsed line is not the header. Our parser drops
 * lines pi would still see as "parsed" (BOM-prefixed header, non-object JSON), so check the
 * diagnostics that sit before the header.
 */
function headerIsFirstForPi(loaded: LoadedSession): boolean {
  for (const d of loaded.diagnostics) {
    if (d.kind === 'bom' || d.kind === 'missing-header') return false
    if (d.kind === 'non-object-line' && d.line < loaded.headerLine) return false
  }
  return true
}

/** Text of a message as pi's listing extracts it; undefined where pi's extraction throws. */
export function messageText(content: unknown): string | undefined {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return undefined
  const parts: string[] = []
  for (const block of content as unknown[]) {
    if (block === null || block === undefined) return undefined
    const b = block as { type?: unknown; text?: unknown }
    // Array.join turns a missing text into '' as well.
    if (b.type === 'text') parts.push(b.text == null ? '' : String(b.text))
  }
  return parts.join(' ')
}

function activityTime(entry: SessionEntry, message: Record<string, unknown>): number | undefined {
  if (typeof message.timestamp === 'number') return message.timestamp
  const t = new Date(entry.timestamp).getTime()
  return Number.isNaN(t) ? undefined : t
}

function modifiedDate(lastActivity: number | undefined, header: SessionHeader, mtime: Date): Date {
  if (typeof lastActivity === 'number' && lastActivity > 0) return new Date(lastActivity)
  const headerTime =
    typeof header.timestamp === 'string' ? new Date(header.timestamp).getTime() : NaN
  return Number.isNaN(headerTime) ? mtime : new Date(headerTime)
}
