/**
 * Background threads yield the CPU to the window: the worker threads that parse session files
 * (the view's, the library's readers, the skeleton builder) run at a lower CPU priority, so
 * on a machine with few cores the main process (which answers every call of the window) and
 * the window's own renderer get a core first when both want one, and the parse takes what
 * they leave.
 * V8's helper threads stay at normal priority, though they collect those workers' garbage:
 * they collect main's too, and main waits for the part of a collection a helper has taken and
 * for their task queue's lock. Lowered to nice 10, a helper that a busy process took the core
 * from held main's thread in turn: its longest own block was 139 ms against 55 ms at normal
 * priority, while the busy processes gained 0.06 of a core (`npm run bench:gc-priority`, both
 * cores busy).
 * On Linux a thread's priority is its own: setpriority(2) given a thread id changes that
 * thread alone (see its NOTES). Elsewhere the same call would slow the whole app, so there it
 * does nothing.
 */
import { readlinkSync } from 'node:fs'
import { constants, getPriority, setPriority } from 'node:os'

/**
 * Lowers the calling thread's priority to the OS's "below normal" (nice 10 on Linux); a thread
 * already at that or lower (the whole app started with `nice`) is left as it is.
 * @returns whether it was lowered (false off Linux, when already as low, or where the OS
 *   refused: never throws)
 */
export function lowerThisThreadPriority(): boolean {
  if (process.platform !== 'linux') return false
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>": the id of this very thread.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false
    return lowerThread(tid)
  } catch {
    return false
  }
}

/**
 * Lowers thread `tid` to "below normal" unless it is that low already.
 * @returns whether it was lowered
 * @throws the OS error (the thread ended, or the call was refused)
 */
function lowerThread(tid: number): boolean {
  const below = constants.priority.PRIORITY_BELOW_NORMAL
  if (getPriority(tid) >= below) return false
  setPriority(tid, below)
  return true
}
