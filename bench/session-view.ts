/**
 * Session view benchmark: opens generated sessions (1 MB, 100 MB / 50,000 entries and
 * 250 MB / 100,000 entries by default) in Chromium through the built server
 * (`out/main/serve.js`; `npm run build` first) and prints, per size (medians of the runs):
 * - click -> first transcript paint (the tail preview or the path), first open and cached (the
 *   app is booted and its list shown first; the click is the session link in the URL). The
 *   first open is measured twice: right after pi wrote the file (the server runs with
 *   `--no-skeletons`, so the file is parsed), and the first open after a restart of a session
 *   quiet for a minute (its skeleton built in the background); and that open once more with 10
 *   entries pi appended after the skeleton was built (a session pi is still writing);
 * - click -> whole tree shown (every branch, runs collapsed: the outline of a large tree, laid
 *   out by the view), and click -> every row in the tree (what its search and filters need),
 *   the same three opens;
 * - the longest main-process block (latency of `app:get-info` pings every 20 ms) and the
 *   longest renderer long task, during open, during follow and while the window is resized
 *   (its corner dragged: every pane's size changes); the main-process block also
 *   with no browser running (the same calls over HTTP), to tell main's own blocking from the
 *   browser's share of the cores; and main's own block seen from inside (bench/block-probe.mjs:
 *   a timer's longest gap less the time main waited for a core); for the longest renderer task
 *   of the opens, the renderer's own time on a core in it (bench/renderer-sched.ts);
 * - append -> entry visible in the transcript (median and p95 of 20 appends while open), seen
 *   by a mutation observer in the page;
 * - the same for entries that start a new branch from an early entry (pi's /tree, then a
 *   prompt: every row comes in a new order), with the longest renderer long task per new
 *   branch and the main-process block meanwhile, and the time until the new branch's row is in
 *   the tree; and for pi's answer on each new branch, written 250 ms after it shows, while the
 *   rows of the new order are on their way;
 * - pi 1.6.0's `SessionManager.open` on the same file (bench/peers, `npm run bench:setup`).
 * Run: `npm run bench:view [-- --sizes 1:500,100:50000,250:100000 --runs 3 --appends 20]`;
 * `--marks` prints every open's and every measured append's renderer marks (an open's also when
 * the answers to its tail preview and its open arrived); `BENCH_TRACE=<file>` writes a Chromium
 * trace (timeline, V8 samples and GC) of the new branches to that file, and
 * `BENCH_TRACE_OPEN=<prefix>` one of each open to `<prefix>-<n>.json`; `BENCH_JS=<flags>` gives
 * the window's Chromium V8 flags (`--js-flags`), to compare V8 settings (the app sets none), and
 * `BENCH_MAIN_JS=<flags>` main's (the server's Node).
 * Figures, not pass/fail (ARCHITECTURE.md testing tier 4).
 */
import { spawnSync } from 'node:child_process'
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  closeSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { findChromium } from '../scripts/chromium.mjs'
import { numberArg } from './args'
import { generateSession } from './generate-session'
import { api, gapsIn, idleId, pinger, startServer, type Gap, type Server } from './view-server'
import { median } from './stats'
import { SKELETON_MIN_BYTES } from '../main/api/session-view/skeleton-size'
import { schedDuring, startRendererSched, type SchedSample, type TaskSched } from './renderer-sched'

const RUNS = numberArg('runs', 3)
const APPENDS = numberArg('appends', 20)
/** New branches pi starts while the session is open, per run. */
const BRANCHES = numberArg('branches', 3)
const SIZES = (
  process.argv.includes('--sizes')
    ? (process.argv[process.argv.indexOf('--sizes') + 1] as string)
    : '1:500,100:50000,250:100000'
)
  .split(',')
  .map((s) => s.split(':').map(Number) as [number, number])

/** `--marks`: print every open's renderer marks (where the time went). */
const SHOW_MARKS = process.argv.includes('--marks')
const OUT = resolve('bench/out')
const PEERS = resolve('bench/peers/node_modules')
const NODE22 = join(PEERS, 'node', 'bin', 'node')
const PI160 = join(
  PEERS,
  '@earendil-works',
  'pi-coding-agent',
  'dist',
  'core',
  'session-manager.js',
)
const NAME = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000042.jsonl'
/** Entries pi appends between the skeleton's build and the click, in the "behind" open. */
const BEHIND_ENTRIES = 10

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a')

