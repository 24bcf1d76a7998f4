/**
 * Write side of the SessionManager: pi 1.6.0's append methods (pi spec 13.4) on top of the
 * safe-append rules of pi spec 17 (re-read the file's new tail first, one line per write, newline
 * repair, atomic rewrite of legacy files, rollback on failure).
 */
import { buildSessionProjection } from './context.js'
import { generateEntryId } from './ids.js'
import type { LoadedSession } from './load.js'
import { SessionReader } from './reader.js'
import { currentSystemMessage } from './system-message.js'
import type {
  AgentMessage,
  ContextEditReplacement,
  ImageContent,
  SessionEntry,
  TextContent,
  Usage,
  UsageEntry,
} from './types.js'
import { isEntryType } from './types.js'
import { serializeLine } from './write.js'
import { SessionReadOnlyError } from './errors.js'

type EntryBody = Record<string, unknown> & { type: string }

/** pi 1.6.0's append API. */
export abstract class AppendApi extends SessionReader {
  /** Our own entries that a label or session-name append must not hang on (see {@link resumeAfterOthers}). */
  private readonly resumeSkip = new Set<string>()

  /**
   * Makes the next label and session-name appends hang on the file's last entry that is not one
   * of `ids`: our entries that a writer's line, landing between our read and our write, left on
   * an older branch (pi spec 13.2: pi takes no lock). Hanging a repeat on them would keep pi's
   * resume point on that older branch; the writer's line is where pi resumes.
   */
  resumeAfterOthers(ids: Iterable<string>): void {
    for (const id of ids) this.resumeSkip.add(id)
  }

  /** Recomputes read-only mode from the diagnostics. */
  protected abstract updateReadOnly(): void
  /** Replaces the state with a full re-read of the file. */
  protected abstract reloadFrom(loaded: LoadedSession): void

  /** Appends a message as child of the leaf; returns its id (pi spec 13.4). */
  appendMessage(message: AgentMessage): string {
    return this.appendEntry(() => ({ type: 'message', message })).id
  }

  /** Records a thinking level change; returns its id. */
  appendThinkingLevelChange(thinkingLevel: string): string {
    return this.appendEntry(() => ({ type: 'thinking_level_change', thinkingLevel })).id
  }

  /** Records a model change; returns its id. */
  appendModelChange(provider: string, modelId: string): string {
    return this.appendEntry(() => ({ type: 'model_change', provider, modelId })).id
  }

  /** [1.6.0] Records usage outside the context; returns the entry (`note` omitted if falsy). */
  appendUsage(
    kind: string,
    provider: string,
    model: string,
    usage: Usage,
    note?: string,
  ): UsageEntry {
    return this.appendEntry(() => ({
      type: 'usage',
      kind,
      provider,
      model,
      usage,
      ...(note ? { note } : {}),
    })) as UsageEntry
  }

  /**
   * Appends a compaction (pi 1.6.0, spec 12.3): `firstKeptEntryId: null` means "retain none"
   * (stores the compaction's own id); the current system prompt is checkpointed as
   * `systemMessage` when there is one. Returns the id.
   */
  appendCompaction<T = unknown>(
    summary: string,
    firstKeptEntryId: string | null,
    tokensBefore: number,
    details?: T,
    fromHook?: boolean,
    usage?: Usage,
  ): string {
    return this.appendEntry((id, timestamp) => {
      const projection = buildSessionProjection(
        this.state.entries,
        this.state.leafId,
        this.state.byId,
      )
      const system = currentSystemMessage(projection.messages)
      return {
        type: 'compaction',
        summary,
        firstKeptEntryId: firstKeptEntryId ?? id,
        tokensBefore,
        details,
        usage,
        fromHook,
        ...(system
          ? { systemMessage: { ...system, timestamp: new Date(timestamp).getTime() } }
          : {}),
      }
    }).id
  }

  /** Extension state entry (never in the context); returns the id. */
  appendCustomEntry(customType: string, data?: unknown): string {
    return this.appendEntry(() => ({ type: 'custom', customType, data }), 'custom').id
  }

  /**
   * Sets the session name (pi 1.6.0: runs of CR/LF become one space, then trim; blank clears,
   * spec 11). On a file that exists, the entry's parent is the file's actual last entry, read
   * fresh from disk, so pi's resume point (leaf = last line, pi spec 9) never moves back. Returns the id.
   */
  appendSessionInfo(name: string): string {
    const clean = name.replace(/[\r\n]+/g, ' ').trim()
    return this.appendEntry(() => ({ type: 'session_info', name: clean }), 'default', true).id
  }

  /** Extension message that enters the context as role `custom`; returns the id. */
  appendCustomMessageEntry<T = unknown>(
    customType: string,
    content: string | (TextContent | ImageContent)[],
    display: boolean,
    details?: T,
  ): string {
    return this.appendEntry(
      () => ({ type: 'custom_message', customType, content, display, details }),
      'custom',
    ).id
  }

  /**
   * Sets (non-empty) or clears (undefined/"") the label of `targetId` (pi spec 10). Throws
   * `Entry <id> not found`. Parent as for {@link appendSessionInfo}. Returns the id.
   */
  appendLabelChange(targetId: string, label: string | undefined): string {
    return this.appendEntry(
      () => {
        if (!this.state.byId.has(targetId)) throw new Error(`Entry ${targetId} not found`)
        return { type: 'label', targetId, label }
      },
      'default',
      true,
    ).id
  }

