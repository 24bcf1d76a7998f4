/**
 * Garbage collection and thread priority: how long the main thread is held by V8's helper
 * threads at each of their priorities (the app leaves them at normal: main/thread-priority.ts).
 * The helpers collect every isolate's garbage, main's too, and main waits for the part of a
 * collection a helper has taken and for their task queue; a helper at a low priority that a
 * busy process took the core from holds main meanwhile (priority inversion).
 *
 * Each run is a process of its own, as the app is: a worker thread at the parsing workers'
 * priority allocating as a parse does, two processes at normal priority keeping both cores
 * busy (the window and the rest of the desktop), and main allocating a tree page's worth of
 * garbage every 10 ms. bench/block-probe.mjs watches main's event loop. Printed per helper
 * priority (medians of the runs): main's longest gap, its longest own block (a gap less the
 * time it waited for a core), its longest sleep (the same less its time on a core: waiting on
 * a helper), how many of its own blocks were over 50 ms in a run, and the CPU the two busy
 * processes got (what the helpers left the window).
 * Run: `npm run bench:gc-priority [-- --runs 3 --seconds 10]`. Figures, not pass/fail.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Worker, isMainThread } from 'node:worker_threads'
import { numberArg } from './args'
import { readGaps } from './view-server'
import { lowerThisThreadPriority } from '../main/thread-priority'
import { median } from './stats'

const RUNS = numberArg('runs', 3)
const SECONDS = numberArg('seconds', 10)
/** Helper priorities compared: 0 leaves them at normal. */
const LEVELS = [0, 5, 10]

/** A parse's allocation: objects kept (a session's entries), then let go, over and over. */
function parseLike(): never {
  lowerThisThreadPriority()
  const kept: unknown[] = []
  for (;;) {
    for (let i = 0; i < 200_000; i++) kept.push({ id: i, text: `entry ${i}`, parent: [i] })
    if (kept.length > 3_000_000) kept.length = 0
  }
}

/** Lowers this process's V8 helper threads (Node names them `V8Worker`) to `nice`. */
function lowerHelpers(nice: number): void {
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'V8Worker')
        setPriority(Number(tid), nice)
    } catch {
      // The thread ended between the listing and the call.
    }
  }
}

/** CPU time (ms) process `pid` has used: utime + stime of /proc/<pid>/stat, in clock ticks. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
}
/** Clock ticks per second (USER_HZ; 100 on Linux). */
const TICKS = 100

/** One run at helper priority `nice`: prints main's gaps as JSON. */
async function child(nice: number): Promise<void> {
  const hogs = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }))
  const worker = new Worker(new URL(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  })
  // The helpers start with the first collections.
  await new Promise((r) => setTimeout(r, 1000))
  if (nice > 0) lowerHelpers(nice)
  const from = Date.now()
  const tick = setInterval(() => {
    // A reply's round trip: built, serialised, parsed (V8 cannot leave out a JSON.parse).
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${i}` }))
    JSON.parse(JSON.stringify(rows))
  }, 10)
  const hogCpu = () => hogs.reduce((sum, h) => sum + cpuMs(h.pid as number), 0)
  const hogFrom = hogCpu()
  await new Promise((r) => setTimeout(r, SECONDS * 1000))
  const hogShare = (hogCpu() - hogFrom) / (Date.now() - from)
  clearInterval(tick)
  await worker.terminate()
  for (const h of hogs) h.kill()
  const gaps = readGaps(process.env.PI_BLOCK_PROBE as string).filter((g) => g.at >= from)
  const own = gaps.map((g) => g.wall - g.wait)
  const slept = gaps.map((g) => g.wall - g.wait - g.cpu)
  console.log(
    JSON.stringify({
      gap: Math.max(0, ...gaps.map((g) => g.wall)),
      own: Math.max(0, ...own),
      slept: Math.max(0, ...slept),
      over50: own.filter((x) => x > 50).length,
      hogs: hogShare,
    }),
  )
}

const ms = (x: number) => `${Math.round(x)} ms`

/** Runs every level `RUNS` times, alternating, and prints the table. */
function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'pi-gc-priority-'))
  type Figures = { gap: number; own: number; slept: number; over50: number; hogs: number }
  const figures = new Map<number, Figures[]>()
  try {
    for (let run = 0; run < RUNS; run++)
      for (const nice of LEVELS) {
        const probe = join(dir, `gaps-${nice}-${run}.txt`)
        const r = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            '--import',
            resolve('bench/block-probe.mjs'),
            resolve('bench/gc-priority.ts'),
            '--child',
            String(nice),
            '--seconds',
            String(SECONDS),
          ],
          { encoding: 'utf8', env: { ...process.env, PI_BLOCK_PROBE: probe } },
        )
        if (r.status !== 0) throw new Error(`run at nice ${nice} failed: ${r.stderr}`)
        const list = figures.get(nice) ?? []
        list.push(JSON.parse(r.stdout.trim().split('\n').pop() as string))
        figures.set(nice, list)
      }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(`V8 helper threads' priority and main's blocks (${RUNS} runs of ${SECONDS} s)`)
  for (const [nice, runs] of figures)
    console.log(
      `  helpers at nice ${String(nice).padEnd(3)} main's longest gap ${ms(median(runs.map((x) => x.gap)))}, own block ${ms(median(runs.map((x) => x.own)))} (runs: ${runs.map((x) => Math.round(x.own)).join(', ')}), sleep ${ms(median(runs.map((x) => x.slept)))}; own blocks > 50 ms ${median(runs.map((x) => x.over50))} per run; the two busy processes got ${median(runs.map((x) => x.hogs)).toFixed(2)} cores`,
    )
}

if (!isMainThread) parseLike()
else if (process.argv.includes('--child')) await child(numberArg('child', 0))
else main()