/** Collects the renderer's long tasks from the first script on (Chromium's longtask entries). */
const LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]) })
  .observe({ type: 'longtask', buffered: true });`

/** First occurrence of each `pi:` mark since the page loaded. */
async function marks(page: Page): Promise<Record<string, number>> {
  return page.evaluate<Record<string, number>>(`(() => {
    const out = {}
    for (const m of performance.getEntriesByType('mark'))
      if (m.name.startsWith('pi:') && !(m.name in out)) out[m.name] = m.startTime
    return out
  })()`)
}

/**
 * When the answers to the first `session:open` and `session:peek-tail` calls began and ended
 * arriving (ms on the page's clock): what the window's own work added to a mark after them.
 */
async function answers(page: Page): Promise<[number, string][]> {
  return page.evaluate<[number, string][]>(`(() => {
    const out = []
    for (const name of ['session:peek-tail', 'session:open']) {
      const r = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/' + name))
      if (r) out.push([r.responseStart, name + ' answer'], [r.responseEnd, name + ' answered'])
    }
    return out
  })()`)
}

/** A page of the window size the figures are for, collecting its long tasks. */
async function benchPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.addInitScript(LONG_TASKS)
  return page
}

/**
 * The long tasks recorded so far, taken (the page's list is emptied), that started at `since`
 * (ms on the page's clock) or later: [start, duration] each.
 */
async function takeLongTaskEntries(page: Page, since = 0): Promise<[number, number][]> {
  const tasks = await page.evaluate<[number, number][]>(`window.__longTasks.splice(0)`)
  return tasks.filter(([start]) => start >= since)
}

/** Durations of the long tasks that started at `since` (ms on the page's clock) or later. */
async function takeLongTasks(page: Page, since = 0): Promise<number[]> {
  return (await takeLongTaskEntries(page, since)).map(([, duration]) => duration)
}

/**
 * The longest long task since `since` (ms on the page's clock), and the renderer's time on a
 * core and waiting for one during it (bench/renderer-sched.ts).
 */
async function longestTask(
  page: Page,
  since: number,
  samples: SchedSample[],
): Promise<{ duration: number; sched: TaskSched }> {
  const origin = await page.evaluate<number>('performance.timeOrigin')
  const tasks = await takeLongTaskEntries(page, since)
  const top = tasks.reduce<[number, number] | null>((w, t) => (w && w[1] >= t[1] ? w : t), null)
  if (!top) return { duration: 0, sched: { cpu: 0, wait: 0, span: 0 } }
  const from = origin + top[0]
  return { duration: top[1], sched: schedDuring(samples, from, from + top[1]) }
}

interface OpenFigures {
  paint: number
  tree: number
  complete: number
  /** Click -> the path to pi's leaf in (the transcript's first `session:get-path` reply). */
  path: number
  block: number
  /** The longest gap main's own timer saw, and main's own part of the worst gap (ms). */
  inside: Inside
  longTask: number
  /** The renderer's time on a core and waiting for one during that longest long task. */
  longTaskSched: TaskSched
}

/** The figures that are one number per open. */
type Figure = Exclude<keyof OpenFigures, 'inside' | 'longTaskSched'>

/**
 * What main's probe timer saw during a phase: its longest gap, and the longest stretch of
 * main's own making (a gap less the time main waited for a core, which is the machine's share:
 * what is left is main's work and any synchronous call that slept).
 */
interface Inside {
  gap: number
  own: number
  /**
   * The gap of the longest own block: main's time on a core in it (the rest it slept), and
   * what may have held it meanwhile (the host's steal, the disk, main's other threads, V8's
   * collections, the calls main was answering). Null when no gap was over 40 ms.
   */
  worst: Gap | null
}

/** The longest gap and the longest own block among `gaps` (0 when none was over 40 ms). */
function inside(gaps: Gap[]): Inside {
  const own = (g: Gap) => (Number.isNaN(g.wait) ? g.wall : g.wall - g.wait)
  const worst = gaps.reduce<Gap | null>((w, g) => (w && own(w) >= own(g) ? w : g), null)
  return { gap: Math.max(0, ...gaps.map((g) => g.wall)), own: worst ? own(worst) : 0, worst }
}

/** What a Chromium trace records: the timeline, V8's samples and its collections. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
]
/** Opens so far (numbers the traces of `BENCH_TRACE_OPEN`). */
let openCount = 0

/**
 * Boots the app (or boots it again: main keeps the file cached), waits for the library, then
 * opens the session as a click does (the URL's session link) and measures from there.
 */
async function openOnce(page: Page, server: Server, url: string, id: string) {
  // The app reopens the last session at launch: forgotten, so the session opens on the click,
  // not while the app boots.
  await api(server, 'settings:update', { lastSession: null })
  // A new document each time: the URL differs only in its fragment.
  await page.goto('about:blank')
  await page.goto(url)
  await page.waitForSelector('.session-item', { timeout: 300_000 })
  // Tracing starts before the pause: starting V8's profiler holds the page for a while.
  const tracePath = process.env.BENCH_TRACE_OPEN
    ? `${process.env.BENCH_TRACE_OPEN}-${++openCount}.json`
    : null
  const browser = page.context().browser()
  if (tracePath && browser)
    await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES })
  await page.waitForTimeout(500)
  await takeLongTasks(page)
  const slow: [number, number][] = []
  const stop = pinger(server, slow)
  const sched = startRendererSched()
  const from = Date.now()
  await page.evaluate(`location.hash = location.hash + '&session=${id}'`)
  await page.waitForSelector('.transcript[data-transcript-state="ready"]', { timeout: 300_000 })
  await page.waitForSelector('.branch-tree[data-tree-state="ready"]', { timeout: 300_000 })
  const pings = await stop()
  const samples = await sched.stop()
  if (tracePath && browser) await browser.stopTracing()
  const gaps = gapsIn(server, from, Date.now())
  const m = await marks(page)
  const at = (name: string) => m[`pi:${name}`] ?? NaN
  const start = at('open:request')
  const painted = Math.min(at('preview:painted') || Infinity, at('transcript:painted'))
  const tasks = await page.evaluate<[number, number][]>(`window.__longTasks.slice()`)
  if (SHOW_MARKS) {
    const origin = await page.evaluate<number>('performance.timeOrigin')
    const events = [
      ...Object.entries(m).map(([k, v]): [number, string] => [v - start, k.slice(3)]),
      ...tasks.map(([t, d]): [number, string] => [t - start, `LONG TASK ${Math.round(d)} ms`]),
      ...slow.map(([t, d]): [number, string] => [
        t - origin - start,
        `SLOW PING ${Math.round(d)} ms`,
      ]),
      ...(await answers(page)).map(([t, e]): [number, string] => [t - start, e]),
      ...gaps.map((g): [number, string] => [
        g.at - origin - start,
        `MAIN GAP ${Math.round(g.wall)} ms (on a core ${Math.round(g.cpu)}, waiting for one ${Math.round(g.wait)})`,
      ]),
    ].filter(([t]) => t >= 0)
    events.sort((a, b) => a[0] - b[0])
    console.log(
      `    ms after the click: ${events.map(([t, e]) => `${e} ${Math.round(t)}`).join(', ')}`,
    )
  }
  const longest = await longestTask(page, start, samples)
  return {
    paint: painted - start,
    tree: at('tree:painted') - start,
    complete: at('tree:complete') - start,
    path: at('path:data') - start,
    block: Math.max(...pings),
    inside: inside(gaps),
    longTask: longest.duration,
    longTaskSched: longest.sched,
  } satisfies OpenFigures
}

/**
 * Page script: records in `window[store][id]` (ms since the epoch, the page's clock: the
 * machine's, as the bench's own) when an element matching `selector` is first in the page, and
 * when `visible`, visible. Seen in the page itself: a wait of Playwright's polls at growing
 * intervals would round it up.
 */
function watchFor(store: string, id: string, selector: string, visible: boolean): string {
  return `(() => {
  const id = ${JSON.stringify(id)}
  const at = (window[${JSON.stringify(store)}] ??= {})
  const look = () => {
    const el = document.querySelector(${JSON.stringify(selector)})
    if (!el || (${visible} && !el.checkVisibility({ visibilityProperty: true }))) return false
    at[id] = performance.timeOrigin + performance.now()
    return true
  }
  if (look()) return
  const seen = new MutationObserver(() => look() && seen.disconnect())
  seen.observe(document.body, { childList: true, subtree: true, attributes: true })
})()`
}

/** Records in `window.__visibleAt` when the transcript entry of id `id` becomes visible. */
function watchVisible(id: string): string {
  return watchFor('__visibleAt', id, `.transcript [data-entry-id="${id}"]`, true)
}

/** The selector of the branch tree's row of entry `id`. */
function treeRow(id: string): string {
  return `.branch-tree [data-testid="tree-node"][data-entry-id="${id}"]`
}

/**
 * Records in `window.__inTreeAt` when the tree row of entry `id` is first in the branch tree
 * (attached: the tree may not scroll to it).
 */
function watchInTree(id: string): string {
  return watchFor('__inTreeAt', id, treeRow(id), false)
}

/**
 * Every `pi:` mark and long task of the page from `from` to 2 s after `visibleAt` (ms since the
 * epoch), as ms after `from`, with the entry's visibility among them: where an append's time
 * went.
 */
async function timeline(page: Page, from: number, visibleAt: number): Promise<string> {
  await sleep(2000)
  const events = await page.evaluate<[number, string][]>(`(() => {
    const out = []
    for (const m of performance.getEntriesByType('mark'))
      if (m.name.startsWith('pi:')) out.push([m.startTime, m.name.slice(3)])
    for (const [t, d] of window.__longTasks) out.push([t, 'LONG TASK ' + Math.round(d) + ' ms'])
    return out.map(([t, e]) => [performance.timeOrigin + t, e])
  })()`)
  events.push([visibleAt, 'VISIBLE'])
  return events
    .filter(([t]) => t >= from && t <= visibleAt + 2000)
    .sort((a, b) => a[0] - b[0])
    .map(([t, e]) => `${e} ${Math.round(t - from)}`)
    .join(', ')
}

/** One user entry a measured append writes. */
interface Appended {
  id: string
  parentId: string
  text: string
}

/**
 * Appends `count` user entries (`entry(i)`), one at a time, as pi would while the session is
 * open; `settle(i)` runs after each is visible. Returns ms until each was visible in the
 * transcript, the longest main-process block and renderer long task meanwhile, and the
 * longest renderer long task of each append (until it settled), and when each was written.
 */
async function appendWhileOpen(
  page: Page,
  server: Server,
  file: string,
  count: number,
  entry: (i: number) => Appended,
  settle: (i: number) => Promise<void>,
) {
  const stop = pinger(server)
  const from = Date.now()
  await takeLongTasks(page)
  const times: number[] = []
  // When each entry was written (ms since the epoch).
  const written: number[] = []
  // The longest renderer long task from each append until it settled.
  const tasks: number[] = []
  for (let i = 0; i < count; i++) {
    const { id, parentId, text } = entry(i)
    await page.evaluate(watchVisible(id))
    const started = performance.timeOrigin + performance.now()
    appendFileSync(file, userLine(id, parentId, text))
    written.push(started)
    // A function, not a string: the app's CSP refuses evaluating strings in the page.
    const shown = await page.waitForFunction(
      (id) => (window as unknown as { __visibleAt: Record<string, number> }).__visibleAt[id],
      id,
      { polling: 'raf', timeout: 30_000 },
    )
    const visibleAt = (await shown.jsonValue()) as number
    times.push(visibleAt - started)
    if (SHOW_MARKS) console.log(`    ${id}: ${await timeline(page, started, visibleAt)}`)
    await settle(i)
    tasks.push(Math.max(0, ...(await takeLongTasks(page))))
  }
  const pings = await stop()
  return {
    times,
    block: Math.max(...pings),
    inside: inside(gapsIn(server, from, Date.now())),
    longTask: Math.max(0, ...tasks),
    tasks,
    written,
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Appends `count` user entries after the leaf, one at a time; ms until each is visible. */
async function follow(page: Page, server: Server, file: string, count: number) {
  let parentId = String(await page.locator('.transcript').getAttribute('data-path-target'))
  const next = (i: number): Appended => {
    const id = `b${String(i).padStart(7, '0')}`
    const appended = { id, parentId, text: `Benchmark append ${i}` }
    parentId = id
    return appended
  }
  return appendWhileOpen(page, server, file, count, next, () => sleep(250))
}

/**
 * pi starts `count` new branches from an early entry of the file (its sixth line), one at a
 * time, and answers on each 250 ms after it shows, while the rows of the new order are on their
 * way; ms until each entry is visible in the transcript (pi's leaf: the view follows it), new
 * branches at even indexes, answers at odd ones.
 */
async function branchFollow(page: Page, server: Server, file: string, count: number) {
  const head = Buffer.alloc(Math.min(statSync(file).size, 1_000_000))
  const fd = openSync(file, 'r')
  readSync(fd, head, 0, head.length, 0)
  closeSync(fd)
  const early = (JSON.parse(head.toString('utf8').split('\n')[5] as string) as { id: string }).id
  const id = (i: number) => `n${String(i).padStart(7, '0')}`
  const next = (i: number): Appended =>
    i % 2 === 0
      ? { id: id(i), parentId: early, text: `A new branch ${i / 2}` }
      : { id: id(i), parentId: id(i - 1), text: `pi's answer on new branch ${(i - 1) / 2}` }
  const row = (i: number) => treeRow(id(i))
  // Each new branch's row is watched for from before its entry is written.
  await page.evaluate(watchInTree(id(0)))
  const figures = await appendWhileOpen(page, server, file, count * 2, next, async (i) => {
    if (i % 2 === 0) return await sleep(250)
    // The tree's rows of the new order come in after the transcript: let them land.
    await page.waitForSelector(row(i - 1), { state: 'attached', timeout: 30_000 })
    await page.waitForSelector(row(i), { state: 'attached', timeout: 30_000 })
    await sleep(1000)
    if (i + 1 < count * 2) await page.evaluate(watchInTree(id(i + 1)))
  })
  // ms from each new branch's entry written to its row in the tree (the rows of its new order in).
  const inTreeAt = await page.evaluate<Record<string, number>>('window.__inTreeAt')
  const inTree = figures.written
    .filter((_, i) => i % 2 === 0)
    .map((at, k) => (inTreeAt[id(2 * k)] as number) - at)
  return { ...figures, inTree }
}