  /**
   * [1.6.0] Branch-relative edit of an earlier message's content (pi spec 13.4), validated in
   * pi's order with pi's error texts. A string for an assistant/toolResult target is stored as
   * one text block. Returns the id.
   */
  appendContextEdit(targetId: string, replacement: ContextEditReplacement): string {
    return this.appendEntry(() => {
      const r = replacement as { content?: unknown } | null
      if (
        r !== null &&
        (typeof r !== 'object' ||
          !('content' in r) ||
          (typeof r.content !== 'string' && !Array.isArray(r.content)))
      ) {
        throw new Error('Context edit replacement must be null or contain string/array content')
      }
      const target = this.state.byId.get(targetId)
      if (!target) throw new Error(`Entry ${targetId} not found`)
      if (!this.getBranch().some((e) => e.id === targetId))
        throw new Error(`Entry ${targetId} is not on the active branch`)
      const role = isEntryType(target, 'message') ? target.message?.role : 'custom'
      const editable =
        target.type === 'custom_message' ||
        (target.type === 'message' &&
          (role === 'user' || role === 'assistant' || role === 'toolResult'))
      if (!editable) throw new Error(`Entry ${targetId} does not contribute editable model content`)
      const wrap =
        replacement !== null &&
        (role === 'assistant' || role === 'toolResult') &&
        typeof replacement.content === 'string'
      const stored = wrap ? { content: [{ type: 'text', text: replacement.content }] } : replacement
      return { type: 'context_edit', targetId, replacement: stored }
    }).id
  }

  /**
   * Moves the leaf to `branchFromId` (null = new root) and appends a `branch_summary` there;
   * `fromId` is the leaf before the move ("root" if none), as pi 1.6.0 records it (spec 14.7).
   * Throws `Entry <id> not found`. Returns the id.
   */
  branchWithSummary(
    branchFromId: string | null,
    summary: string,
    details?: unknown,
    fromHook?: boolean,
    usage?: Usage,
  ): string {
    if (branchFromId !== null && !this.state.byId.has(branchFromId))
      throw new Error(`Entry ${branchFromId} not found`)
    const fromId = this.state.leafId ?? 'root'
    const before = this.state.leafId
    this.state.leafId = branchFromId
    try {
      return this.appendEntry(() => ({
        type: 'branch_summary',
        fromId,
        summary,
        details,
        usage,
        fromHook,
      })).id
    } catch (error) {
      this.state.leafId = before
      throw error
    }
  }

  /**
   * The one path every append takes: refuse on read-only files, catch up with the file on disk,
   * build the entry (parent = leaf, or the file's last entry for labels/names), index it, write
   * it, roll back on failure (pi 1.6.0 rolls back too).
   * @param keyOrder pi writes `custom`/`custom_message` with the base fields last (spec 2.2)
   */
  protected appendEntry(
    build: (id: string, timestamp: string) => EntryBody,
    keyOrder: 'default' | 'custom' = 'default',
    atFileEnd = false,
  ): SessionEntry {
    if (this.readOnlyReason !== null)
      throw new SessionReadOnlyError(this.sessionFile, this.readOnlyReason)
    if (this.persist && this.flushed) this.catchUpWithFile()
    const parentId =
      atFileEnd && this.persist && this.flushed
        ? this.state.resumeParentId(this.resumeSkip)
        : this.state.leafId
    const id = generateEntryId((x) => this.state.byId.has(x))
    const timestamp = new Date().toISOString()
    const body = build(id, timestamp)
    const { type, ...rest } = body
    const entry = (keyOrder === 'custom'
      ? { type, ...rest, id, parentId, timestamp }
      : { type, id, parentId, timestamp, ...rest }) as unknown as SessionEntry
    const previousLeaf = this.state.leafId
    this.state.push(entry)
    try {
      this.persistEntry(entry)
    } catch (error) {
      this.state.rollback(previousLeaf)
      throw error
    }
    return entry
  }

  /** Reads what another process (pi) appended, or re-reads a replaced file (pi spec 13.2: pi takes no lock). */
  private catchUpWithFile(): void {
    if (this.file === null) return
    const change = this.file.sync()
    if (change.kind === 'grown') {
      this.state.extend(change.tail.entries, change.tail.lines, change.tail.diagnostics)
    } else if (change.kind === 'replaced') {
      this.reloadFrom(change.loaded)
    }
    this.updateReadOnly()
    if (this.readOnlyReason !== null)
      throw new SessionReadOnlyError(this.sessionFile, this.readOnlyReason)
  }

  private persistEntry(entry: SessionEntry): void {
    if (!this.persist || this.file === null) return
    if (!this.flushed) {
      // pi 1.6.0 writes a new session once it holds a user or assistant message (spec 13.1).
      if (!this.state.hasConversation) return
      this.file.create(this.allLines())
      this.flushed = true
      return
    }
    if (this.file.legacyVersion !== null) this.file.rewrite(this.allLines())
    else this.file.append(serializeLine(entry))
  }

  /** Header and entries as pi would write them. */
  protected allLines(): string[] {
    const lines: string[] = []
    if (this.state.header !== null) lines.push(serializeLine(this.state.header))
    for (const e of this.state.entries) lines.push(serializeLine(e))
    return lines
  }
}
