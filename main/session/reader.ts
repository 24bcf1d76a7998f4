/**
 * Read side of the SessionManager: pi 1.6.0's getters, tree and context methods over the
 * in-memory state (pi spec 7-12). Nothing here touches the disk.
 */
import { buildContextEntries, buildSessionContext } from './context.js'
import type { SessionFile } from './session-file.js'
import { SessionState } from './state.js'
import {
  buildForestSteps,
  buildTree,
  buildTreeSteps,
  childrenOf,
  growForest,
  walkToRoot,
  type EntryForest,
} from './tree.js'
import type {
  Diagnostic,
  SessionContext,
  SessionEntry,
  SessionHeader,
  SessionTreeNode,
} from './types.js'
import { isEntryType } from './types.js'

/** Shared fields and read methods of {@link SessionManager}. */
export abstract class SessionReader {
  protected sessionId = ''
  protected sessionFile: string | undefined
  protected flushed = false
  protected readonly state = new SessionState()
  protected file: SessionFile | null = null
  protected readOnlyReason: string | null = null

  protected constructor(
    protected cwd: string,
    protected sessionDir: string,
    protected readonly persist: boolean,
  ) {}

  /** Whether the session is file-backed (false for `inMemory`). */
  isPersisted(): boolean {
    return this.persist
  }

  /** Working directory (resolved, pi 1.6.0). */
  getCwd(): string {
    return this.cwd
  }

  /** Folder for new/branched sessions ("" in memory). */
  getSessionDir(): string {
    return this.sessionDir
  }

  /** Header id; for a header-less damaged file, the id part of its file name. */
  getSessionId(): string {
    return this.sessionId
  }

  /** Absolute file path; undefined in memory. */
  getSessionFile(): string | undefined {
    return this.sessionFile
  }

  /**
   * Current position (pi spec 9): after loading, the last entry's id (pi 1.6.0); null before
   * any entry and when the last line has no id (pi 1.6.0 returns undefined there: no leaf).
   */
  getLeafId(): string | null {
    return this.state.leafId ?? null
  }

  /**
   * The entry pi builds its context from when resuming (pi 1.6.0 `buildSessionPath`): the leaf;
   * with no leaf id, the last entry itself; undefined when the context is empty by rule (no
   * entries, or a last line that is not an object).
   */
  getResumeEntry(): SessionEntry | undefined {
    const leafId = this.state.leafId
    if (leafId === null) return undefined
    if (leafId === undefined) return this.state.entries[this.state.entries.length - 1]
    return this.state.byId.get(leafId)
  }

  /** Entry at the leaf. */
  getLeafEntry(): SessionEntry | undefined {
    return this.state.leafId ? this.state.byId.get(this.state.leafId) : undefined
  }

  /** Entry by id (a later duplicate wins, pi spec 7). */
  getEntry(id: string): SessionEntry | undefined {
    return this.state.byId.get(id)
  }

  /** Direct children, unsorted (pi spec 8). */
  getChildren(parentId: string): SessionEntry[] {
    return childrenOf(this.state.byId, parentId)
  }

  /** Resolved label of an entry: latest label entry in file order wins (pi spec 10). */
  getLabel(id: string): string | undefined {
    return this.state.labelsById.get(id)
  }

  /**
   * Entries from the root to `fromId` (default: the leaf), root first (pi spec 9). Returns
   * instead of hanging on a parentId cycle (stops at the first repeated entry).
   */
  getBranch(fromId?: string): SessionEntry[] {
    const start = fromId ?? this.state.leafId
    return walkToRoot(start ? this.state.byId.get(start) : undefined, this.state.byId)
  }

  /** Compaction-aware entries of the active path (pi 1.6.0, spec 12.3). */
  buildContextEntries(): SessionEntry[] {
    return buildContextEntries(this.state.entries, this.state.leafId, this.state.byId)
  }

  /** Messages, thinking level and model at the leaf (pi spec 12). */
  buildSessionContext(): SessionContext {
    return buildSessionContext(this.state.entries, this.state.leafId, this.state.byId)
  }

  /** The first header of the file, or null for a header-less damaged file. */
  getHeader(): SessionHeader | null {
    return this.state.header
  }

  /** Number of distinct ids (pi 1.6.0 `getEntryCount`). */
  getEntryCount(): number {
    return this.state.byId.size
  }

  /** All entries in file order (a shallow copy), pi spec 7. */
  getEntries(): SessionEntry[] {
    return this.state.entries.slice()
  }

  /** The entry tree (pi spec 8; see tree.ts for where it deliberately differs). */
  getTree(): SessionTreeNode[] {
    return buildTree(this.state)
  }

  /** {@link getTree} in steps that pause every few thousand entries (see buildTreeSteps). */
  getTreeSteps(): Generator<void, SessionTreeNode[]> {
    return buildTreeSteps(this.state)
  }

  /** {@link getTreeSteps}, kept in a form entries appended later can join ({@link growTree}). */
  getForestSteps(): Generator<void, EntryForest> {
    return buildForestSteps(this.state)
  }

  /**
   * Adds to `forest` (built over a session with fewer entries, that were this one's first) the
   * entries it lacks, as {@link getTree} would place them.
   * @returns false, leaving it unchanged, when they cannot simply join it (see growForest)
   */
  growTree(forest: EntryForest): boolean {
    return growForest(forest, this.state)
  }

  /** Name from the last `session_info` in file order, trimmed; blank = none (pi spec 11). */
  getSessionName(): string | undefined {
    const entries = this.state.entries
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]
      if (isEntryType(entry, 'session_info')) {
        const name: unknown = entry.name
        return typeof name === 'string' ? name.trim() || undefined : undefined
      }
    }
    return undefined
  }

  /** Moves the leaf to an entry; throws `Entry <id> not found` (pi spec 9). Writes nothing. */
  branch(branchFromId: string): void {
    if (!this.state.byId.has(branchFromId)) throw new Error(`Entry ${branchFromId} not found`)
    this.state.leafId = branchFromId
  }

  /** Leaf to null: the next append starts a new root (pi spec 9). */
  resetLeaf(): void {
    this.state.leafId = null
  }

  /** What was found wrong with the file (empty for a clean or new session). */
  getDiagnostics(): readonly Diagnostic[] {
    return this.state.diagnostics
  }

  /** 1-based line of an entry in the file (0 if not written yet or unknown). */
  getEntryLine(id: string): number {
    const entry = this.state.byId.get(id)
    if (entry === undefined) return 0
    return this.state.lines[this.state.entries.lastIndexOf(entry)] ?? 0
  }

  /** True when the file is damaged in a way pi rejects: appends then throw. */
  isReadOnly(): boolean {
    return this.readOnlyReason !== null
  }

  /** Why the session is read-only (first offending diagnostic), or null. */
  getReadOnlyReason(): string | null {
    return this.readOnlyReason
  }

  /** Backup path written before rewriting a legacy file on its first edit, if any. */
  getBackupPath(): string | undefined {
    return this.file?.backupPath
  }

  /** Whether the file is a legacy (v1/v2) file migrated only in memory so far. */
  isLegacyFile(): boolean {
    return this.file?.legacyVersion != null
  }
}
