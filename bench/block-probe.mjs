/**
 * Loaded into the benchmarked server with `--import` (bench/view-server.ts): a timer every
 * 10 ms watches main's event loop from inside. Each gap between two ticks over 40 ms is
 * appended to the file named by PI_BLOCK_PROBE as a line `at wall cpu wait`: epoch ms when the
 * gap began, the gap, the main thread's time on a core during it, and its time runnable but
 * waiting for a core (ms; Linux's /proc/thread-self/schedstat, `NaN` where there is none).
 *
 * Why: on 2 cores shared with Chromium a gap is partly main's own work and partly time the OS
 * gave other processes. Gap minus wait is main's own block: its work, and any synchronous
 * call that slept (a disk read, an fsync); the wait is the machine's share.
 */
import { appendFileSync, readFileSync } from 'node:fs'

/** [on a core, waiting for one], ms, since the thread started. */
function sched() {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number)
    return [run / 1e6, wait / 1e6]
  } catch {
    const { user, system } = process.threadCpuUsage()
    return [(user + system) / 1000, NaN]
  }
}

const out = process.env.PI_BLOCK_PROBE
if (out) {
  let wall = performance.now()
  let [run, wait] = sched()
  setInterval(() => {
    const nowWall = performance.now()
    const [nowRun, nowWait] = sched()
    const gap = nowWall - wall
    if (gap > 40) {
      const at = Math.round(performance.timeOrigin + wall)
      const line = [gap, nowRun - run, nowWait - wait].map((x) => x.toFixed(1)).join(' ')
      appendFileSync(out, `${at} ${line}\n`)
    }
    wall = nowWall
    run = nowRun
    wait = nowWait
  }, 10).unref()
}
