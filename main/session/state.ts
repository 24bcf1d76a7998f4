/**
 * In-memory state of one session: header, entries in file order and pi's index over them
 * (pi spec 7): byId (later duplicates win), resolved labels, leaf.
 */
import { labelChange } from './labels.js'
import { lastIndexById, type EntryLookup } from './tree.js'
import type { Diagnostic, SessionEntry, SessionHeader } from './types.js'
import { isEntryType } from './types.js'

/**
 * pi's `byId` as a read-only view over one id -> position map, so opening a large session
 * builds a single map (positions are what the tree needs; entries what pi's API returns).
 * Iteration order is first appearance of each id, as with pi's Map.
 */
export class IdIndex implements ReadonlyMap<string, SessionEntry> {
  constructor(
    private readonly list: readonly SessionEntry[],
    readonly positions: Map<string, number>,
  ) {}
  get size(): number {
    return this.positions.size
  }
  get(id: string): SessionEntry | undefined {
    const i = this.positions.get(id)
    return i === undefined ? undefined : this.list[i]
  }
  has(id: string): boolean {
    return this.positions.has(id)
  }
  keys(): MapIterator<string> {
    return this.positions.keys()
  }
  *values(): MapIterator<SessionEntry> {
    for (const i of this.positions.values()) yield this.list[i] as SessionEntry
  }
  *entries(): MapIterator<[string, SessionEntry]> {
    for (const [id, i] of this.positions) yield [id, this.list[i] as SessionEntry]
  }
  [Symbol.iterator](): MapIterator<[string, SessionEntry]> {
    return this.entries()
  }
  forEach(
    fn: (value: SessionEntry, key: string, map: ReadonlyMap<string, SessionEntry>) => void,
  ): void {
    for (const [id, entry] of this.entries()) fn(entry, id, this)
  }
}

/** Entries + index. Mutated only by the SessionManager that owns it. */
export class SessionState implements EntryLookup {
  header: SessionHeader | null = null
  entries: SessionEntry[] = []
  /** Physical line of each entry in the file; 0 for entries not written yet. */
  lines: number[] = []
  diagnostics: Diagnostic[] = []
  byId = new IdIndex([], new Map())
  readonly labelsById = new Map<string, string>()
  readonly labelTimestampsById = new Map<string, string>()
  /**
   * pi's resume point (pi 1.6.0 `_buildIndex`: the id of the last entry in file order, pi spec 7):
   * a string id; `undefined` when the last entry has no string id (pi then has no leaf and builds
   * its context from the last entry's own path); `null` when there is no entry, or when the last
   * JSON line is not an object (pi keeps it as an id-less entry whose path holds no message).
   */
  leafId: string | null | undefined = null
  /** Whether the file's last JSON line is not an object (see {@link leafId}). */
  endsWithNonObject = false
  /** True once a user or assistant message exists (pi 1.6.0's first-write rule, spec 13.1). */
  hasConversation = false

  /** id -> position of the entry `byId` holds. */
  get indexById(): ReadonlyMap<string, number> {
    return this.byId.positions
  }

  /**
   * Replaces everything and rebuilds the index; leaf = last entry in file order (pi spec 7).
   * @param positions a ready id -> last position map of `entries` (e.g. LoadedSession.indexById)
   */
  reset(
    header: SessionHeader | null,
    entries: SessionEntry[],
    lines?: number[],
    diagnostics: Diagnostic[] = [],
    positions?: Map<string, number>,
  ): void {
    this.prepare(header, entries, lines, diagnostics, positions)
    for (let i = 0; i < entries.length; i++) this.note(entries[i] as SessionEntry)
    this.noteTrailingNonObject()
  }

  /**
   * `reset` for the async open path: scans in slices and yields to the event loop between
   * them, so a 50k-entry session never blocks it for long.
   */
  async resetAsync(
    header: SessionHeader | null,
    entries: SessionEntry[],
    lines: number[],
    diagnostics: Diagnostic[],
    positions?: Map<string, number>,
  ): Promise<void> {
    this.prepare(header, entries, lines, diagnostics, positions)
    for (let i = 0; i < entries.length; i++) {
      if (i % 20000 === 19999) await new Promise((resolve) => setImmediate(resolve))
      this.note(entries[i] as SessionEntry)
    }
    this.noteTrailingNonObject()
  }

