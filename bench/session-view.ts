/**
 * Session view benchmark: generates a 50,000-entry / ~100 MB session, serves it with
 * the built server (`out/main/serve.js`, build first: `npx electron-vite build`), opens it in
 * Chromium through a deep link and prints:
 * - request -> data -> first tree paint, and path request -> data -> first transcript paint
 *   (renderer performance marks; target <= 1 s from data to paint);
 * - how long the main process was unresponsive meanwhile (latency of `app:get-info` pings sent
 *   every 20 ms during the open);
 * - frame times while the tree scrolls, and the time to page the raw 50,000-entry transcript
 *   to its top and to its middle.
 * Run: `node --import tsx bench/session-view.ts [--entries 50000] [--mb 100]`.
 * Figures, not pass/fail (ARCHITECTURE.md testing tier 4).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { generateSession } from './generate-session'
import { numberArg } from './args'

const ENTRIES = numberArg('entries', 50_000)
const MB = numberArg('mb', 100)

interface Server {
  origin: string
  token: string
  /** Stops the server and resolves once it has exited (it writes its cache on the way). */
  stop(): Promise<void>
}

function startServer(root: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      resolve('out/main/serve.js'),
      '--sessions-dir',
      join(root, 'sessions'),
      '--data-dir',
      join(root, 'data'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: root, XDG_DATA_HOME: root } },
  )
  return new Promise((done, fail) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = /Pi Sessions: (http:\/\/127\.0\.0\.1:\d+\/)#token=(\S+)/.exec(out)
      if (!m) return
      const stop = () =>
        new Promise<void>((exited) => {
          child.removeAllListeners('exit')
          child.once('exit', () => exited())
          child.kill('SIGTERM')
        })
      done({ origin: m[1] as string, token: m[2] as string, stop })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => fail(new Error(`server exited (${code}):\n${out}`)))
  })
}

async function api<T>(server: Server, channel: string, args: unknown): Promise<T> {
  const res = await fetch(`${server.origin}api/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  })
  const body = (await res.json()) as { ok: boolean; value: T }
  if (!body.ok) throw new Error(`${channel} failed: ${JSON.stringify(body)}`)
  return body.value
}

/** Pings `app:get-info` every 20 ms; the slowest answer bounds how long main was blocked. */
function pinger(server: Server) {
  const latencies: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      await api(server, 'app:get-info', {})
      latencies.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  return async () => {
    running = false
    await loop
    return latencies
  }
}

const ms = (n: number) => `${Math.round(n)} ms`
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0

async function marks(page: Page): Promise<Record<string, number>> {
  return page.evaluate<Record<string, number>>(
    `Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('pi:')).map((m) => [m.name, m.startTime]))`,
  )
}

async function openAndMeasure(
  page: Page,
  server: Server,
  url: string,
  label: string,
  reload = false,
): Promise<void> {
  const stopPing = pinger(server)
  const started = performance.now()
  await page.goto(url)
  if (reload) await page.reload()
  await page.waitForSelector('.transcript[data-transcript-state="ready"]', { timeout: 180_000 })
  const wall = performance.now() - started
  const pings = await stopPing()
  const m = await marks(page)
  const get = (name: string) => m[`pi:${name}`] ?? NaN
  console.log(`\n${label}`)
  console.log(`  open: request -> data            ${ms(get('open:data') - get('open:request'))}`)
  console.log(
    `  open: data -> first tree paint   ${ms(get('tree:painted') - get('open:data'))}   (target <= 1000 ms)`,
  )
  console.log(`  path: request -> data            ${ms(get('path:data') - get('path:request'))}`)
  console.log(
    `  path: data -> first transcript   ${ms(get('transcript:painted') - get('path:data'))}   (target <= 1000 ms)`,
  )
  console.log(
    `  request -> first transcript paint ${ms(get('transcript:painted') - get('open:request'))}`,
  )
  console.log(`  page load -> transcript settled  ${ms(wall)}`)
  console.log(
    `  main process: ${pings.length} pings, p50 ${ms(pct(pings, 0.5))}, p95 ${ms(pct(pings, 0.95))}, max ${ms(Math.max(...pings))}`,
  )
}

// In-page scripts are strings: this file is type-checked without the DOM library.
const TREE_SCROLL = `(async () => {
  const list = document.querySelector('.tree-box [role="tree"] > div')
  const deltas = []
  let last = performance.now()
  for (let i = 0; i < 120; i++) {
    list.scrollTop += 240
    await new Promise((r) => requestAnimationFrame(r))
    const now = performance.now()
    deltas.push(now - last)
    last = now
  }
  return deltas
})()`

const JUMP = (fraction: number) => `(async () => {
  const el = document.querySelector('.transcript-list')
  const started = performance.now()
  el.scrollTop = Math.round((el.scrollHeight - el.clientHeight) * ${fraction})
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r))
    const rendered = document.querySelectorAll('.transcript-list [data-testid="transcript-entry"]').length
    const waiting = document.querySelectorAll('.transcript-list [data-testid="transcript-placeholder"]').length
    if (rendered > 0 && waiting === 0) return performance.now() - started
    if (performance.now() - started > 30000) return -1
  }
})()`

async function treeScroll(page: Page): Promise<void> {
  const frames = await page.evaluate<number[]>(TREE_SCROLL)
  console.log(
    `\ntree scroll (120 frames, 10 rows per frame): frame p50 ${ms(pct(frames, 0.5))}, p95 ${ms(pct(frames, 0.95))}, max ${ms(Math.max(...frames))}`,
  )
}

async function transcriptPaging(page: Page): Promise<void> {
  await page.getByTestId('view-raw').click()
  await page.waitForSelector('.transcript[data-raw="true"][data-transcript-state="ready"]', {
    timeout: 120_000,
  })
  const total = await page.locator('.transcript').getAttribute('data-total')
  for (const [label, fraction] of [
    ['top', 0],
    ['middle', 0.5],
  ] as const) {
    const t = await page.evaluate<number>(JUMP(fraction))
    console.log(`raw transcript (${total} entries): jump to ${label} -> entries painted ${ms(t)}`)
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'pi-sessions-bench-'))
  const folder = join(root, 'sessions', '--home-ayla-src-big-project--')
  mkdirSync(folder, { recursive: true })
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000042.jsonl'
  let t = performance.now()
  const gen = await generateSession(join(folder, name), {
    entries: ENTRIES,
    targetBytes: MB * 1e6,
    branchEvery: 2000,
  })
  console.log(
    `generated ${gen.entries} entries, ${(gen.bytes / 1e6).toFixed(1)} MB, ${gen.branchPoints} branch points in ${ms(performance.now() - t)}`,
  )
  const server = await startServer(root)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    t = performance.now()
    let id = ''
    while (!id) {
      const { rows } = await api<{ rows: { id: string; fileName: string }[] }>(
        server,
        'library:query-sessions',
        { projectId: null },
      )
      id = rows.find((r) => r.fileName === name)?.id ?? ''
      if (!id) await new Promise((r) => setTimeout(r, 100))
    }
    console.log(`library listed it after ${ms(performance.now() - t)}`)
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
    const url = `${server.origin}#token=${server.token}&session=${id}`
    await openAndMeasure(page, server, url, 'first open (main reads and indexes the file)')
    await openAndMeasure(
      page,
      server,
      url,
      'second open (page reloaded; main has the file cached)',
      true,
    )
    await treeScroll(page)
    await transcriptPaging(page)
  } finally {
    await browser.close()
    await server.stop()
    rmSync(root, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
