/**
 * Background work yields the CPU to the window: the workers that parse session files (the
 * view's and the skeleton builder's worker processes, the library's reader threads) run at a
 * lower CPU priority, so on a machine with few cores the main process (which answers every
 * call of the window) and the window's own renderer get a core first when both want one, and
 * the parse takes what they leave.
 * In main's process, V8's helper threads stay at normal priority, though they collect the
 * worker threads' garbage:
 * they collect main's too, and main waits for the part of a collection a helper has taken and
 * for their task queue's lock. Lowered to nice 10, a helper that a busy process took the core
 * from held main's thread in turn: its longest own block was 139 ms against 55 ms at normal
 * priority, while the busy processes gained 0.06 of a core (`npm run bench:gc-priority`, both
 * cores busy).
 * On Linux a thread's priority is its own: setpriority(2) given a thread id changes that
 * thread alone (see its NOTES). Elsewhere the same call would slow the whole app, so there it
 * does nothing.
 */
import { readdirSync, readlinkSync } from 'node:fs'
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
 * Lowers thread `tid` (0: this process, off Linux) to "below normal" unless it is that low
 * already.
 * @returns whether it was lowered
 * @throws the OS error (the thread ended, or the call was refused)
 */
function lowerThread(tid: number): boolean {
  const below = constants.priority.PRIORITY_BELOW_NORMAL
  if (getPriority(tid) >= below) return false
  setPriority(tid, below)
  return true
}

/**
 * Lowers this whole process to "below normal", every thread of it: for a worker process, whose
 * threads share nothing with main (worker-process.ts), so its V8 helpers can yield too without
 * holding main. On Linux each thread has its own priority, so each thread that runs now is
 * lowered (threads started later inherit their creator's); elsewhere the process's priority
 * (id 0: this process) is set once. Never throws: a thread that ended meanwhile, or an OS that
 * refused, leaves the rest as they are.
 */
export function lowerThisProcessPriority(): void {
  let ids = [0]
  try {
    if (process.platform === 'linux') ids = readdirSync('/proc/self/task').map(Number)
  } catch {
    return
  }
  for (const id of ids) {
    try {
      lowerThread(id)
    } catch {
      // the thread ended meanwhile, or the OS refused
    }
  }
}