  /**
   * A JSON line that is not an object after the last entry (`42`, `"x"`): pi keeps it as an
   * entry with no id and no parent, so it resumes there with no leaf and an empty context.
   */
  private noteTrailingNonObject(): void {
    this.endsWithNonObject = this.trailingNonObject()
    if (this.endsWithNonObject) this.leafId = null
  }

  private trailingNonObject(): boolean {
    const lastLine = this.lines[this.lines.length - 1] ?? 0
    return this.diagnostics.some((d) => d.kind === 'non-object-line' && d.line > lastLine)
  }

  private prepare(
    header: SessionHeader | null,
    entries: SessionEntry[],
    lines: number[] | undefined,
    diagnostics: Diagnostic[],
    positions: Map<string, number> | undefined,
  ): void {
    this.header = header
    this.entries = entries
    this.lines = lines ?? entries.map(() => 0)
    this.diagnostics = diagnostics
    this.byId = new IdIndex(entries, positions ?? lastIndexById(entries))
    this.labelsById.clear()
    this.labelTimestampsById.clear()
    this.leafId = null
    this.hasConversation = false
  }

  /**
   * Adds entries another process appended (read from the file's new tail). The leaf stays:
   * like two pi processes on one file, our next append continues from our own position.
   */
  extend(entries: SessionEntry[], lines: number[], diagnostics: Diagnostic[]): void {
    const leaf = this.leafId
    for (let i = 0; i < entries.length; i++) {
      this.push(entries[i] as SessionEntry, lines[i] ?? 0)
    }
    this.leafId = leaf
    for (const d of diagnostics) this.diagnostics.push(d)
    this.endsWithNonObject = this.trailingNonObject()
  }

  /** Appends an entry (leaf moves onto it). */
  push(entry: SessionEntry, line = 0): void {
    this.endsWithNonObject = false
    this.entries.push(entry)
    this.lines.push(line)
    if (typeof entry.id === 'string') this.byId.positions.set(entry.id, this.entries.length - 1)
    this.note(entry)
  }

  /**
   * Undoes `push` after a failed write (pi 1.6.0 rolls back too, spec 13.2): restores the
   * previous leaf and rebuilds the index, since the entry may have replaced a duplicate or
   * changed a label.
   */
  rollback(previousLeafId: string | null | undefined): void {
    this.entries.pop()
    this.lines.pop()
    this.reset(this.header, this.entries, this.lines, this.diagnostics)
    this.leafId = previousLeafId
  }

  /**
   * The parent for an entry written after the file's last entry without moving pi's resume
   * context: the last entry's id, or, when the last entry has no id, the parent it names (pi's
   * context from there is the same path without the id-less record); null when there is none.
   * @param skip our own entries to pass over at the file's end: a writer's line that landed
   * between our read and our write left them on an older branch (pi spec 13.2: no lock)
   */
  resumeParentId(skip: ReadonlySet<string> = new Set()): string | null {
    let at = this.entries.length - 1
    while (at >= 0 && skip.has(this.entries[at]?.id as string)) at--
    const last = this.entries[at]
    if (last === undefined || this.endsWithNonObject) return null
    if (typeof last.id === 'string') return last.id
    const parentId: unknown = last.parentId
    return typeof parentId === 'string' && this.byId.has(parentId) ? parentId : null
  }

  /** Leaf, labels and conversation flag for one entry in file order (pi spec 7). */
  private note(entry: SessionEntry): void {
    if (typeof entry.id !== 'string') {
      this.leafId = undefined
      return
    }
    this.leafId = entry.id
    const change = labelChange(entry)
    if (change) {
      if (change.label !== undefined) {
        this.labelsById.set(change.targetId, change.label)
        this.labelTimestampsById.set(change.targetId, String(entry.timestamp))
      } else {
        this.labelsById.delete(change.targetId)
        this.labelTimestampsById.delete(change.targetId)
      }
    } else if (!this.hasConversation && isEntryType(entry, 'message')) {
      const role = entry.message?.role
      if (role === 'user' || role === 'assistant') this.hasConversation = true
    }
  }
}
