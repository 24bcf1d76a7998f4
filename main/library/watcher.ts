/**
 * Watches the session roots with chokidar and hands bursts of changed paths to the
 * library, coalesced (issue 4: an append shows within 1 s; bursts are coalesced).
 */
import { watch, type FSWatcher } from 'chokidar'

/** Delay that merges a burst of events into one batch (ms). */
export const COALESCE_MS = 60

/** What changed: paths of session files and folders, and whether a root itself moved. */
export interface ChangeBatch {
  paths: Set<string>
  rootsChanged: boolean
}

/** A running watcher. */
export interface RootWatcher {
  close(): Promise<void>
}

/**
 * Starts watching `roots` (one folder level deep: pi's layout) and calls `onBatch` with
 * coalesced changes. Watch errors (a root unmounted, permission lost) count as root
 * changes, so the library rescans instead of going stale.
 */
export function watchRoots(
  roots: readonly string[],
  onBatch: (batch: ChangeBatch) => void,
): RootWatcher {
  const rootSet = new Set(roots)
  let pending: ChangeBatch = { paths: new Set(), rootsChanged: false }
  let timer: NodeJS.Timeout | null = null
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
  const watcher: FSWatcher = watch([...roots], {
    ignoreInitial: true,
    depth: 1,
    ignorePermissionErrors: true,
    persistent: true,
  })
  watcher.on('all', (_event, path) => queue(path))
  watcher.on('error', () => queue('', true))
  return {
    close: async () => {
      if (timer) clearTimeout(timer)
      await watcher.close()
    },
  }
}
