/**
 * SessionLibrary: every session of every root, grouped into projects, kept current while
 * pi writes (issue 4). Streams results while it scans (newest files first), reuses the
 * metadata cache and reads appended files from their previous end. Owns the id → path
 * mapping; the API layer only ever hands it opaque ids.
 */
import { stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import pLimit from 'p-limit'
import { ApiError } from '../../preload/contract/errors'
import type {
  LibraryProgress,
  ProjectList,
  SessionQuery,
  SessionQueryResult,
  SessionSummary,
} from '../../preload/contract/library'
import { loadCache, loadTextCache, saveCache } from './cache'
import { opaqueId } from './ids'
import { type LibrarySession } from './record'
import { inProcessReader, workerReader, type RecordReader, type WorkerScript } from './read-pool'
import type { SessionRoot } from './roots'
import { discoverSessionFiles, type ScanProblem, type SessionCandidate } from './scan'
import { runQuery } from './query'
import { buildLineage, groupProjects, projectIdOf, toSessionSummary, type Lineage } from './views'
import { watchRoots, type ChangeBatch, type RootWatcher } from './watcher'

/** Options of the library. */
export interface LibraryOptions {
  /** Folder for the metadata cache; null keeps no cache. */
  dataDir?: string | null
  /** Watch the roots for changes (default true). */
  watch?: boolean
  /** Files read at once (default 8). */
  concurrency?: number
  /** Parse in worker threads with this script; default: on the calling thread. */
  worker?: WorkerScript
}

/** A change notification: progress and a revision that grows with every change. */
export interface LibraryChange {
  progress: LibraryProgress
  revision: number
}

const NOTIFY_MS = 100
const SAVE_DELAY_MS = 1500

/** The multi-root session library. */
export class SessionLibrary {
  private records = new Map<string, LibrarySession>()
  private problems: ScanProblem[] = []
  private progress: LibraryProgress = { loaded: 0, total: 0, scanning: false }
  private revision = 0
  private listeners = new Set<(change: LibraryChange) => void>()
  private notifyTimer: NodeJS.Timeout | null = null
  private lastNotify = 0
  private saveTimer: NodeJS.Timeout | null = null
  private scanning: Promise<void> | null = null
  private textFill: Promise<void> = Promise.resolve()
  private rescan = false
  private watcher: RootWatcher | null = null
  private lineage: Lineage | null = null
  private cached = new Map<string, LibrarySession>()
  private currentRoots: SessionRoot[]
  /** How files were read since start: lets tests and the benchmark see the cache at work. */
  readonly reads = { unchanged: 0, appended: 0, full: 0, failed: 0 }
  private readonly reader: RecordReader

  /** @param roots the folders to scan; no session file is ever written by the library. */
  constructor(
    roots: readonly SessionRoot[],
    private readonly options: LibraryOptions = {},
  ) {
    this.currentRoots = absolute(roots)
    this.reader = options.worker ? workerReader(options.worker) : inProcessReader()
  }

  /** The roots being read. */
  get roots(): readonly SessionRoot[] {
    return this.currentRoots
  }

  /** Loads the cache, starts the first scan (not awaited) and the watcher. */
  async start(): Promise<void> {
    if (this.options.dataDir) {
      const load = await loadCache(this.options.dataDir)
      this.cached = load.records
      if (load.discarded)
        this.problems.push({
          path: this.options.dataDir,
          message: `Cache rebuilt: ${load.discarded}`,
        })
    }
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
        listener({ progress: { ...this.progress }, revision: this.revision })
    })
    return () => this.listeners.delete(listener)
  }

  /**
   * Tells listeners, at most every NOTIFY_MS: the first change after a quiet spell goes out
   * at once (the first rows show without waiting), the rest of a burst at the end of it.
   */
  private notify(now = false): void {
    this.lineage = null
    const fire = () => {
      this.notifyTimer = null
      this.lastNotify = Date.now()
      this.revision += 1
      const change = { progress: { ...this.progress }, revision: this.revision }
      for (const listener of this.listeners) listener(change)
    }
    const wait = NOTIFY_MS - (Date.now() - this.lastNotify)
    if (now || (wait <= 0 && !this.notifyTimer)) {
      if (this.notifyTimer) clearTimeout(this.notifyTimer)
      fire()
    } else this.notifyTimer ??= setTimeout(fire, Math.max(0, wait))
  }

  private scheduleSave(): void {
    const dataDir = this.options.dataDir
    if (!dataDir) return
    if (this.saveTimer) clearTimeout(this.saveTimer)
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null
      saveCache(dataDir, this.records.values()).catch((error: unknown) => {
        console.error('Pi Sessions: could not write the library cache:', error)
      })
    }, SAVE_DELAY_MS)
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
      } while (this.rescan)
    })().finally(() => {
      this.scanning = null
    })
    return this.scanning
  }

  /** Resolves when no scan is running. */
  async whenIdle(): Promise<void> {
    while (this.scanning) await this.scanning
  }

  private async scan(): Promise<void> {
    const found = await discoverSessionFiles(this.currentRoots.map((root) => root.path))
    const cacheProblems = this.problems.filter((p) => p.message.startsWith('Cache rebuilt'))
    this.problems = [...cacheProblems, ...found.problems]
    const present = new Set(found.candidates.map((c) => c.path))
    for (const [key, record] of this.records)
      if (!present.has(record.path)) this.records.delete(key)
    const ordered = await newestFirst(found.candidates)
    this.progress = { loaded: 0, total: ordered.length, scanning: true }
    // Files whose size, mtime and inode match what we know are not read at all.
    const toRead: SessionCandidate[] = []
    for (const { candidate, facts } of ordered) {
      const previous = this.findByPath(candidate.path) ?? this.cached.get(candidate.path)
      if (previous && facts && isUnchanged(previous, facts)) {
        this.records.set(previous.key, previous)
        this.reads.unchanged += 1
        this.progress.loaded += 1
      } else toRead.push(candidate)
    }
    this.notify(true)
    const limit = pLimit(this.options.concurrency ?? 8)
    await Promise.all(
      toRead.map((candidate) =>
        limit(async () => {
          await this.readOne(candidate)
          this.progress.loaded += 1
          this.notify()
        }),
      ),
    )
    this.cached.clear()
    this.progress = { ...this.progress, scanning: false }
    this.notify(true)
    this.textFill = this.fillTexts()
    this.scheduleSave()
  }

  /**
   * Gives records that came from the cache their searchable texts: from the texts cache
   * where the file facts still match, else by reading the file again.
   */
  private async fillTexts(): Promise<void> {
    const missing = () => [...this.records.values()].filter((r) => r.textsOf !== null)
    if (missing().length === 0) return
    if (this.options.dataDir) {
      for await (const cached of loadTextCache(this.options.dataDir)) {
        const record = this.findByPath(cached.path)
        const want = record?.textsOf
        if (!record?.digest || !want) continue
        if (want.size !== cached.size || want.mtimeMs !== cached.mtimeMs || want.ino !== cached.ino)
          continue
        record.digest.texts = [...cached.texts, ...record.digest.texts]
        record.textsOf = null
      }
    }
    for (const record of missing()) {
      const { record: fresh } = await this.reader.read({
        path: record.path,
        folder: record.folder,
        root: record.root,
      })
      this.records.set(fresh.key, fresh)
    }
    this.notify()
  }

  /** Resolves when every record has its searchable texts (after a warm start). */
  async whenTextsReady(): Promise<void> {
    await this.whenIdle()
    await this.textFill
  }

  private async readOne(candidate: SessionCandidate): Promise<void> {
    const previous = this.findByPath(candidate.path) ?? this.cached.get(candidate.path)
    const { record, kind } = await this.reader.read(candidate, previous)
    this.reads[kind] += 1
    this.records.set(record.key, record)
  }

  private findByPath(path: string): LibrarySession | undefined {
    return this.records.get(opaqueId('session', path))
  }

  private rootOf(path: string): SessionRoot | undefined {
    return this.currentRoots.find((root) => path === root.path || path.startsWith(root.path + '/'))
  }

  /** Applies a watcher batch: re-reads changed files, drops deleted ones, rescans on root moves. */
  private async applyBatch(batch: ChangeBatch): Promise<void> {
    const folders = [...batch.paths].filter((p) => !p.endsWith('.jsonl'))
    if (batch.rootsChanged || folders.length > 0) return void this.refresh()
    for (const path of batch.paths) {
      const root = this.rootOf(path)
      if (!root) continue
      const folder = dirname(path)
      const exists = await stat(path).then(
        () => true,
        () => false,
      )
      if (!exists) {
        const gone = this.findByPath(path)
        if (gone) this.records.delete(gone.key)
        continue
      }
      await this.readOne({ path, folder, root: root.path })
    }
    this.notify()
    this.scheduleSave()
  }

  private restartWatcher(): void {
    if (this.options.watch === false) return
    void this.watcher?.close()
    this.watcher = watchRoots(
      this.currentRoots.map((root) => root.path),
      (batch) => void this.applyBatch(batch),
    )
  }

  private currentLineage(): Lineage {
    this.lineage ??= buildLineage(this.records.values())
    return this.lineage
  }

  /** Projects (grouped by header cwd) with counts and totals, newest activity first. */
  listProjects(): ProjectList {
    const lineage = this.currentLineage()
    const rows = [...this.records.values()].map((s) => ({
      row: toSessionSummary(s, lineage),
      folder: s.folder,
    }))
    const models = new Set(rows.flatMap(({ row }) => row.models))
    return {
      projects: groupProjects(rows),
      problems: this.problems.map((p) => ({ ...p })),
      progress: { ...this.progress },
      models: [...models].sort(),
    }
  }

  /** Runs a session query (scope, search, filters, sort). */
  query(query: SessionQuery): SessionQueryResult {
    const records = [...this.records.values()]
    const outcome = runQuery(records, this.currentLineage(), query, projectIdOf)
    const pendingTexts = records.filter((r) => r.textsOf !== null).length
    return { ...outcome, pendingTexts, progress: { ...this.progress } }
  }

  /**
   * The record behind a session id.
   * @throws ApiError `not_found` when the id is unknown (forged ids land here).
   */
  getSession(id: string): LibrarySession {
    const session = this.records.get(id)
    if (!session) throw new ApiError('not_found', `No session with id ${id}`)
    return session
  }

  /** The row of one session. @throws ApiError `not_found` for unknown ids. */
  getSummary(id: string): SessionSummary {
    return toSessionSummary(this.getSession(id), this.currentLineage())
  }

  /**
   * Re-reads one session now (after an edit by the app), instead of waiting for the watcher.
   * @throws ApiError `not_found` for unknown ids
   */
  async reread(id: string): Promise<SessionSummary> {
    const record = this.getSession(id)
    await this.readOne({ path: record.path, folder: record.folder, root: record.root })
    this.notify()
    this.scheduleSave()
    return this.getSummary(id)
  }

  /**
   * Replaces the roots (e.g. a folder the user added) and rescans.
   */
  async setRoots(roots: readonly SessionRoot[]): Promise<void> {
    this.currentRoots = absolute(roots)
    this.restartWatcher()
    await this.refresh()
  }

  /** Stops watching and writes the cache. */
  async close(): Promise<void> {
    await this.watcher?.close()
    this.watcher = null
    if (this.notifyTimer) clearTimeout(this.notifyTimer)
    if (this.saveTimer) clearTimeout(this.saveTimer)
    await this.whenTextsReady()
    await this.reader.close()
    if (this.options.dataDir) await saveCache(this.options.dataDir, this.records.values())
  }
}

