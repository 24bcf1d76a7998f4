/**
 * How much of a renderer long task the window's renderer spent on a core: a worker thread
 * reads, every 2 ms, the scheduler figures of the main thread of each Chromium renderer on the
 * machine (Linux's /proc/<pid>/task/<pid>/schedstat: time on a core, time runnable but waiting
 * for one). A long task is wall time; on 2 cores shared with main, its parse workers and the
 * browser's other processes, part of it is the renderer waiting for a core, not its own work.
 * The bench runs one page at a time, so the renderer that ran most in a task's span is its.
 * Elsewhere than Linux there is no such file: the figures are NaN.
 */
import { Worker } from 'node:worker_threads'

/** One reading: epoch ms, renderer pid, ms on a core and ms waiting for one since it started. */
export type SchedSample = [at: number, pid: number, run: number, wait: number]

/** A long task's share of the renderer's time (ms). */
export interface TaskSched {
  /** On a core during the task. */
  cpu: number
  /** Runnable but waiting for a core during the task. */
  wait: number
  /** The span the two readings around the task cover (at least the task's duration). */
  span: number
}

/** The worker: finds renderers every 500 ms, reads their main threads every 2 ms. */
const SAMPLER = `
const { parentPort } = require('node:worker_threads')
const { readFileSync, readdirSync } = require('node:fs')
let pids = []
const find = () => {
  const found = []
  for (const name of readdirSync('/proc')) {
    if (!/^\\d+$/.test(name)) continue
    try {
      if (readFileSync('/proc/' + name + '/cmdline', 'utf8').includes('--type=renderer')) found.push(Number(name))
    } catch {}
  }
  pids = found
}
find()
const finder = setInterval(find, 500)
let batch = []
const reader = setInterval(() => {
  const at = performance.timeOrigin + performance.now()
  for (const pid of pids) {
    try {
      const [run, wait] = readFileSync('/proc/' + pid + '/task/' + pid + '/schedstat', 'utf8').split(' ').map(Number)
      batch.push([at, pid, run / 1e6, wait / 1e6])
    } catch {}
  }
}, 2)
const sender = setInterval(() => { parentPort.postMessage(batch); batch = [] }, 100)
parentPort.on('message', () => {
  clearInterval(finder); clearInterval(reader); clearInterval(sender)
  parentPort.postMessage(batch); parentPort.close()
})
`

/** A running sampler: `stop` ends it and gives every reading it took. */
export interface RendererSched {
  stop(): Promise<SchedSample[]>
}

/** Starts reading the renderers' scheduler figures (nothing is read off Linux). */
export function startRendererSched(): RendererSched {
  if (process.platform !== 'linux') return { stop: async () => [] }
  const samples: SchedSample[] = []
  const worker = new Worker(SAMPLER, { eval: true })
  worker.on('message', (batch: SchedSample[]) => samples.push(...batch))
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('exit', () => resolve(samples))
        worker.postMessage('stop')
      }),
  }
}

/**
 * The renderer's time on a core and waiting for one during [from, to] (epoch ms): the
 * difference of the last reading at or before `from` and the first at or after `to`, of the
 * renderer that ran most between them. NaN figures when no renderer was read around the span.
 */
export function schedDuring(samples: SchedSample[], from: number, to: number): TaskSched {
  let best: TaskSched = { cpu: NaN, wait: NaN, span: NaN }
  for (const pid of new Set(samples.map((s) => s[1]))) {
    let before: SchedSample | undefined
    let after: SchedSample | undefined
    for (const s of samples) {
      if (s[1] !== pid) continue
      if (s[0] <= from) before = s
      else if (s[0] >= to && !after) after = s
    }
    if (!before || !after) continue
    const cpu = after[2] - before[2]
    if (Number.isNaN(best.cpu) || cpu > best.cpu)
      best = { cpu, wait: after[3] - before[3], span: after[0] - before[0] }
  }
  return best
}