/** Window sizes a resize passes through: dragged 200 px narrower and lower, 20 px a step. */
const RESIZE_STEPS = Array.from({ length: 10 }, (_, i) => ({
  width: 1420 - 20 * i,
  height: 880 - 20 * i,
}))

/**
 * The open session's window resized as a user drags its corner (every pane narrower and
 * lower: the tree's and the transcript's), one size every 32 ms, then back at once: the longest
 * renderer long task from the first size until a second after the last (ms).
 */
async function resizeOnce(page: Page): Promise<number> {
  await takeLongTasks(page)
  const start = await page.evaluate<number>('performance.now()')
  for (const size of [...RESIZE_STEPS, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size)
    await page.waitForTimeout(32)
  }
  await page.waitForTimeout(1000)
  return Math.max(0, ...(await takeLongTasks(page, start)))
}

/** Opens a fresh copy of `source` and measures {@link branchFollow} on it. */
async function branchOpen(browser: Browser, root: string, file: string, source: string) {
  copyFileSync(source, file)
  const server = await startServer(root, ['--no-skeletons'])
  try {
    const id = await idleId(server, NAME)
    const page = await benchPage(browser)
    await openOnce(page, server, `${server.origin}#token=${server.token}`, id)
    const trace = process.env.BENCH_TRACE
    if (trace)
      await browser.startTracing(page, {
        path: trace,
        categories: TRACE_CATEGORIES,
      })
    const figures = await branchFollow(page, server, file, BRANCHES)
    if (trace) await browser.stopTracing()
    await page.close()
    return figures
  } finally {
    await server.stop()
  }
}

