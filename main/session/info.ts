/**
 * Per-file listing summary, as pi 1.6.0's `list()` / `listAll()` compute it (pi spec 15.1),
 * from the listing fold (fold.ts).
 */
import type { LoadedSession } from './load.js'
import { KNOWN_ENTRY_TYPES } from './types.js'
import { NO_MESSAGES } from './first-message.js'
import {
  foldListing,
  listingModified,
  startListing,
  type ListingFold,
  type ListingText,
} from './fold.js'

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
 * Builds the listing summary of a loaded file with pi 1.6.0's rules (pi spec 15.1) through
 * the one listing fold (fold.ts), without pi's failure modes: a `content: null` message counts
 * as empty text instead of hiding the session. `listedByPi` tells whether pi 1.6.0's `list()`
 * would show the file at all (pi spec 6.2).
 *
 * @param path absolute path to report
 * @param loaded result of parseSessionText / loadSessionFile (migration does not matter here)
 * @param mtime file modification time, the last fallback for `modified`
 * @returns info (and the fold it came from, to continue it) null only when the file has no
 *   header at all. Never throws.
 */
export function buildSessionInfo(
  path: string,
  loaded: LoadedSession,
  mtime: Date,
): { info: SessionInfo | null; listedByPi: boolean; fold: ListingFold | null } {
  const { header } = loaded
  if (header === null) return { info: null, listedByPi: false, fold: null }
  const texts: string[] = []
  const fold = foldLoaded(loaded, (t) => texts.push(t.text))
  const info: SessionInfo = {
    path,
    id: String(header.id),
    cwd: typeof header.cwd === 'string' ? header.cwd : '',
    created: new Date(header.timestamp),
    modified: new Date(listingModified(fold, mtime.getTime())),
    messageCount: fold.messageCount,
    firstMessage: fold.firstMessage ?? NO_MESSAGES,
    allMessagesText: texts.join(' '),
  }
  if (fold.name !== null) info.name = fold.name
  if (header.parentSession !== undefined) info.parentSessionPath = header.parentSession
  return { info, listedByPi: fold.listedByPi, fold }
}

/**
 * Folds every entry of a loaded file through pi's listing rule (fold.ts).
 * @param onText receives each user/assistant text in file order
 */
export function foldLoaded(
  loaded: LoadedSession,
  onText?: (text: ListingText) => void,
): ListingFold {
  const fold = startListing(loaded.header, headerIsFirstForPi(loaded))
  for (const entry of loaded.entries) foldListing(fold, entry, onText)
  return fold
}

/**
 * Whether a file is a pi session at all (pi spec 2: a header line, then entries): it has a
 * header, or one of its lines is a pi entry (a known entry type), or nothing in it parses as
 * JSON (a torn pi file). A JSONL file of another program — its first line JSON of another
 * shape, no pi entry anywhere — is not. An empty file counts as a (damaged) session.
 */
export function isPiSessionFile(loaded: LoadedSession): boolean {
  if (loaded.header !== null || loaded.entries.length === 0) return true
  if (loaded.lines[0] !== 1) return true
  return loaded.entries.some((entry) => KNOWN_ENTRY_TYPES.has(entry.type))
}

/** Would pi 1.6.0's list()/listAll() show this file (pi spec 6.2)? Never throws. */
export function isListedByPi(loaded: LoadedSession): boolean {
  return foldLoaded(loaded).listedByPi
}

/**
 * pi 1.6.0's listing gives up when the first parsed line is not the header. Our parser drops
 * lines pi would still see as "parsed" (BOM-prefixed header, non-object JSON), so check the
 * diagnostics that sit before the header.
 */
export function headerIsFirstForPi(loaded: LoadedSession): boolean {
  for (const d of loaded.diagnostics) {
    if (d.kind === 'bom' || d.kind === 'missing-header') return false
    if (d.kind === 'non-object-line' && d.line < loaded.headerLine) return false
  }
  return true
}
