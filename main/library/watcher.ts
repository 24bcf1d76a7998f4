/**
 * Watches the session roots with chokidar and hands bursts of changed paths to the library,
 * coalesced (an append shows within 1 s; bursts are coalesced). Each root has its own
 * watcher: when the OS refuses more watches (inotify's limit: ENOSPC; open files: EMFILE,
 * ENFILE), that root falls back to polling and the watcher reports it as a problem.
 */
import { watch, type ChokidarOptions, type FSWatcher } from 'chokidar'
import { WATCH_SETTLE_MS } from '../../preload/contract/timing'
import { describeFsError, type FsProblem } from './fs-errors'

/** Delay that merges a burst of events into one batch (ms; on the append-to-row path). */
export const COALESCE_MS = WATCH_SETTLE_MS

/** How often a polled root is checked (ms): the 1 s budget for an append to show. */
export const POLL_INTERVAL_MS = 1000

/** Error codes meaning "the OS refuses more watches". */
const WATCH_LIMIT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE'])

/** What changed: paths of session files and folders, and whether a root itself moved. */
export interface ChangeBatch {
  paths: Set<string>
  rootsChanged: boolean
}

/** A running watcher. */
export interface RootWatcher {
  /** Roots that fell back to polling, each with the reason in words (for the library's problems). */
  problems(): FsProblem[]
  close(): Promise<void>
}

/** Options of {@link watchRoots}; the factory is a seam for tests that inject OS errors. */
export interface WatchOptions {
  watchFactory?: (path: string, options: ChokidarOptions) => FSWatcher
}

/**
 * Starts watching `roots` (one folder level deep: pi's layout) and calls `onBatch` with
 * coalesced changes. Watch errors (a root unmounted, permission lost) count as root changes,
 * so the library rescans instead of going stale; a watch-limit error also switches that root
 * to polling (and is a root change too: what happened meanwhile is picked up by the rescan).
 */
export function watchRoots(
  roots: readonly string[],
  onBatch: (batch: ChangeBatch) => void,
  options: WatchOptions = {},
): RootWatcher {
  const factory = options.watchFactory ?? ((path, opts) => watch(path, opts))
  const rootSet = new Set(roots)
  let pending: ChangeBatch = { paths: new Set(), rootsChanged: false }
  let timer: NodeJS.Timeout | null = null
  let closed = false
  const polled = new Map<string, FsProblem>()
  const watchers = new Map<string, FSWatcher>()
  const flush = () => {
    timer = null
    const batch = pending
    pending = { paths: new Set(), rootsChanged: false }
    onBatch(batch)
  }
  const queue = (path: string, rootChange = false) => {
    if (rootChange || rootSet.has(path)) pending.rootsChanged = true
    else pending.paths.add(path)
    timer ??= setTimeout(flush, COALESCE_MS)
  }
  const start = (root: string, usePolling: boolean) => {
    const watcher = factory(root, {
      ignoreInitial: true,
      depth: 1,
      ignorePermissionErrors: true,
      persistent: true,
      ...(usePolling ? { usePolling: true, interval: POLL_INTERVAL_MS } : {}),
    })
    watchers.set(root, watcher)
    watcher.on('all', (event, path) => {
      // A file that is not a session is no change of the library (pi reads only *.jsonl).
      // Were it one, a folder holding the app's own data (someone's home) would loop: each
      // rescan writes the index and the log, whose writes would start the next rescan.
      const file = event === 'add' || event === 'change' || event === 'unlink'
      if (file && !path.endsWith('.jsonl')) return
      queue(path)
    })
    watcher.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException)?.code
      if (!usePolling && code && WATCH_LIMIT_CODES.has(code) && !closed) {
        polled.set(root, describeFsError(root, error, 'watch'))
        void watcher.close()
        start(root, true)
      }
      queue('', true)
    })
  }
  for (const root of rootSet) start(root, false)
  return {
    problems: () => [...polled.values()].map((p) => ({ ...p })),
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      await Promise.all([...watchers.values()].map((w) => w.close()))
    },
  }
}
