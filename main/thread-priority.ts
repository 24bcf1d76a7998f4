/**
 * Background threads yield the CPU to the window: the worker threads that parse session files
 * (the view's, the library's readers, the skeleton builder) run at a lower CPU priority, so
 * on a machine with few cores the main process (which answers every call of the window) and
 * the window's own renderer get a core first when both want one, and the parse takes what
 * they leave. V8's helper threads, which collect those workers' garbage, yield the same way.
 * On Linux a thread's priority is its own: setpriority(2) given a thread id changes that
 * thread alone (see its NOTES). Elsewhere the same call would slow the whole app, so there it
 * does nothing.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs'
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

/** What Node names the V8 platform's helper threads (its `WorkerThreadsTaskRunner`). */
const V8_HELPER = 'V8Worker'

/**
 * Lowers the V8 platform's helper threads to "below normal" (nice 10 on Linux), as the parsing
 * workers are: they do the garbage collection of every isolate in the process, and while a
 * worker parses a 250 MB session its collection keeps four of them busy for most of a second
 * at normal priority, taking cores from the main process and the window. The main isolate's
 * heap is small, so its own collection loses little. Threads are found by their name
 * (`/proc/self/task/<tid>/comm`); none of that name (another embedder) leaves all as they are.
 * @returns how many threads were lowered (0 off Linux or where the OS refused: never throws)
 */
export function lowerHelperThreadsPriority(): number {
  if (process.platform !== 'linux') return 0
  let lowered = 0
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return 0
  }
  for (const name of tasks) {
    const tid = Number(name)
    try {
      if (readFileSync(`/proc/self/task/${name}/comm`, 'utf8').trim() !== V8_HELPER) continue
      if (lowerThread(tid)) lowered++
    } catch {
      // The thread ended between the listing and the call, or the OS refused: left as it is.
    }
  }
  return lowered
}
