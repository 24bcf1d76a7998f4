/**
 * A pi-compatible filesystem SessionManager (pi 1.6.0 API and semantics, pi spec 5-14), with
 * the deliberate improvements of pi spec 17: reading never writes, no hangs on cycles, damaged
 * files open read-only with diagnostics, appends are safe next to a running pi.
 *
 * One class in four files, each extending the next (read bottom-up):
 * - reader.ts `SessionReader`: owns every field (cwd, sessionDir, persist, sessionId,
 *   sessionFile, flushed, `state` = the entry index, `file` = the SessionFile, readOnlyReason)
 *   and every read method (pi spec 7-12).
 * - append.ts `AppendApi`: pi's append methods (spec 13.4) over `appendEntry`; declares the
 *   hooks `updateReadOnly` and `reloadFrom`, no fields of its own.
 * - manager-core.ts `SessionCore`: switching and adopting files, new and branched sessions
 *   (spec 5, 14); implements both hooks (read-only rules, full re-read).
 * - manager.ts `SessionManager`: the static constructors and finders (spec 5, 14, 15) only.
 */
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeFork, writeForkAsync } from './branching.js'
import { findById, findMostRecentSession } from './discover.js'
import type { SessionInfo } from './info.js'
import { list, listAll, type ListProgress } from './list.js'
import { loadSessionFile, loadSessionFileSync, type LoadedSession } from './load.js'
import { SessionCore } from './manager-core.js'
import { getDefaultSessionDir, normalizePath, pathsEqual, resolvePath } from './paths.js'
import { SessionReader } from './reader.js'
import type { NewSessionOptions, SessionEntry, SessionHeader } from './types.js'
export { SessionReadOnlyError } from './errors.js'

/** Options of {@link SessionManager.openAsync}. */
export interface OpenAsyncOptions {
  sessionDir?: string
  cwdOverride?: string
  signal?: AbortSignal
}

/**
 * Manages one session as an append-only tree in a JSONL file (pi spec 5-14). Read methods are
 * inherited from {@link SessionReader}, append methods from {@link AppendApi}.
 */
export class SessionManager extends SessionCore {
  private constructor(cwd: string, sessionDir: string, persist: boolean) {
    super(resolvePath(cwd), sessionDir, persist)
  }

  // ---- static constructors (pi spec 5, 14) --------------------------------------------------

  /**
   * New session for `cwd` in `sessionDir` (default: the cwd's folder under the agent dir).
   * Nothing is written, and no folder created, until the first user/assistant message
   * (pi spec 13.1). Throws on an invalid custom id (pi spec 1.4).
   */
  static create(cwd: string, sessionDir?: string, options?: NewSessionOptions): SessionManager {
    const dir = sessionDir ? normalizePath(sessionDir) : getDefaultSessionDir(cwd)
    const manager = new SessionManager(cwd, dir, true)
    manager.newSession(options)
    return manager
  }

  /**
   * Opens a session file synchronously (pi spec 5). A missing file starts a new session that
   * will be written at that path; an empty file likewise. A damaged file (BOM, `null` line,
   * `content: null`, missing or invalid header) opens read-only with diagnostics instead of
   * throwing. Never writes. Throws fs errors other than ENOENT (e.g. EISDIR).
   * @param sessionDir folder for /new and branched sessions (default: the file's folder)
   * @param cwdOverride cwd to use instead of the header's
   */
  static open(path: string, sessionDir?: string, cwdOverride?: string): SessionManager {
    const resolved = resolvePath(path)
    const loaded = existsSync(resolved) ? loadSessionFileSync(resolved) : null
    const manager = SessionManager.bare(resolved, loaded, sessionDir, cwdOverride)
    manager.adoptFile(resolved, loaded)
    return manager
  }

  /**
   * Asynchronous `open` for the app: streams the file in chunks and yields to the event loop,
   * so a 100 MB session does not block it. Same results as `open`.
   * Rejects with fs errors or the abort reason.
   */
  static async openAsync(path: string, options: OpenAsyncOptions = {}): Promise<SessionManager> {
    const resolved = resolvePath(path)
    const loaded = existsSync(resolved)
      ? await loadSessionFile(resolved, { signal: options.signal })
      : null
    const manager = SessionManager.bare(resolved, loaded, options.sessionDir, options.cwdOverride)
    if (manager.beginAdopt(resolved, loaded)) {
      const l = loaded as LoadedSession
      await manager.state.resetAsync(l.header, l.entries, l.lines, l.diagnostics, l.indexById)
      manager.endAdopt(resolved, loaded as LoadedSession)
    }
    return manager
  }

  private static bare(
    resolved: string,
    loaded: LoadedSession | null,
    sessionDir?: string,
    cwdOverride?: string,
  ): SessionManager {
    const headerCwd = loaded?.header?.cwd
    const cwd =
      cwdOverride ?? (typeof headerCwd === 'string' ? headerCwd : undefined) ?? process.cwd()
    const dir = sessionDir ? normalizePath(sessionDir) : dirname(resolved)
    return new SessionManager(cwd, dir, true)
  }

