/**
 * Worker thread for the loader's blocking test: loads `workerData.file` with the async loader
 * and opens it with `SessionManager.openAsync`, `workerData.attempts` times, and posts the
 * longest stretch of this thread's own CPU time between two turns of its event loop (ms) of
 * each attempt. Run with the young generation the app gives its workers (main/worker-heap.ts).
 */
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { loadSessionFile } from '../../main/session/load'
import { SessionManager } from '../../main/session/manager'

/**
 * This thread's CPU ms: the scheduler's count in ns (/proc/thread-self/schedstat), else
 * utime + stime of its stat (100 ticks/s: sampled per tick, so a 41 ms block can read as
 * 50), else wall ms. CPU time, so a busy shared machine that deschedules us is not counted.
 */
function busyMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  } catch {
    // No schedstat (a kernel without it): the tick counts of stat.
  }
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return performance.now()
  }
}

const { file, attempts, entries } = workerData as {
  file: string
  attempts: number
  entries: number
}
const worst: number[] = []
for (let attempt = 0; attempt < attempts; attempt++) {
  let last = busyMs()
  let longest = 0
  const timer = setInterval(() => {
    const now = busyMs()
    longest = Math.max(longest, now - last)
    last = now
  }, 1)
  const loaded = await loadSessionFile(file)
  const manager = await SessionManager.openAsync(file)
  clearInterval(timer)
  longest = Math.max(longest, busyMs() - last)
  if (loaded.entries.length !== entries || manager.getEntries().length !== entries)
    throw new Error(`expected ${entries} entries, loaded ${loaded.entries.length}`)
  worst.push(longest)
}
parentPort?.postMessage(worst)