/**
 * The first open of a quiet session, as a user meets it the day after: the file untouched for
 * a minute, the app started again, its tree skeleton built in the background
 * (main/api/session-view/skeletons.ts) before the click.
 */
async function skeletonOpen(
  browser: Browser,
  root: string,
  file: string,
  appended = 0,
): Promise<OpenFigures> {
  const past = new Date(Date.now() - 60_000)
  utimesSync(file, past, past)
  // The skeleton of the run before is stale (another copy of the file): wait for this one's.
  const trees = join(root, 'data', 'trees')
  rmSync(trees, { recursive: true, force: true })
  const server = await startServer(root)
  try {
    const id = await idleId(server, NAME)
    const built = () => existsSync(trees) && readdirSync(trees).some((n) => n.endsWith('.tree'))
    while (!built()) await new Promise((r) => setTimeout(r, 200))
    // pi went on writing after the skeleton was built (a session still being written).
    if (appended > 0) appendChain(file, appended)
    const page = await benchPage(browser)
    const figures = await openOnce(page, server, `${server.origin}#token=${server.token}`, id)
    await page.close()
    return figures
  } finally {
    await server.stop()
  }
}

/** One user message entry as pi appends it: a whole JSON line under `parentId`. */
function userLine(id: string, parentId: string, content: string): string {
  const message = { role: 'user', content, timestamp: Date.now() }
  const entry = { type: 'message', id, parentId, timestamp: new Date().toISOString(), message }
  return `${JSON.stringify(entry)}\n`
}