  /**
   * A manager over a file the caller already loaded (e.g. from a cache), without reading it
   * again. `loaded` must come from `loadSessionFile(Sync)` of `path` (it carries the file
   * identity used to detect later changes); null = the file does not exist.
   */
  static fromLoaded(
    path: string,
    loaded: LoadedSession | null,
    sessionDir?: string,
    cwdOverride?: string,
  ): SessionManager {
    const resolved = resolvePath(path)
    const manager = SessionManager.bare(resolved, loaded, sessionDir, cwdOverride)
    // The caller keeps its LoadedSession: our appends must not grow its arrays.
    manager.adoptFile(resolved, loaded, false)
    return manager
  }

  /**
   * Continues the most recently modified session of `cwd` (by mtime, pi spec 15.4), or creates
   * a new one. With a custom `sessionDir`, only sessions whose header cwd is `cwd` qualify.
   */
  static continueRecent(cwd: string, sessionDir?: string): SessionManager {
    const dir = sessionDir ? normalizePath(sessionDir) : getDefaultSessionDir(cwd)
    const filterCwd = sessionDir !== undefined && !pathsEqual(dir, getDefaultSessionDir(cwd))
    const recent = findMostRecentSession(dir, filterCwd ? cwd : undefined)
    if (recent === null) return SessionManager.create(cwd, dir)
    const manager = new SessionManager(cwd, dir, true)
    manager.adoptFile(recent, loadSessionFileSync(recent))
    return manager
  }

  /**
   * A session that never touches the disk (pi spec 14.4); `entries` (with or without a header)
   * seed it, legacy ones migrated in memory.
   */
  static inMemory(
    cwd: string = process.cwd(),
    options?: NewSessionOptions,
    entries?: unknown[],
  ): SessionManager {
    const manager = new SessionManager(cwd, '', false)
    manager.newSession(options)
    if (entries && entries.length > 0)
      manager.seed(entries as (SessionHeader | SessionEntry)[], options)
    return manager
  }

  /**
   * Copies every entry of `sourcePath` into a new session for `targetCwd` and writes it at
   * once (pi spec 14.5). Unlike pi, the source is never modified, and a legacy source is
   * copied migrated (pi copies id-less v1 entries under a v3 header). Throws
   * `Cannot fork: source session file is empty or invalid: <path>` when nothing loads.
   */
  static forkFrom(
    sourcePath: string,
    targetCwd: string,
    sessionDir?: string,
    options?: NewSessionOptions,
  ): SessionManager {
    const source = resolvePath(sourcePath)
    const cwd = resolvePath(targetCwd)
    const loaded = existsSync(source) ? loadSessionFileSync(source) : null
    if (loaded === null || (loaded.header === null && loaded.entries.length === 0)) {
      throw new Error(`Cannot fork: source session file is empty or invalid: ${source}`)
    }
    const dir = sessionDir ? normalizePath(sessionDir) : getDefaultSessionDir(cwd)
    const target = writeFork(source, loaded.entries, cwd, dir, options?.id)
    const manager = new SessionManager(cwd, dir, true)
    manager.adoptFile(target, loadSessionFileSync(target))
    return manager
  }

  /**
   * `forkFrom` for the app: reads the source and writes the copy without blocking the event
   * loop (large sessions). Same results and errors, as a promise.
   */
  static async forkFromAsync(
    sourcePath: string,
    targetCwd: string,
    sessionDir?: string,
    options?: NewSessionOptions & { signal?: AbortSignal },
  ): Promise<SessionManager> {
    const source = resolvePath(sourcePath)
    const cwd = resolvePath(targetCwd)
    const loaded = existsSync(source)
      ? await loadSessionFile(source, { signal: options?.signal })
      : null
    if (loaded === null || (loaded.header === null && loaded.entries.length === 0)) {
      throw new Error(`Cannot fork: source session file is empty or invalid: ${source}`)
    }
    const dir = sessionDir ? normalizePath(sessionDir) : getDefaultSessionDir(cwd)
    const target = await writeForkAsync(source, loaded.entries, cwd, dir, options?.id)
    return SessionManager.openAsync(target, {
      sessionDir: dir,
      cwdOverride: cwd,
      signal: options?.signal,
    })
  }

  /** Path of the session with exactly this id in the cwd's dir (header scan), pi 1.6.0 14.8. */
  static findById(cwd: string, id: string, sessionDir?: string): string | undefined {
    return findById(cwd, id, sessionDir)
  }

  /** Sessions of one folder (pi spec 15.2). See list.ts. */
  static list(
    cwd: string,
    sessionDir?: string,
    onProgress?: ListProgress,
    signal?: AbortSignal,
  ): Promise<SessionInfo[]> {
    return list(cwd, sessionDir, onProgress, signal)
  }

  /** Sessions of all project folders, or of one flat dir (pi spec 15.3). See list.ts. */
  static listAll(
    sessionDirOrOnProgress?: string | ListProgress,
    onProgressOrSignal?: ListProgress | AbortSignal,
    signal?: AbortSignal,
  ): Promise<SessionInfo[]> {
    return listAll(sessionDirOrOnProgress, onProgressOrSignal, signal)
  }
}

export { SessionReader }
