/**
 * SessionLibrary: every session of every root, grouped into projects, kept current while
 * pi writes. Rows, totals and search come from the library index (index-store.ts): a launch
 * shows the stored rows at once, then a stat pass reconciles what changed while the app was
 * closed; a cold launch streams rows in newest first while the full-text index catches up
 * in the background. Owns the id → path mapping; the API layer only hands it opaque ids.
 */
import { stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import pLimit from 'p-limit'
import { ApiError } from '../../preload/contract/errors'
import type {
  LibraryProgress,
  ProjectList,
  SessionQuery,
  SessionQueryResult,
  SessionSelection,
  SessionsDescription,
  LibraryRow,
} from '../../preload/contract/library'
import type { StoredText } from './index-chunks'
import { LibraryIndex } from './index-store'
import { ingestFile } from './ingest'
import { removeOldCache } from './old-cache'
import {
  inProcessReader,
  workerReader,
  type IndexTarget,
  type RecordReader,
  type WorkerScript,
} from './read-pool'
import { NOT_A_SESSION } from './record'
import { meansGone } from './fs-errors'
import type { SessionLocation } from './index-write'
import type { SessionRoot } from './roots'
import { discoverSessionFiles, type ScanProblem, type SessionCandidate } from './scan'
import { BackgroundLoop, indexSliceChars, Notifier } from './scheduler'
import { BulkOperations, runningAmong } from './bulk'
import type { RowMarks } from './marks'
import { StarStore } from './stars'
import { statPass } from './stat-pass'
import { opaqueId } from './ids'
import { watchRoots, type ChangeBatch, type RootWatcher } from './watcher'
import { LIVE_MS } from '../../preload/contract/timing'

/** How long after a file turns quiet it is read again (ms; its mtime's clock may run late). */
const QUIET_MARGIN_MS = 500

/** Options of the library. */
export interface LibraryOptions {
  /** Folder for the library index; null keeps the index in memory. */
  dataDir?: string | null
  /** Watch the roots for changes (default true). */
  watch?: boolean
  /** Files read at once (default 8). */
  concurrency?: number
  /** Parse (and build the text index) in worker threads with this script; default: in-process. */
  worker?: WorkerScript
  /**
   * When texts enter the full-text index: with their row (`inline`), or afterwards in the
   * background while the search says how far it got. Default: background with a worker and
   * an index file, else inline.
   */
  textIndex?: 'inline' | 'background'
}

/** A change notification: progress and a revision that grows with every change. */
export interface LibraryChange {
  progress: LibraryProgress
  revision: number
}

/** The multi-root session library. */
export class SessionLibrary {
  private readonly index: LibraryIndex
  /** What the index itself reported (rebuilt, could not be written). */
  private indexProblems: ScanProblem[] = []
  /** What the last scan could not read. */
  private scanProblems: ScanProblem[] = []
  private scanProgress = { loaded: 0, total: 0, scanning: false }
  private revision = 0
  private listeners = new Set<(change: LibraryChange) => void>()
  private fileListeners = new Set<(sessionIds: string[]) => void>()
  private readonly notifier = new Notifier(() => this.fire())
  private scanning: Promise<void> | null = null
  private rescan = false
  private closed = false
  /** Files written a moment ago, read again once they turn quiet (see {@link readWhenQuiet}). */
  private quietChecks = new Map<string, ReturnType<typeof setTimeout>>()
  private watcher: RootWatcher | null = null
  private currentRoots: SessionRoot[]
  /** How files were read since start: lets tests and the benchmark see the index at work. */
  readonly reads = { unchanged: 0, appended: 0, full: 0, failed: 0, foreign: 0 }
  private readonly reader: RecordReader
  private readonly inline: boolean
  private readonly textLoop: BackgroundLoop
  /** The user's stars (stars.json in the data folder; in memory without one). */
  readonly stars: StarStore
  /** Bulk actions under way (cancel by operation id). */
  readonly operations = new BulkOperations()

  /**
   * @param roots the folders to scan; no session file is ever written by the library.
   */
  constructor(
    roots: readonly SessionRoot[],
    private readonly options: LibraryOptions = {},
  ) {
    this.currentRoots = absolute(roots)
    this.reader = options.worker ? workerReader(options.worker) : inProcessReader()
    this.index = new LibraryIndex(options.dataDir ?? null)
    this.stars = new StarStore(options.dataDir ?? null)
    const file = this.index.file
    const background = options.textIndex ?? (options.worker && file ? 'background' : 'inline')
    this.inline = background === 'inline' || file === null
    this.textLoop = new BackgroundLoop(
      () => {
        const target = this.target()
        const chars = indexSliceChars(this.index.textProgress().pending)
        return target ? this.reader.indexTexts(target, chars) : this.index.indexTexts(chars)
      },
      () => this.notifier.notify(),
      (error) =>
        this.indexProblems.push({
          path: file ?? '',
          message: `Search index: ${(error as Error).message}`,
        }),
      () => this.closed,
    )
    if (this.index.problem)
      this.indexProblems.push({ path: this.index.file ?? '', message: this.index.problem })
  }

  /** The index file and its writers' lock; null when the index lives in memory. */
  private target(): IndexTarget | null {
    const file = this.index.file
    return file ? { file, lock: this.index.lock.buffer } : null
  }

  /** The roots being read. */
  get roots(): readonly SessionRoot[] {
    return this.currentRoots
  }

  /** The archive folder among the roots (archive.ts); null when there is none. */
  get archiveRoot(): string | null {
    return this.currentRoots.find((root) => root.source === 'archive')?.path ?? null
  }

  /** What queries mark rows by: stars and the archive folder. */
  private marks(): RowMarks {
    return { ...this.stars.marks(), archiveRoot: this.archiveRoot }
  }

  /** Shows the stored rows, starts the first scan (not awaited) and the watcher. */
  async start(): Promise<void> {
    if (this.options.dataDir) await removeOldCache(this.options.dataDir)
    await this.stars.load()
    this.notifier.notify(true)
    void this.refresh()
    this.restartWatcher()
  }

  /**
   * Subscribes to changes and hears the current state at once (a subscriber that connects
   * after the last change would otherwise wait for the next one); returns the unsubscribe
   * function.
   */
  onChange(listener: (change: LibraryChange) => void): () => void {
    this.listeners.add(listener)
    queueMicrotask(() => {
      if (this.listeners.has(listener))
        listener({ progress: this.progress(), revision: this.revision })
    })
    return () => this.listeners.delete(listener)
  }

  /**
   * Calls `listener` with the ids of session files the watcher saw change, before they are
   * read (an open session follows its file at once, whatever reading the rest costs).
   */
  onFilesChanged(listener: (sessionIds: string[]) => void): () => void {
    this.fileListeners.add(listener)
    return () => this.fileListeners.delete(listener)
  }

  private fire(): void {
    this.revision += 1
    const change = { progress: this.progress(), revision: this.revision }
    for (const listener of this.listeners) listener(change)
  }

  private progress(): LibraryProgress {
    const texts = this.closed ? { pending: 0, total: 0 } : this.index.textProgress()
    return {
      ...this.scanProgress,
      textsIndexed: texts.total - texts.pending,
      textsTotal: texts.total,
      otherTextsIndexed: this.closed ? null : this.index.otherKindsIndexed(),
    }
  }

  /**
   * Rescans every root: newest files first, `concurrency` at a time, publishing rows as
   * they are read. Concurrent calls share one scan. Never rejects.
   */
  refresh(): Promise<void> {
    if (this.scanning) {
      // Something changed during the scan: run once more when it ends.
      this.rescan = true
      return this.scanning
    }
    this.scanning = (async () => {
      do {
        this.rescan = false
        await this.scan()
      } while (this.rescan && !this.closed)
    })().finally(() => {
      this.scanning = null
    })
    return this.scanning
  }

  /** Resolves when no scan is running. */
  async whenIdle(): Promise<void> {
    while (this.scanning) await this.scanning
  }

  /** Resolves when no scan runs and every stored text is in the full-text index. */
  async whenTextsReady(): Promise<void> {
    await this.whenIdle()
    await this.textLoop.idle()
  }

  private async scan(): Promise<void> {
    const stored = this.index.identities()
    const roots = this.currentRoots.map((root) => root.path)
    const found = await discoverSessionFiles(roots, stored.keys())
    this.scanProblems = found.problems
    const present = new Set(found.candidates.map((c) => c.path))
    this.index.remove([...stored.keys()].filter((path) => !present.has(path)))
    const pass = await statPass(found.candidates, stored)
    this.reads.unchanged += pass.unchanged
    this.scanProgress = { loaded: pass.unchanged, total: pass.total, scanning: true }
    const toRead = pass.toRead
    this.notifier.notify(true)
    const limit = pLimit(this.options.concurrency ?? 8)
    await Promise.all(
      toRead.map((candidate) =>
        limit(async () => {
          if (this.closed) return
          await this.readOne(candidate).catch((error: unknown) => this.indexFailed(error))
          this.scanProgress.loaded += 1
          this.notifier.notify()
        }),
      ),
    )
    for (const [path, mtimeMs] of pass.recent) this.readWhenQuiet(path, mtimeMs)
    this.scanProgress = { ...this.scanProgress, scanning: false }
    this.notifier.notify(true)
    if (!this.inline && !this.closed) this.textLoop.kick()
  }

  /** The index could not be written (e.g. its disk is full): said once in the problems. */
  private indexFailed(error: unknown): void {
    const message = `Library index: could not be updated (${(error as Error).message})`
    if (!this.indexProblems.some((p) => p.message === message))
      this.indexProblems.push({ path: this.index.file ?? '', message })
  }

  /** @throws Error when the index cannot be written */
  private async readOne(candidate: SessionCandidate): Promise<void> {
    const target = this.target()
    const kind = target
      ? await this.reader.ingest(candidate, target, this.inline)
      : await ingestFile(this.index.connection, candidate, this.inline)
    this.reads[kind] += 1
    if (kind === 'foreign' && !this.scanProblems.some((p) => p.path === candidate.path))
      this.scanProblems.push({ path: candidate.path, message: NOT_A_SESSION })
  }

  private rootOf(path: string): SessionRoot | undefined {
    return this.currentRoots.find((root) => path === root.path || path.startsWith(root.path + '/'))
  }

  /**
   * Reads `path` (last written at `mtimeMs`) again once it turns quiet, when it was written a
   * moment ago (read by a scan or for the watcher): a last line pi was still writing was left
   * out of its read (landed.ts), and an unfinished line in a quiet file is damage, which nothing
   * else would make the library see.
   */
  private readWhenQuiet(path: string, mtimeMs: number): void {
    const quietIn = mtimeMs + LIVE_MS - Date.now()
    if (quietIn <= 0) return
    clearTimeout(this.quietChecks.get(path))
    const timer = setTimeout(() => {
      this.quietChecks.delete(path)
      void this.readAgain(path)
    }, quietIn + QUIET_MARGIN_MS)
    timer.unref()
    this.quietChecks.set(path, timer)
  }

  /** Reads `path` again when it is still there (a file gone is the watcher's to drop). */
  private async readAgain(path: string): Promise<void> {
    const root = this.rootOf(path)
    if (!root || this.closed || (await isGone(path))) return
    await this.readOne({ path, folder: dirname(path), root: root.path }).catch((e: unknown) =>
      this.indexFailed(e),
    )
    this.notifier.notify()
    if (!this.inline && !this.closed) this.textLoop.kick()
  }

  /** Applies a watcher batch: re-reads changed files, drops deleted ones, rescans on root moves. */
  private async applyBatch(batch: ChangeBatch): Promise<void> {
    const folders = [...batch.paths].filter((p) => !p.endsWith('.jsonl'))
    if (batch.rootsChanged || folders.length > 0) return void this.refresh()
    const ids = [...batch.paths].map((path) => opaqueId('session', path))
    for (const listener of this.fileListeners) listener(ids)
    for (const path of batch.paths) {
      const root = this.rootOf(path)
      if (!root || this.closed) continue
      const facts = await stat(path).catch((error: NodeJS.ErrnoException) => error)
      // A file there but unreadable (its folder's permission taken away) is read all the same:
      // its row then says why, where dropping it would call it deleted.
      if (facts instanceof Error && meansGone(facts.code)) this.index.remove([path])
      else {
        await this.readOne({ path, folder: dirname(path), root: root.path }).catch((e: unknown) =>
          this.indexFailed(e),
        )
        if (!(facts instanceof Error)) this.readWhenQuiet(path, facts.mtimeMs)
      }
    }
    this.notifier.notify()
    if (!this.inline && !this.closed) this.textLoop.kick()
  }

  private restartWatcher(): void {
    if (this.options.watch === false) return
    void this.watcher?.close()
    this.watcher = watchRoots(
      this.currentRoots.map((root) => root.path),
      (batch) => void this.applyBatch(batch),
    )
  }

  /**
   * Projects (grouped by header cwd) with counts and totals, newest activity first; archived
   * sessions are not counted (they are listed in the Archived scope).
   */
  listProjects(): ProjectList {
    return {
      projects: this.index.projects(this.archiveRoot),
      problems: [
        ...this.indexProblems,
        ...this.scanProblems,
        ...(this.watcher?.problems() ?? []),
      ].map((p) => ({ ...p })),
      progress: this.progress(),
      models: this.index.models(),
    }
  }

  /** Runs a session query (scope, search, filters, sort). */
  query(query: SessionQuery): SessionQueryResult {
    // The first search of another kind than pi's starts keeping (and reading) those kinds.
    const others = query.text.trim() !== '' && query.scopes.some((s) => s !== 'messages')
    if (others && !this.closed && this.index.wantOtherKinds()) this.textLoop.kick()
    const outcome = this.index.query(query, this.marks())
    const progress = this.progress()
    return { ...outcome, pendingTexts: progress.textsTotal - progress.textsIndexed, progress }
  }

  /** Sessions of at least `minBytes` (bytes), with their size and mtime (ms). */
  largeSessions(minBytes: number): { path: string; size: number; mtimeMs: number }[] {
    return this.index.connection
      .prepare('SELECT path, size, mtime_ms AS mtimeMs FROM sessions WHERE size >= ?')
      .all(minBytes) as { path: string; size: number; mtimeMs: number }[]
  }

  /** Runs a read-only query on the library index (the Insights charts, main/insights). */
  readIndex<T>(read: (db: DatabaseSync) => T): T {
    return read(this.index.connection)
  }

  /** Every session a query matches (not only a page), with the selection's totals. */
  select(query: SessionQuery): SessionSelection {
    return this.index.select(query, this.marks())
  }

  /**
   * What a bulk action on `ids` would touch, judged now (bulk.ts: running sessions).
   * Unknown ids are left out.
   */
  async describe(ids: readonly string[]): Promise<SessionsDescription> {
    const { sessions, ...rest } = this.index.describe(ids)
    const running = (await runningAmong(sessions)).map(({ path: _path, ...brief }) => brief)
    return { ...rest, running }
  }

  /**
   * Stars or unstars sessions by id; returns how many changed, and tells listeners.
   * @throws ApiError `not_found` for an unknown id (nothing changes then)
   */
  async star(ids: readonly string[], starred: boolean): Promise<number> {
    const keys = ids.map((id) => ({
      headerId: this.getSummary(id).headerId,
      path: this.getSession(id).path,
    }))
    const changed = await this.stars.set(keys, starred)
    if (changed > 0) this.notifier.notify(true)
    return changed
  }

  /**
   * Where the session behind an id is.
   * @throws ApiError `not_found` when the id is unknown (forged ids land here).
   */
  getSession(id: string): SessionLocation {
    const session = this.index.locate(id)
    if (!session) throw unknownSession()
    return session
  }

  /**
   * Why the app may not write session `id` although its file is sound, or null: archived
   * sessions are read-only (archive.ts keeps them as they were archived).
   * @throws ApiError `not_found` for unknown ids
   */
  readOnlyReason(id: string): string | null {
    return this.getSession(id).root === this.archiveRoot
      ? 'Archived sessions are read-only: unarchive it to edit it'
      : null
  }

  /**
   * The file of a session the app may write (an edit): archived sessions are read-only.
   * @throws ApiError `not_found` for unknown ids; `conflict` for an archived session
   */
  writablePath(id: string): string {
    const why = this.readOnlyReason(id)
    if (why) throw new ApiError('conflict', why)
    return this.getSession(id).path
  }

  /** The row of one session. @throws ApiError `not_found` for unknown ids. */
  getSummary(id: string): LibraryRow {
    const row = this.index.row(id, this.marks())
    if (!row) throw unknownSession()
    return row
  }

  /**
   * The sessions whose header carries session id `headerId` (pi spec 1), the file changed last
   * first, at most five: where an open session's file went when it was moved to another folder.
   */
  sessionsWithHeader(headerId: string): LibraryRow[] {
    return this.index.rowsWithHeader(headerId, this.marks())
  }

  /** A session's searchable texts in file order, as the index holds them (pi spec 15.1). */
  textsOf(id: string): StoredText[] {
    return this.index.texts(id)
  }

  /**
   * Re-reads one session now (after an edit by the app), instead of waiting for the watcher.
   * @throws ApiError `not_found` for unknown ids
   */
  async reread(id: string): Promise<LibraryRow> {
    const record = this.getSession(id)
    await this.readOne({ path: record.path, folder: record.folder, root: record.root })
    this.notifier.notify()
    if (!this.inline) this.textLoop.kick()
    return this.getSummary(id)
  }

  /** Replaces the roots (e.g. a folder the user added) and rescans. */
  async setRoots(roots: readonly SessionRoot[]): Promise<void> {
    this.currentRoots = absolute(roots)
    this.restartWatcher()
    await this.refresh()
  }

  /**
   * Stops watching and reading, and closes the index. Texts not yet indexed stay marked in
   * the index and are indexed on the next launch.
   */
  async close(): Promise<void> {
    await this.watcher?.close()
    this.watcher = null
    this.closed = true
    this.notifier.cancel()
    for (const timer of this.quietChecks.values()) clearTimeout(timer)
    this.quietChecks.clear()
    await this.whenIdle()
    await this.textLoop.idle()
    await this.reader.close()
    this.index.close()
  }
}

/** Roots with absolute paths: the index is keyed by absolute file paths. */
function absolute(roots: readonly SessionRoot[]): SessionRoot[] {
  return roots.map((root) => ({ ...root, path: resolve(root.path) }))
}

/**
 * The error for an id the library does not know: most often a session whose file was deleted
 * or moved since the window listed it (a forged id gets the same answer). Said in words, not
 * by the opaque id.
 */
function unknownSession(): ApiError {
  return new ApiError(
    'not_found',
    'This session is no longer in the library: its file was deleted or moved.',
  )
}

/** Whether `path` is not there any more (an unreadable one is still there). */
async function isGone(path: string): Promise<boolean> {
  const error = await stat(path).then(
    () => null,
    (e: NodeJS.ErrnoException) => e,
  )
  return error !== null && meansGone(error.code)
}
