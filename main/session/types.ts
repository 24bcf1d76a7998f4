/**
 * Types of pi's session files: the header, every entry type and the messages they carry.
 *
 * Source: pi spec 2 (file format), pi 1.6.0's `session-manager.d.ts` and `messages.d.ts`.
 * Files are hostile input: these types describe what pi writes, not what a file is guaranteed
 * to contain. Loaders report deviations as {@link Diagnostic}s instead of rejecting the file.
 */

import type { AgentMessage, ImageContent, SystemMessage, TextContent, Usage } from './messages.js'

export * from './messages.js'

/** Format version pi writes today (pi spec 3). */
export const CURRENT_SESSION_VERSION = 3

/**
 * First line of a session file (pi spec 2.1). Extra fields (legacy `provider`, `modelId`,
 * `thinkingLevel`, `branchedFrom`, future ones) are preserved and ignored.
 */
export interface SessionHeader {
  type: 'session'
  /** Missing = v1. Any value >= 3 loads as-is. */
  version?: number
  /** Session id (UUIDv7 or a caller-chosen id). Damaged files may carry a non-string. */
  id: string
  /** ISO creation time; may be unparseable in damaged files. */
  timestamp: string
  /** Working directory; absent in damaged or very old files. */
  cwd: string
  /** Absolute path of the session this one was forked or branched from. */
  parentSession?: string
  [extra: string]: unknown
}

/** Fields every entry carries (pi spec 2.2). `parentId: null` marks a root. */
export interface SessionEntryBase {
  type: string
  /** Normally 8 hex chars; may be a 36-char UUID (pi spec 4). */
  id: string
  parentId: string | null
  /** ISO time of the entry. */
  timestamp: string
}

/** A conversation message (pi spec 2.3). */
export interface SessionMessageEntry extends SessionEntryBase {
  type: 'message'
  message: AgentMessage
}

/** Thinking level switch (`off`, `minimal`, `low`, `medium`, `high`, `xhigh`, ...). */
export interface ThinkingLevelChangeEntry extends SessionEntryBase {
  type: 'thinking_level_change'
  thinkingLevel: string
}

/** Model switch. */
export interface ModelChangeEntry extends SessionEntryBase {
  type: 'model_change'
  provider: string
  modelId: string
}

/**
 * Context compaction (pi spec 2.3, 12). `retainedTail` is the seed document's self-contained
 * checkpoint (pi spec 12.4): read when present, never written.
 */
export interface CompactionEntry<T = unknown> extends SessionEntryBase {
  type: 'compaction'
  summary: string
  /** Absent after migrating a v1 compaction whose index did not resolve (pi spec 3). */
  firstKeptEntryId: string
  tokensBefore: number
  details?: T
  fromHook?: boolean
  usage?: Usage
  systemMessage?: SystemMessage
  retainedTail?: AgentMessage[]
}

/** Summary of an abandoned branch (pi spec 14.7). */
export interface BranchSummaryEntry<T = unknown> extends SessionEntryBase {
  type: 'branch_summary'
  fromId: string
  summary: string
  details?: T
  fromHook?: boolean
  usage?: Usage
}

/** Extension state; never in the model context. */
export interface CustomEntry<T = unknown> extends SessionEntryBase {
  type: 'custom'
  customType: string
  data?: T
}

/** Extension message that enters the model context as role `custom`. */
export interface CustomMessageEntry<T = unknown> extends SessionEntryBase {
  type: 'custom_message'
  customType: string
  content: string | (TextContent | ImageContent)[]
  details?: T
  display: boolean
}

/** Label set (non-empty `label`) or cleared (absent/empty) on `targetId` (pi spec 10). */
export interface LabelEntry extends SessionEntryBase {
  type: 'label'
  targetId: string
  label: string | undefined
}

/** Session name; latest in file order wins, blank clears (pi spec 11). */
export interface SessionInfoEntry extends SessionEntryBase {
  type: 'session_info'
  name?: string
}

/** [1.6.0] Usage not tied to a message (e.g. `cache_warm`). */
export interface UsageEntry extends SessionEntryBase {
  type: 'usage'
  kind: string
  provider: string
  model: string
  usage: Usage
  note?: string
}

/** Replacement content of a context edit; `null` removes the target from the context. */
export type ContextEditReplacement = { content: string | (TextContent | ImageContent)[] } | null

/** [1.6.0] Branch-relative edit of an earlier message's model content (pi spec 12.3). */
export interface ContextEditEntry extends SessionEntryBase {
  type: 'context_edit'
  targetId: string
  replacement: ContextEditReplacement
}

/**
 * An entry of a type pi does not know (future versions, other tools, or `{}`): kept, shown in
 * the tree, ignored by context and listing (pi spec 2.3). Its base fields may be missing.
 */
export interface UnknownEntry extends SessionEntryBase {
  [field: string]: unknown
}

/** Every entry type pi 1.6.0 defines. */
export type KnownSessionEntry =
  | SessionMessageEntry
  | ThinkingLevelChangeEntry
  | ModelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry
  | UsageEntry
  | ContextEditEntry

/**
 * Any non-header line that parsed to an object. Discriminated by `type`; narrow with
 * {@link isEntryType} (an open `type: string` member defeats TypeScript's own narrowing).
 */
export type SessionEntry = KnownSessionEntry | UnknownEntry

/** Header or entry: one parsed line. */
export type FileEntry = SessionHeader | SessionEntry

/** The `type` values pi 1.6.0 defines for entries. */
export type KnownEntryType = KnownSessionEntry['type']

/** Entry types this module understands (anything else is `unknown-type`). */
export const KNOWN_ENTRY_TYPES: ReadonlySet<string> = new Set<KnownEntryType>([
  'message',
  'thinking_level_change',
  'model_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info',
  'usage',
  'context_edit',
])

/**
 * Narrows an entry by its `type` field, exactly as pi does (it trusts `type`).
 * @example if (isEntryType(e, 'message')) e.message.role
 */
export function isEntryType<T extends KnownEntryType>(
  entry: SessionEntry | null | undefined,
  type: T,
): entry is Extract<KnownSessionEntry, { type: T }> {
  return entry != null && entry.type === type
}

/** Kinds of damage the loader reports (pi spec 16, 17: no hangs, no silent loss). */
export type DiagnosticKind =
  | 'malformed-json'
  | 'truncated-last-line'
  | 'fused-lines'
  | 'missing-header'
  | 'invalid-header'
  | 'bom'
  | 'not-utf8'
  | 'null-line'
  | 'non-object-line'
  | 'duplicate-id'
  | 'dangling-parent'
  | 'cycle'
  | 'unknown-type'
  | 'null-content'
  | 'second-header'
  | 'io'

/** One finding about a file; `line` is the 1-based physical line, 0 = the whole file. */
export interface Diagnostic {
  line: number
  kind: DiagnosticKind
  message: string
  entryId?: string
}

/** Tree node of `getTree()` (pi spec 8): the entry, its sorted children, resolved label. */
export interface SessionTreeNode {
  entry: SessionEntry
  children: SessionTreeNode[]
  label?: string
  labelTimestamp?: string
}

/** What the model would see at a leaf (pi spec 12). */
export interface SessionContext {
  messages: AgentMessage[]
  thinkingLevel: string
  model: { provider: string; modelId: string } | null
}

/** Options of `newSession` / `create` (pi spec 14.2; `id` is 1.6.0's custom session id). */
export interface NewSessionOptions {
  id?: string
  parentSession?: string
}