/** Appends `count` user entries continuing the file's last entry (pi's leaf), as pi does. */
function appendChain(file: string, count: number): void {
  const size = statSync(file).size
  const end = Buffer.alloc(Math.min(size, 1_000_000))
  const fd = openSync(file, 'r')
  readSync(fd, end, 0, end.length, size - end.length)
  closeSync(fd)
  const text = end.toString('utf8').trimEnd()
  let parent = (JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as { id: string }).id
  for (let i = 0; i < count; i++) {
    const id = `p${String(i).padStart(7, '0')}`
    appendFileSync(file, userLine(id, parent, `Written after the skeleton ${i}`))
    parent = id
  }
}

/**
 * The main-process block with no browser running: the calls an open makes (open, every tree
 * page, the leaf's path) and then live follow (appends, each followed by a follow call and a
 * path page), over HTTP as the renderer makes them. On a 2-core machine the browser's own work
 * delays the pings as much as main does; this isolates main.
 */
async function withoutBrowser(root: string, file: string, source: string) {
  copyFileSync(source, file)
  const server = await startServer(root, ['--no-skeletons'])
  try {
    const id = await idleId(server, NAME)
    const stop = pinger(server)
    const from = Date.now()
    type Overview = { revision: number; rowCount: number; leafId: string; leafPos: number }
    let view = await api<Overview>(server, 'session:open', { sessionId: id })
    for (let offset = 0; offset < view.rowCount; offset += 5000)
      await api(server, 'session:get-tree', { sessionId: id, revision: view.revision, offset })
    await api(server, 'session:get-path', { sessionId: id, position: view.leafPos })
    const open = Math.max(...(await stop()))
    const openInside = inside(gapsIn(server, from, Date.now()))
    await new Promise((r) => setTimeout(r, 1000))
    const stopFollow = pinger(server)
    const followFrom = Date.now()
    let parent = view.leafId
    for (let i = 0; i < APPENDS; i++) {
      const entryId = `c${String(i).padStart(7, '0')}`
      appendFileSync(file, userLine(entryId, parent, `Benchmark append ${i}`))
      await new Promise((r) => setTimeout(r, 250))
      const grown = await api<{ kind: string; overview?: Overview }>(server, 'session:follow', {
        sessionId: id,
        revision: view.revision,
        rowCount: view.rowCount,
      })
      if (grown.overview) view = grown.overview
      await api(server, 'session:get-path', { sessionId: id, position: view.leafPos })
      parent = entryId
    }
    const follow = Math.max(...(await stopFollow()))
    return {
      open,
      openInside,
      follow,
      followInside: inside(gapsIn(server, followFrom, Date.now())),
    }
  } finally {
    await server.stop()
  }
}

