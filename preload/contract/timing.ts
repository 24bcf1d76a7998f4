/**
 * The delays on the way from pi appending a line to the row showing it, in one place with
 * the budget they share: the watcher waits for the write to settle, the library coalesces
 * notifications, the renderer coalesces refetches while a scan runs (outside a scan it
 * refetches at once). Watcher and notification delays together stay well inside
 * APPEND_TO_ROW_BUDGET_MS, which leaves the rest for reading the appended bytes.
 */

/** What pi appending a line may take to show in its row, in ms. */
export const APPEND_TO_ROW_BUDGET_MS = 300

/** The watcher waits this long for a file to stop changing before it is read (ms). */
export const WATCH_SETTLE_MS = 60

/** The library tells its listeners of changes at most this often (ms). */
export const NOTIFY_MS = 100

/** While a scan runs, the renderer refetches rows at most this often (ms). */
export const REFETCH_MS = 300

/**
 * A session whose file was written this recently counts as running (pi is writing to it):
 * the list and the view mark it "live" (ms).
 */
export const LIVE_MS = 10_000

/** Whether a file last written at `mtimeMs` counts as running at `nowMs` (see LIVE_MS). */
export function isLive(mtimeMs: number, nowMs: number): boolean {
  // A clock that runs behind the file system's (mtime ahead of now) counts within the window.
  return Math.abs(nowMs - mtimeMs) < LIVE_MS
}

/**
 * A session whose file changed this recently is taken to be open in pi, which may still be
 * writing it: bulk trash and archive leave it out unless the user includes it by name (ms).
 * Wider than LIVE_MS on purpose: the "live" marker shows a session being written now, while
 * a bulk action that moves files errs on the side of leaving a session alone.
 */
export const RUNNING_SESSION_MS = 30_000

/** Progress of a bulk action is told at most this often (ms); its end is always told. */
export const BULK_PROGRESS_MS = 100
