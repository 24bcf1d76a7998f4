/**
 * The tree skeletons of the library's large sessions (skeleton.ts), kept in one folder of the
 * app's data: read at open, and built in the background, newest session first, for every
 * large session that has been quiet for a while (a session pi is writing now would be stale
 * at once). Each build parses the file in a worker process that exits after it, so neither
 * the parse nor its garbage touch the main process. Skeletons of sessions the library no
 * longer lists are removed (they are our cache, not session files).
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { WorkerScript } from '../../library/read-pool'
import { buildSkeletonFile } from './skeleton-build'
import { openSkeleton, readSkeletonMeta, type Skeleton } from './skeleton'
import { sameIdentity, stampOf, type FileStamp } from './source'
import { forkWorker, stopWorker } from '../../worker-process'
import { SKELETON_MIN_BYTES } from './skeleton-size'

/** What main tells the tree worker (tree-worker.ts): the session, its skeleton file, the app version. */
export interface TreeWorkerOptions {
  sessionPath: string
  file: string
  app: string
}

/** The tree worker's one message. */
export type TreeWorkerReply = { ok: true } | { ok: false; error: string }

/** A large session as the library lists it. */
export interface SkeletonCandidate {
  path: string
  size: number
  mtimeMs: number
}

/** Options of {@link TreeSkeletons}. */
export interface SkeletonOptions {
  /** The folder of the skeleton files. */
  dir: string
  /** The app version (a skeleton of another version is rebuilt). */
  app: string
  /** The tree worker script (out/main/tree-worker.js); builds run in-process without it. */
  worker?: WorkerScript
  /** Smallest session given a skeleton (bytes). */
  minBytes?: number
  /** A session modified less than this long ago waits (ms). */
  quietMs?: number
  /** Called with what went wrong building one skeleton (the others go on). */
  onError?: (message: string) => void
}

const QUIET_MS = 10_000
/** Wait after a library change before a pass, so a burst of changes makes one pass. */
const SETTLE_MS = 2_000
/** Heap of a tree worker: a 250 MB session's entries take about 1.5 GB while parsed. */
const WORKER_HEAP_MB = 4096
const SUFFIX = '.tree'

/** Reads and builds tree skeletons. */
export class TreeSkeletons {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private closed = false
  private listing: (() => Promise<SkeletonCandidate[]>) | null = null
  /** Files whose build failed, with the bytes it failed on: not tried again until they change. */
  private failed = new Map<string, FileStamp>()

  constructor(private readonly options: SkeletonOptions) {}

  /** The skeleton file of a session file. */
  fileOf(sessionPath: string): string {
    const key = createHash('sha256').update(sessionPath).digest('hex').slice(0, 32)
    return join(this.options.dir, `${key}${SUFFIX}`)
  }

  /**
   * The skeleton of `sessionPath` when one matches the file as it is now, or its first bytes
   * (pi appended since: `behind`), else null. The caller closes it.
   */
  async read(sessionPath: string): Promise<Skeleton | null> {
    const stamp = await stampOf(sessionPath).catch(() => null)
    if (!stamp) return null
    return openSkeleton(this.fileOf(sessionPath), sessionPath, stamp, this.options.app)
  }

  /**
   * Drops the skeleton of `sessionPath`, found not to describe the file (its bytes changed in
   * place), and asks for a pass that builds it again.
   */
  async discard(sessionPath: string): Promise<void> {
    await rm(this.fileOf(sessionPath), { force: true })
    this.kick()
  }

  /**
   * Builds the skeleton of `sessionPath` (in a worker when one is given).
   * @throws Error when the session cannot be read or the skeleton cannot be written
   */
  async build(sessionPath: string): Promise<void> {
    await mkdir(this.options.dir, { recursive: true })
    const file = this.fileOf(sessionPath)
    const script = this.options.worker
    if (!script) return buildSkeletonFile(sessionPath, file, this.options.app)
    const options: TreeWorkerOptions = { sessionPath, file, app: this.options.app }
    const worker = forkWorker(script, WORKER_HEAP_MB, options)
    try {
      const reply = await new Promise<TreeWorkerReply>((done, fail) => {
        worker.once('message', done)
        worker.once('error', fail)
        worker.once('exit', (code, signal) =>
          fail(new Error(`the tree worker exited (${signal ?? code})`)),
        )
      })
      if (!reply.ok) throw new Error(reply.error ?? 'the tree worker failed')
    } finally {
      await stopWorker(worker)
    }
  }

  /**
   * Keeps the skeletons of the sessions `list` names up to date from now on: a pass now, and
   * one after each {@link kick}.
   */
  start(list: () => Promise<SkeletonCandidate[]>): void {
    this.listing = list
    this.kick(0)
  }

  /** Asks for a pass soon (the library changed). */
  kick(delay = SETTLE_MS): void {
    if (this.closed || !this.listing) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.pass()
    }, delay)
    this.timer.unref()
  }

  /** Resolves when no pass runs or waits to run (tests, benchmarks). */
  async whenIdle(): Promise<void> {
    while (this.running || this.timer) {
      if (this.running) await this.running
      else await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Stops passes; a running build finishes. */
  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private pass(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.passOnce()
      } while (this.again && !this.closed)
    })().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async passOnce(): Promise<void> {
    const list = this.listing
    if (!list) return
    const minBytes = this.options.minBytes ?? SKELETON_MIN_BYTES
    const quiet = this.options.quietMs ?? QUIET_MS
    const candidates = (await list())
      .filter((c) => c.size >= minBytes)
      .sort((a, b) => b.mtimeMs - a.mtimeMs)
    let waiting = false
    for (const c of candidates) {
      if (this.closed) return
      const stamp = await stampOf(c.path).catch(() => null)
      if (!stamp) continue
      if (Date.now() - stamp.mtimeMs < quiet) {
        waiting = true
        continue
      }
      const meta = await readSkeletonMeta(this.fileOf(c.path), this.options.app)
      if (meta && sameIdentity(meta.stamp, stamp)) continue
      // A build that failed (a file too large for the worker's heap) waits for new bytes.
      const failed = this.failed.get(c.path)
      if (failed && sameIdentity(failed, stamp)) continue
      await this.build(c.path).then(
        () => this.failed.delete(c.path),
        (error: unknown) => {
          this.failed.set(c.path, stamp)
          this.options.onError?.(`Tree skeleton of ${c.path}: ${(error as Error).message}`)
        },
      )
    }
    await this.prune(new Set(candidates.map((c) => this.fileOf(c.path))))
    if (waiting) this.kick(quiet)
  }

  /** Removes skeleton files of sessions no longer listed (and temporaries left by a crash). */
  private async prune(keep: ReadonlySet<string>): Promise<void> {
    const names = await readdir(this.options.dir).catch(() => [] as string[])
    for (const name of names) {
      const file = join(this.options.dir, name)
      if (keep.has(file)) continue
      await rm(file, { force: true }).catch(() => undefined)
    }
  }
}
