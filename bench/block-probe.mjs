/**
 * Loaded into the benchmarked server with `--import` (bench/view-server.ts): a timer every
 * 10 ms watches main's event loop from inside. Each gap between two ticks over 40 ms is
 * appended to the file named by PI_BLOCK_PROBE as a line
 * `at wall cpu wait steal iowait others gc kinds calls`:
 * - at: epoch ms when the gap began; wall: the gap (ms);
 * - cpu, wait: the main thread's time on a core during it, and its time runnable but waiting
 *   for a core (ms; Linux's /proc/thread-self/schedstat, `NaN` where there is none);
 * - steal: the time the host took from this virtual machine's cores during the gap, summed
 *   over its cores (ms; /proc/stat, 10 ms steps; `NaN` off Linux);
 * - iowait: the machine's cores' idle time with a disk read or write outstanding, summed
 *   (ms; /proc/stat, 10 ms steps; `NaN` off Linux);
 * - others: the time main's other threads (V8's helpers, the library's reader threads, libuv's
 *   pool) spent on a core during the gap (ms; /proc/self/stat, 10 ms steps; `NaN` off Linux);
 * - gc, kinds: V8's garbage collection pauses on main's thread that began in the gap, summed
 *   (ms), and their kinds, comma-separated (minor, major, incremental, weakcb; `-` for none;
 *   node:perf_hooks);
 * - calls: the API calls main was asked during the gap or had not answered when it began, by
 *   channel, comma-separated (`-` for none; node:diagnostics_channel's HTTP server events).
 *
 * Why: on 2 cores shared with Chromium a gap is partly main's own work and partly time the OS
 * gave other processes. Gap minus wait is main's own block: its work, and any time it slept in
 * a synchronous call or waiting for another thread (a collection waits for V8's helpers). The
 * other columns tell those apart: a gap in which main neither ran nor waited, while the host
 * stole the cores, was the host's; one with a long collection and busy helpers was V8's.
 */
import { subscribe } from 'node:diagnostics_channel'
import { appendFileSync, readFileSync } from 'node:fs'
import { PerformanceObserver, constants } from 'node:perf_hooks'

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

/** Linux's clock ticks per second in /proc (USER_HZ: 100 on every mainstream kernel). */
const TICK_MS = 10

/** The machine's [steal, iowait] so far, ms over all cores ([NaN, NaN] off Linux). */
function machine() {
  try {
    // "cpu  user nice system idle iowait irq softirq steal ...", in ticks.
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/)
    return [Number(fields[8]) * TICK_MS, Number(fields[5]) * TICK_MS]
  } catch {
    return [NaN, NaN]
  }
}

/** This process's time on a core so far, all its threads, ms (NaN off Linux). */
function processCpu() {
  try {
    // After "pid (name) ": the name may hold spaces, so count from its closing parenthesis.
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS
  } catch {
    return NaN
  }
}

const out = process.env.PI_BLOCK_PROBE
if (out) {
  /** Collections on main's thread: [start, duration, kind], on performance.now()'s clock. */
  const collections = []
  /** The collection kinds' names, by node:perf_hooks' `NODE_PERFORMANCE_GC_*` constants. */
  const kinds = Object.fromEntries(
    ['MINOR', 'MAJOR', 'INCREMENTAL', 'WEAKCB'].map((k) => [
      constants[`NODE_PERFORMANCE_GC_${k}`],
      k.toLowerCase(),
    ]),
  )
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      collections.push([e.startTime, e.duration, kinds[e.detail?.kind] ?? 'other'])
    }
    // Gaps are written within a tick of their end; older collections are of no more use.
    const keep = performance.now() - 60_000
    while (collections.length && collections[0][0] < keep) collections.shift()
  }).observe({ entryTypes: ['gc'] })
  /** The pauses that began in [from, to]: ms summed, and their kinds (`-` for none). */
  const collected = (from, to) => {
    const held = collections.filter(([at]) => at >= from && at < to)
    const ms = held.reduce((sum, [, d]) => sum + d, 0)
    return `${ms.toFixed(1)} ${[...new Set(held.map(([, , kind]) => kind))].join(',') || '-'}`
  }

  /** The requests main has been asked and not yet answered, by their channel. */
  const asked = new Map()
  /** The channels asked since the last tick or unanswered at it: what a gap was spent on. */
  let recent = new Set()
  subscribe('http.server.request.start', ({ request }) => {
    const channel = String(request.url).split('?')[0].split('/').pop() || '/'
    asked.set(request, channel)
    recent.add(channel)
  })
  subscribe('http.server.response.finish', ({ request }) => asked.delete(request))

  const sample = () => ({
    wall: performance.now(),
    sched: sched(),
    machine: machine(),
    all: processCpu(),
  })
  let last = sample()
  const write = (gapStart, gapEnd, line, during) =>
    // Collections are reported after the gap they held: wait a tick for the observer.
    setTimeout(() => {
      const at = Math.round(performance.timeOrigin + gapStart)
      appendFileSync(out, `${at} ${line} ${collected(gapStart, gapEnd)} ${during}\n`)
    }, 20).unref()
  setInterval(() => {
    const now = sample()
    const gap = now.wall - last.wall
    if (gap > 40) {
      const cpu = now.sched[0] - last.sched[0]
      // Whole ticks against nanoseconds: clamp the rounding below zero away.
      const others = Math.max(0, now.all - last.all - cpu)
      const [steal, iowait] = now.machine.map((x, i) => x - last.machine[i])
      const fields = [gap, cpu, now.sched[1] - last.sched[1], steal, iowait, others]
      write(
        last.wall,
        now.wall,
        fields.map((x) => x.toFixed(1)).join(' '),
        [...recent].join(',') || '-',
      )
    }
    last = now
    recent = new Set(asked.values())
  }, 10).unref()
}
