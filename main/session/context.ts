/**
 * Building the model context from a leaf (pi spec 12, pi 1.6.0 semantics), plus the seed
 * document's `retainedTail` checkpoints (pi spec 12.4). Never loops, never throws on odd entries.
 */
import { walkToRoot } from './tree.js'
import type {
  AgentMessage,
  CompactionEntry,
  ContextEditEntry,
  SessionContext,
  SessionEntry,
} from './types.js'
import { isEntryType } from './types.js'

/** One selected entry and the messages it contributes (pi 1.6.0 `buildSessionProjection`). */
export interface ProjectedEntry {
  sourceEntry: SessionEntry
  messages: AgentMessage[]
}

/** Context with provenance: which entry produced which messages. */
export interface SessionProjection extends SessionContext {
  entries: ProjectedEntry[]
}

function indexOf(entries: readonly SessionEntry[]): Map<string, SessionEntry> {
  const byId = new Map<string, SessionEntry>()
  for (const e of entries) byId.set(e.id, e)
  return byId
}

/**
 * The path a context is built from (pi spec 12.1): `leafId === null` -> []; an unknown or
 * undefined leaf id -> the last entry; then root-first, cycle-safe (see walkToRoot).
 */
export function buildSessionPath(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  byId: ReadonlyMap<string, SessionEntry> = indexOf(entries),
): SessionEntry[] {
  if (leafId === null) return []
  const leaf = (leafId ? byId.get(leafId) : undefined) ?? entries[entries.length - 1]
  return walkToRoot(leaf, byId)
}

function hasRetainedTail(c: CompactionEntry): boolean {
  return Array.isArray(c.retainedTail)
}

/**
 * Compaction-aware entries of the active path (pi 1.6.0 `buildContextEntries`, spec 12.3):
 * without a compaction the whole path; with one, the latest compaction `C`, then the path
 * entries before `C` from `firstKeptEntryId` on (without `system` messages), then everything
 * after `C`. A `C` carrying a `retainedTail` array is a self-contained checkpoint (seed
 * document, spec 12.4): nothing before it is kept.
 */
export function buildContextEntries(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  byId?: ReadonlyMap<string, SessionEntry>,
): SessionEntry[] {
  return contextEntriesOfPath(buildSessionPath(entries, leafId, byId))
}

function contextEntriesOfPath(path: readonly SessionEntry[]): SessionEntry[] {
  let at = -1
  for (let i = path.length - 1; i >= 0; i--) {
    if (isEntryType(path[i], 'compaction')) {
      at = i
      break
    }
  }
  if (at < 0) return path as SessionEntry[]
  const compaction = path[at] as CompactionEntry
  const out: SessionEntry[] = [compaction]
  if (!hasRetainedTail(compaction)) {
    let kept = false
    for (let i = 0; i < at; i++) {
      const entry = path[i] as SessionEntry
      if (entry.id === compaction.firstKeptEntryId) kept = true
      if (kept && !isSystemMessageEntry(entry)) out.push(entry)
    }
  }
  for (let i = at + 1; i < path.length; i++) out.push(path[i] as SessionEntry)
  return out
}

function isSystemMessageEntry(entry: SessionEntry): boolean {
  return isEntryType(entry, 'message') && entry.message?.role === 'system'
}

/**
 * Messages one entry contributes (pi 1.6.0 `sessionEntryToContextMessages`, spec 12.1):
 * messages as stored (null/missing content of user/assistant/toolResult -> `[]`, of system ->
 * ""), custom_message -> role `custom`, non-empty branch_summary -> `branchSummary`,
 * compaction -> its `systemMessage` (if any) + `compactionSummary` (+ `retainedTail`, seed).
 * A `message` entry without a message object contributes nothing (pi would throw).
 */
export function entryToContextMessages(entry: SessionEntry): AgentMessage[] {
  if (isEntryType(entry, 'message')) {
    const message = entry.message as AgentMessage | null | undefined
    if (message === null || typeof message !== 'object') return []
    const content = (message as { content?: unknown }).content
    if (message.role === 'system' && content == null) return [{ ...message, content: '' }]
    const role = message.role
    if ((role === 'user' || role === 'assistant' || role === 'toolResult') && content == null) {
      return [{ ...message, content: [] } as AgentMessage]
    }
    return [message]
  }
  const ms = (ts: string) => new Date(ts).getTime()
  if (isEntryType(entry, 'custom_message')) {
    const { customType, display, details } = entry
    const content = entry.content ?? []
    return [
      { role: 'custom', customType, content, display, details, timestamp: ms(entry.timestamp) },
    ]
  }
  if (isEntryType(entry, 'branch_summary')) {
    if (!entry.summary) return []
    const { summary, fromId } = entry
    return [{ role: 'branchSummary', summary, fromId, timestamp: ms(entry.timestamp) }]
  }
  if (isEntryType(entry, 'compaction')) {
    const { summary, tokensBefore } = entry
    const out: AgentMessage[] = entry.systemMessage ? [entry.systemMessage] : []
    out.push({ role: 'compactionSummary', summary, tokensBefore, timestamp: ms(entry.timestamp) })
    if (Array.isArray(entry.retainedTail)) for (const m of entry.retainedTail) out.push(m)
    return out
  }
  return []
}