function piOpen(file: string): number {
  if (!existsSync(NODE22) || !existsSync(PI160)) return NaN
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(
      NODE22,
      [
        '--max-old-space-size=8192',
        resolve('bench/peers/child.mjs'),
        'pi160',
        file,
        PI160,
        'open-only',
      ],
      { encoding: 'utf8' },
    )
    if (r.status !== 0) throw new Error(`pi 1.6.0 failed: ${r.stderr}`)
    runs.push((JSON.parse(r.stdout.trim().split('\n').pop() as string) as { ms: number }).ms)
  }
  return median(runs)
}

async function measureSize(browser: Browser, mb: number, entries: number): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const source = join(OUT, `session-${entries}-${mb}mb-b2000-seed42.jsonl`)
  if (!existsSync(source))
    await generateSession(source, { entries, targetBytes: mb * 1e6, branchEvery: 2000 })
  const pi = piOpen(source)
  const root = mkdtempSync(join(tmpdir(), 'pi-sessions-view-bench-'))
  const first: OpenFigures[] = []
  const skeleton: OpenFigures[] = []
  const behind: OpenFigures[] = []
  const cached: OpenFigures[] = []
  const appends: number[] = []
  const followBlock: number[] = []
  const followInside: Inside[] = []
  const branchInside: Inside[] = []
  const aloneInside: { open: Inside; follow: Inside }[] = []
  const followTask: number[] = []
  const resizeTask: number[] = []
  const branches: number[] = []
  const answers: number[] = []
  const branchBlock: number[] = []
  const branchTask: number[] = []
  const branchTree: number[] = []
  const aloneOpen: number[] = []
  const aloneFollow: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const folder = join(root, 'sessions', '--home-ayla-src-big-project--')
      mkdirSync(folder, { recursive: true })
      const file = join(folder, NAME)
      copyFileSync(source, file)
      const server = await startServer(root, ['--no-skeletons'])
      try {
        const id = await idleId(server, NAME)
        const page = await benchPage(browser)
        const url = `${server.origin}#token=${server.token}`
        first.push(await openOnce(page, server, url, id))
        cached.push(await openOnce(page, server, url, id))
        resizeTask.push(await resizeOnce(page))
        const f = await follow(page, server, file, APPENDS)
        appends.push(...f.times)
        followBlock.push(f.block)
        followInside.push(f.inside)
        followTask.push(f.longTask)
        await page.close()
      } finally {
        await server.stop()
      }
      // Smaller sessions get no skeleton: they are parsed whole in a blink.
      if (statSync(file).size >= SKELETON_MIN_BYTES) {
        skeleton.push(await skeletonOpen(browser, root, file))
        behind.push(await skeletonOpen(browser, root, file, BEHIND_ENTRIES))
      }
      if (BRANCHES > 0) {
        // Last: a new branch leaves a tail that cannot settle pi's path (no tail preview).
        const b = await branchOpen(browser, root, file, source)
        branches.push(...b.times.filter((_, i) => i % 2 === 0))
        answers.push(...b.times.filter((_, i) => i % 2 === 1))
        branchTree.push(...b.inTree)
        branchBlock.push(b.block)
        branchInside.push(b.inside)
        // Per new branch: from pi's new entry until pi's answer on it settled.
        for (let i = 0; i + 1 < b.tasks.length; i += 2)
          branchTask.push(Math.max(b.tasks[i] as number, b.tasks[i + 1] as number))
      }
      const alone = await withoutBrowser(root, file, source)
      aloneOpen.push(alone.open)
      aloneFollow.push(alone.follow)
      aloneInside.push({ open: alone.openInside, follow: alone.followInside })
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  const med = (xs: OpenFigures[], k: Figure) => median(xs.map((x) => x[k]))
  const worst = (xs: number[]) => Math.max(...xs)
  console.log(`\n${mb} MB / ${entries.toLocaleString()} entries (${RUNS} runs)`)
  const opens = first.concat(skeleton, behind, cached)
  const three = (k: Figure) =>
    skeleton.length > 0
      ? `first ${ms(med(skeleton, k))} (no skeleton: ${ms(med(first, k))}), cached ${ms(med(cached, k))}`
      : `first ${ms(med(first, k))} (below the skeleton size), cached ${ms(med(cached, k))}`
  const ratio = (xs: OpenFigures[], k: Figure = 'tree') => `${(med(xs, k) / pi).toFixed(2)}x`
  const firstRatio =
    skeleton.length > 0
      ? `first ${ratio(skeleton)} (no skeleton: ${ratio(first)})`
      : `first ${ratio(first)} (below the skeleton size)`
  console.log(`  click -> first transcript paint  ${three('paint')}   (target <= 300 ms)`)
  console.log(`  click -> whole tree shown         ${three('tree')}`)
  console.log(`  click -> every row in the tree    ${three('complete')}`)
  console.log(
    `  pi 1.6.0 SessionManager.open      ${ms(pi)}   tree shown / pi open: ${firstRatio}, cached ${ratio(cached)}   (target <= 0.5x)`,
  )
  const rowsRatio = skeleton.length > 0 ? ratio(skeleton, 'complete') : ratio(first, 'complete')
  console.log(
    `  ... every row in / pi open: first ${rowsRatio}, cached ${ratio(cached, 'complete')}`,
  )
  if (behind.length > 0)
    console.log(
      `  skeleton ${BEHIND_ENTRIES} entries behind the file    first paint ${ms(med(behind, 'paint'))}, tree shown ${ms(med(behind, 'tree'))} (${ratio(behind)} pi; without pi's newest entries), every row in ${ms(med(behind, 'complete'))}, path to pi's leaf ${ms(med(behind, 'path'))} (no skeleton: ${ms(med(first, 'path'))})   (pi appended after the skeleton was built: live follow reads the rest once the parse took over)`,
    )
  console.log(
    `  longest main-process block        open ${ms(worst(opens.map((x) => x.block)))}, follow ${ms(worst(followBlock))}   (target <= 50 ms)`,
  )
  console.log(
    `  ... the same, no browser running    open ${ms(worst(aloneOpen))}, follow ${ms(worst(aloneFollow))}   (API calls only: main's own blocking, without 2 cores shared with Chromium)`,
  )
  const most = (xs: Inside[]) => {
    const top = xs.reduce((w, x) => (x.own > w.own ? x : w), inside([]))
    const longest = `longest gap ${ms(worst(xs.map((x) => x.gap)))}`
    const g = top.worst
    if (!g) return `0 ms (${longest})`
    const machine = `host steal ${ms(g.steal)}, disk wait ${ms(g.iowait)}`
    const during = `${machine}, main's other threads ${ms(g.others)}, GC ${ms(g.gc)} (${g.gcKinds}), answering ${g.calls}`
    return `${ms(top.own)} (${ms(g.cpu)} on a core; ${during}; ${longest})`
  }
  console.log(
    `  ... main's own block, from inside   open ${most(opens.map((x) => x.inside))}, follow ${most(followInside)}; no browser: open ${most(aloneInside.map((x) => x.open))}, follow ${most(aloneInside.map((x) => x.follow))}   (a 10 ms timer in main: its longest gap less the time main was runnable but waiting for a core, Linux schedstat; what of it main spent on a core, the rest slept in a call or on another thread; in that gap the host's steal and the disk wait over all cores, main's other threads on a core and V8's pauses on main, to tell what it slept on, and the calls main was answering; the longest gap itself)`,
  )
  console.log(
    `  longest renderer long task        open ${ms(worst(opens.map((x) => x.longTask)))}, follow ${ms(worst(followTask))}   (target <= 100 ms)`,
  )
  const worstOpen = opens.reduce((w, x) => (x.longTask > w.longTask ? x : w))
  const { cpu, wait, span } = worstOpen.longTaskSched
  console.log(
    `  ... that open task, the renderer   on a core ${ms(cpu)}, waiting for a core ${ms(wait)} (readings ${ms(span)} apart around it)   (Linux schedstat of the renderer's main thread, read every 2 ms: only the time on a core is the renderer's own work)`,
  )
  console.log(
    `  ... while the window is resized     median ${ms(median(resizeTask))}, worst ${ms(worst(resizeTask))} of ${resizeTask.length}   (its corner dragged 200 px in and up in 10 steps, 32 ms apart, then back: every pane's size changes)`,
  )
  console.log(
    `  append -> entry visible           median ${ms(median(appends))}, p95 ${ms(pct(appends, 0.95))} of ${appends.length}   (target <= 1000 ms)`,
  )
  if (branches.length > 0)
    console.log(
      `  new branch -> entry visible       median ${ms(median(branches))}, worst ${ms(worst(branches))} of ${branches.length}; longest renderer long task median ${ms(median(branchTask))}, worst ${ms(worst(branchTask))} of ${branchTask.length}, main block ${ms(worst(branchBlock))}, main's own ${most(branchInside)}   (the rows in a new order, as runs over those held; targets <= 1000 / 100 / 50 ms)`,
    )
  if (branchTree.length > 0)
    console.log(
      `  ... the new branch in the tree       median ${ms(median(branchTree))}, worst ${ms(worst(branchTree))} of ${branchTree.length}   (its entry written -> its row in the tree: the rows of the new order in and laid out)`,
    )
  if (answers.length > 0)
    console.log(
      `  ... pi's answer on it, 250 ms on   median ${ms(median(answers))}, worst ${ms(worst(answers))} of ${answers.length}   (while the rows of the new order are on their way; target <= 1000 ms)`,
    )
}

async function main(): Promise<void> {
  // The Chromium the end-to-end tests drive: $CHROMIUM_PATH, a system one, else the registry's;
  // with the two flags it needs here and no more (and BENCH_JS's V8 flags when given), so figures
  // compare across runs and machines (the registry's own flags change its process model: no
  // site isolation, GPU in process).
  const found = await findChromium()
  if (found.executablePath === null) throw new Error(`No Chromium to measure in: ${found.reason}`)
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      ...(process.env.BENCH_JS ? [`--js-flags=${process.env.BENCH_JS}`] : []),
    ],
  })
  try {
    for (const [mb, entries] of SIZES) await measureSize(browser, mb, entries)
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
