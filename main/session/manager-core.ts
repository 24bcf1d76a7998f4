/**
 * Instance side of the SessionManager that is not a plain read or append: switching files,
 * adopting a loaded file (read-only rules), new and branched sessions (pi spec 5, 14).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { AppendApi } from './append.js'
import { idFromFileName, newHeader, relabel, rechainWithoutLabels } from './branching.js'
import { buildSessionProjection, type SessionProjection } from './context.js'
import { damageReason } from './diagnose.js'
import { assertValidSessionId, createSessionId, sessionFileName } from './ids.js'
import { loadSessionFileSync, type LoadedSession } from './load.js'
import { migrateSessionEntries } from './migrate.js'
import { getDefaultSessionDir, pathsEqual, resolvePath } from './paths.js'
import { SessionFile } from './session-file.js'
import type { NewSessionOptions, SessionEntry, SessionHeader } from './types.js'
import { CURRENT_SESSION_VERSION } from './types.js'

/** Diagnostic kinds that make pi throw on or hide a file: we open such files read-only. */
const READ_ONLY_KINDS = new Set([
  'bom',
  'null-line',
  'null-content',
  'missing-header',
  'invalid-header',
])

/** Base of {@link SessionManager}; see there. */
export abstract class SessionCore extends AppendApi {
  // ---- switching files ----------------------------------------------------------------------

  /** Switches to another session file (pi spec 5), with `open`'s rules. Never writes. */
  setSessionFile(sessionFile: string): void {
    const resolved = resolvePath(sessionFile)
    this.adoptFile(resolved, existsSync(resolved) ? loadSessionFileSync(resolved) : null)
  }

  /**
   * Starts a new session in memory: new id (or `options.id`), new header with this cwd and
   * `options.parentSession`, new file path in the session dir. Returns that path (undefined in
   * memory). Nothing is written until the first user/assistant message (pi spec 14.2, 13.1).
   */
  newSession(options?: NewSessionOptions): string | undefined {
    if (options?.id !== undefined) assertValidSessionId(options.id)
    this.sessionId = options?.id ?? createSessionId()
    const timestamp = new Date().toISOString()
    const header = newHeader(this.sessionId, timestamp, this.cwd, options?.parentSession)
    this.state.reset(header, [])
    this.flushed = false
    this.readOnlyReason = null
    if (this.persist) {
      this.sessionFile = join(this.sessionDir, sessionFileName(timestamp, this.sessionId))
      this.file = new SessionFile(this.sessionFile)
    }
    return this.sessionFile
  }

  protected seed(items: (SessionHeader | SessionEntry)[], options?: NewSessionOptions): void {
    const header = items.find((e) => e?.type === 'session') as SessionHeader | undefined
    const entries = items.filter((e) => e?.type !== 'session') as SessionEntry[]
    if (header) {
      migrateSessionEntries([header, ...entries])
      this.sessionId = String(header.id)
      this.state.reset(header, entries)
    } else {
      this.newSession(options)
      this.state.reset(this.state.header, entries)
    }
  }

  /** Makes `loaded` (the content of `path`, or null when missing) the current session. */
  protected adoptFile(path: string, loaded: LoadedSession | null, owned = true): void {
    if (!this.beginAdopt(path, loaded)) return
    const l = owned ? (loaded as LoadedSession) : unshare(loaded as LoadedSession)
    this.state.reset(l.header, l.entries, l.lines, l.diagnostics, l.indexById)
    this.endAdopt(path, l)
  }

  /**
   * First half of adoptFile: a missing or empty file becomes a new in-memory session at that
   * path (returns false); otherwise the caller indexes `loaded` and calls endAdopt.
   */
  protected beginAdopt(path: string, loaded: LoadedSession | null): boolean {
    const file = new SessionFile(path)
    this.sessionFile = path
    if (
      loaded === null ||
      (loaded.header === null && loaded.entries.length === 0 && loaded.bytes === 0)
    ) {
      this.newSession()
      file.allowEmptyExisting = loaded !== null
      this.sessionFile = path
      this.file = file
      return false
    }
    file.adopt(loaded)
    if (loaded.header !== null && loaded.version < CURRENT_SESSION_VERSION)
      file.legacyVersion = loaded.version
    this.file = file
    return true
  }

  protected endAdopt(path: string, loaded: LoadedSession): void {
    this.flushed = true
    this.sessionId = loaded.header !== null ? String(loaded.header.id) : idFromFileName(path)
    this.updateReadOnly()
  }

  /** Re-evaluates read-only mode from the diagnostics (pi spec 16). */
  protected override updateReadOnly(): void {
    const d = this.state.diagnostics.find((x) => READ_ONLY_KINDS.has(x.kind))
    this.readOnlyReason = d ? damageReason(d) : null
  }

  /** Re-reads the file after it was replaced or shrunk; keeps the leaf when it still exists. */
  protected override reloadFrom(loaded: LoadedSession): void {
    const leaf = this.state.leafId
    const file = this.file
    this.adoptFile(file?.path ?? (this.sessionFile as string), loaded)
    if (typeof leaf === 'string' && this.state.byId.has(leaf)) this.state.leafId = leaf
  }

  /**
   * Writes the path to `leafId` into a new session file (pi 1.6.0, spec 14.6): label entries
   * are dropped and the rest re-chained, the path's labels re-appended at the end; the manager
   * switches to the new file. Written now if it holds a conversation, else lazily. Returns the
   * new path (undefined in memory). Throws `Entry <id> not found` for an unknown id.
   */
  createBranchedSession(leafId: string): string | undefined {
    const previous = this.sessionFile
    const path = this.getBranch(leafId)
    if (path.length === 0) throw new Error(`Entry ${leafId} not found`)
    const kept = rechainWithoutLabels(path)
    const id = createSessionId()
    const timestamp = new Date().toISOString()
    const header = newHeader(id, timestamp, this.cwd, this.persist ? previous : undefined)
    const labels = relabel(kept, this.state.labelsById, this.state.labelTimestampsById)
    this.sessionId = id
    this.readOnlyReason = null
    this.state.reset(header, [...kept, ...labels])
    this.flushed = false
    if (!this.persist) return undefined
    this.sessionFile = join(this.sessionDir, sessionFileName(timestamp, id))
    this.file = new SessionFile(this.sessionFile)
    if (this.state.hasConversation) {
      this.file.create(this.allLines())
      this.flushed = true
    }
    return this.sessionFile
  }

  /** Whether the session dir is the cwd's default folder (pi 1.6.0 `usesDefaultSessionDir`). */
  usesDefaultSessionDir(): boolean {
    return pathsEqual(this.sessionDir, getDefaultSessionDir(this.cwd))
  }

  /** Provenance-preserving context at the current leaf (pi 1.6.0, spec 12.3). */
  buildSessionProjection(): SessionProjection {
    return buildSessionProjection(this.state.entries, this.state.leafId, this.state.byId)
  }
}

/** Copies the containers of a LoadedSession that appends mutate (entries stay shared). */
function unshare(loaded: LoadedSession): LoadedSession {
  return {
    ...loaded,
    entries: loaded.entries.slice(),
    lines: loaded.lines.slice(),
    diagnostics: loaded.diagnostics.slice(),
    ...(loaded.indexById ? { indexById: new Map(loaded.indexById) } : {}),
  }
}