/** Applies a context edit to an entry's messages (pi 1.6.0 `projectContextEntry`). */
function applyEdit(messages: AgentMessage[], edit: ContextEditEntry | undefined): AgentMessage[] {
  if (edit === undefined) return messages
  const replacement = edit.replacement
  if (replacement === null) return []
  return messages.map((message) => {
    const role = message.role
    if (role !== 'user' && role !== 'assistant' && role !== 'toolResult' && role !== 'custom') {
      return message
    }
    const wrap =
      (role === 'assistant' || role === 'toolResult') && typeof replacement.content === 'string'
    const content = wrap ? [{ type: 'text', text: replacement.content }] : replacement.content
    return { ...message, content } as AgentMessage
  })
}

/**
 * Thinking level and model on the full path (pi spec 12.1): last `thinking_level_change`
 * (default "off"); last `model_change` or assistant message, whichever comes later.
 * @param start the settings before `path` (to continue a path that grew at its end)
 */
export function contextSettings(
  path: readonly SessionEntry[],
  start: Pick<SessionContext, 'thinkingLevel' | 'model'> = { thinkingLevel: 'off', model: null },
): Pick<SessionContext, 'thinkingLevel' | 'model'> {
  let thinkingLevel = start.thinkingLevel
  let model: SessionContext['model'] = start.model
  for (const entry of path) {
    if (isEntryType(entry, 'thinking_level_change')) thinkingLevel = entry.thinkingLevel
    else if (isEntryType(entry, 'model_change')) {
      model = { provider: entry.provider, modelId: entry.modelId }
    } else if (isEntryType(entry, 'message') && entry.message?.role === 'assistant') {
      const m = entry.message as { provider: string; model: string }
      model = { provider: m.provider, modelId: m.model }
    }
  }
  return { thinkingLevel, model }
}

/**
 * Context with provenance (pi 1.6.0 `buildSessionProjection`, spec 12.3): only the latest
 * compaction (position 0) yields messages; the last `context_edit` per target among the
 * selected entries replaces (or removes) that target's content.
 */
export function buildSessionProjection(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  byId?: ReadonlyMap<string, SessionEntry>,
): SessionProjection {
  return projectPath(buildSessionPath(entries, leafId, byId))
}

/**
 * The projection of an already walked path (root first; see {@link buildSessionProjection}):
 * for callers that hold the path anyway and must not walk it twice.
 */
export function projectPath(path: readonly SessionEntry[]): SessionProjection {
  const { thinkingLevel, model } = contextSettings(path)
  const selected = contextEntriesOfPath(path)
  const edits = new Map<string, ContextEditEntry>()
  for (const entry of selected)
    if (isEntryType(entry, 'context_edit')) edits.set(entry.targetId, entry)
  const projected: ProjectedEntry[] = []
  const messages: AgentMessage[] = []
  for (let i = 0; i < selected.length; i++) {
    const sourceEntry = selected[i] as SessionEntry
    const own =
      isEntryType(sourceEntry, 'compaction') && i > 0
        ? []
        : applyEdit(entryToContextMessages(sourceEntry), edits.get(sourceEntry.id))
    projected.push({ sourceEntry, messages: own })
    for (const m of own) messages.push(m)
  }
  return { entries: projected, messages, thinkingLevel, model }
}

/**
 * What the model sees at `leafId` (pi spec 12): `{messages, thinkingLevel, model}`.
 * @param entries all entries in file order
 * @param leafId undefined -> last entry; null -> empty context
 * @param byId optional prebuilt index (later duplicates win)
 */
export function buildSessionContext(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  byId?: ReadonlyMap<string, SessionEntry>,
): SessionContext {
  const { messages, thinkingLevel, model } = buildSessionProjection(entries, leafId, byId)
  return { messages, thinkingLevel, model }
}
