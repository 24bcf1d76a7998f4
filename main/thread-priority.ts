/**
 * Background threads yield the CPU to the window: the worker threads that parse session files
 * (the view's, the library's readers, the skeleton builder) run at a lower CPU priority, so
 * on a machine with few cores the main process (which answers every call of the window) and
 * the window's own renderer get a core first when both want one, and the parse takes what
 * they leave. On Linux a thread's priority is its own: setpriority(2) given a thread id
 * changes that thread alone (see its NOTES). Elsewhere the same call would slow the whole
 * app, so there it does nothing.
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
    const below = constants.priority.PRIORITY_BELOW_NORMAL
    if (getPriority(tid) >= below) return false
    setPriority(tid, below)
    return true
  } catch {
    return false
  }
}
