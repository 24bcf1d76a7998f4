/**
 * pi's listing rule as one incremental fold (pi spec 15.1 SessionInfo, 6.2 what the listing
 * hides): start from a header, add entries in file order, read the listing fields at any
 * point. pi's own `list()` (info.ts), the session view's header and the library's digest all
 * fold entries through here, so a row and a header can never disagree, and an appended file
 * is folded from where the previous fold stopped.
 */
import type { SessionEntry, SessionHeader } from './types.js'

/** One searchable text: a user or assistant message with text (pi spec 15.1 `allMessagesText`). */
export interface ListingText {
  entryId: string
  role: 'user' | 'assistant'
  text: string
}

/** The listing fields so far (plain data: it is stored and resumed by the library). */
export interface ListingFold {
  /** `new Date(header.timestamp)` in ms; null when the header is missing or its time invalid. */
  created: number | null
  /** The header time `modified` may fall back to: pi uses string timestamps only. */
  headerTime: number | null
  /** Latest `session_info` name in file order, trimmed; null when unset or cleared (spec 11). */
  name: string | null
  /** First non-empty user message text (spec 15.1). */
  firstMessage: string | null
  /** Newest user/assistant activity in ms (spec 15.1); null when none. */
  lastActivity: number | null
  /** `message` entries of all roles on all branches. */
  messageCount: number
  /**
   * Would pi 1.6.0's list()/listAll() show the file (spec 6.2)? False once a header is not
   * the first parsed line, a session name is not a string, a `message` entry has no message
   * object, or user/assistant content defeats pi's text extraction.
   */
  listedByPi: boolean
}

type Loose = Record<string, unknown>

/**
 * Starts a fold.
 * @param header the file's header, or null when it has none (the fields then come from the
 *   readable entries alone, and pi would not list the file)
 * @param headerFirstForPi false when pi's listing would not see the header as the first line
 */
export function startListing(header: SessionHeader | null, headerFirstForPi = true): ListingFold {
  const created = header ? new Date(header.timestamp).getTime() : NaN
  const headerTime =
    header && typeof header.timestamp === 'string' ? new Date(header.timestamp).getTime() : NaN
  return {
    created: Number.isNaN(created) ? null : created,
    headerTime: Number.isNaN(headerTime) ? null : headerTime,
    name: null,
    firstMessage: null,
    lastActivity: null,
    messageCount: 0,
    listedByPi: header !== null && headerFirstForPi,
  }
}

/**
 * Adds one entry (in file order). Never throws on odd entries.
 * @param onText called with each user/assistant text, in file order
 */
export function foldListing(
  fold: ListingFold,
  entry: SessionEntry,
  onText?: (text: ListingText) => void,
): void {
  const loose = entry as unknown as Loose
  if (entry.type === 'session_info') {
    const raw = loose.name
    if (raw != null && typeof raw !== 'string') fold.listedByPi = false
    fold.name = typeof raw === 'string' ? raw.trim() || null : null
    return
  }
  if (entry.type !== 'message') return
  fold.messageCount += 1
  const message = loose.message as Loose | null | undefined
  if (message === null || typeof message !== 'object') {
    fold.listedByPi = false
    return
  }
  const role = message.role
  if (typeof role !== 'string' || !('content' in message)) return
  if (role !== 'user' && role !== 'assistant') return
  const activity =
    typeof message.timestamp === 'number'
      ? message.timestamp
      : new Date(entry.timestamp as string).getTime()
  if (!Number.isNaN(activity)) fold.lastActivity = Math.max(fold.lastActivity ?? 0, activity)
  const text = messageText(message.content)
  if (text === undefined) {
    fold.listedByPi = false
    return
  }
  if (!text) return
  onText?.({ entryId: typeof loose.id === 'string' ? loose.id : '', role, text })
  if (role === 'user' && fold.firstMessage === null) fold.firstMessage = text
}

/**
 * pi spec 15.1 `modified`: the last activity when > 0, else the header's (string) time,
 * else the file's mtime. All in ms since epoch.
 */
export function listingModified(fold: ListingFold, mtimeMs: number): number {
  if (fold.lastActivity !== null && fold.lastActivity > 0) return fold.lastActivity
  return fold.headerTime ?? mtimeMs
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