/** Roots with absolute paths: records and the cache are keyed by absolute file paths. */
function absolute(roots: readonly SessionRoot[]): SessionRoot[] {
  return roots.map((root) => ({ ...root, path: resolve(root.path) }))
}

/** Stats candidates and orders them by mtime, newest first (pi 1.6.0's listAll order, spec 15.3). */
async function newestFirst(candidates: SessionCandidate[]): Promise<Stated[]> {
  const limit = pLimit(64)
  const stated = await Promise.all(
    candidates.map((candidate) =>
      limit(async () => ({
        candidate,
        facts: await stat(candidate.path).then(
          (s) => ({ size: s.size, mtimeMs: s.mtimeMs, ino: s.ino, isFile: s.isFile() }),
          () => null,
        ),
      })),
    ),
  )
  const time = (x: Stated) => x.facts?.mtimeMs ?? 0
  return stated.sort(
    (a, b) => time(b) - time(a) || b.candidate.path.localeCompare(a.candidate.path),
  )
}

/** A candidate with its file facts (null when stat failed). */
interface Stated {
  candidate: SessionCandidate
  facts: { size: number; mtimeMs: number; ino: number; isFile: boolean } | null
}

/** Same file, same size, same mtime: the record still describes it (unreadable ones are retried). */
function isUnchanged(previous: LibrarySession, facts: NonNullable<Stated['facts']>): boolean {
  return (
    facts.isFile &&
    previous.status !== 'unreadable' &&
    previous.ino === facts.ino &&
    previous.size === facts.size &&
    previous.mtimeMs === facts.mtimeMs
  )
}
