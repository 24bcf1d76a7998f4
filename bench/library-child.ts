/**
 * Child process of bench/library.ts: runs our SessionLibrary once over a store and prints
 * one JSON line of figures. Modes: `cold` (no index), `warm` (the index of a previous run,
 * watcher on: also measures append-to-row latency and search latency), `other` (the index of
 * a warm run: the first search of tool output, until every session's other kinds are in the
 * index, then searches of those kinds and of pi's messages beside them).
 * Usage: node --import tsx bench/library-child.ts <cold|warm> <sessions root> <data dir>
 */
import { appendFileSync, readFileSync, statSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { SessionLibrary } from '../main/library/library'
import { indexPath } from '../main/library/index-db'
import type { SessionQuery } from '../preload/contract/library'
import { query } from '../test/helpers/library'
import { median } from './stats'

const [mode, root, dataDir] = process.argv.slice(2) as [string, string, string]
const FIRST: SessionQuery = query({ limit: 50 })

/** Median time of five runs of a search, and its match count. */
function timeSearch(fields: Partial<SessionQuery>): { ms: number; matched: number } {
  const times: number[] = []
  let matched = 0
  for (let i = 0; i < 5; i++) {
    const s = performance.now()
    matched = library.query({ ...FIRST, ...fields }).matched
    times.push(performance.now() - s)
  }
  return { ms: median(times), matched }
}

/** The search queries of the benchmark: a word in every session, several words, absent terms. */
export const QUERIES = [
  'kernel',
  'quorum mutex canary',
  '"no such phrase anywhere"',
  're:time(out)?\\s+journal',
  'zzzz',
]

const loop = monitorEventLoopDelay({ resolution: 5 })
loop.enable()
// The built worker (npm run build), as the app runs it; BENCH_NO_WORKERS=1 parses in-process.
const worker = process.env.BENCH_NO_WORKERS
  ? undefined
  : { path: new URL('../out/main/read-worker.js', import.meta.url).pathname }
const library = new SessionLibrary([{ path: root, source: 'cli' }], {
  dataDir,
  watch: mode === 'warm',
  worker,
})
const t0 = performance.now()
let first50Ms: number | null = null
library.onChange(() => {
  if (first50Ms === null && library.query(FIRST).rows.length >= 50)
    first50Ms = performance.now() - t0
})
await library.start()
await library.whenIdle()
const allMs = performance.now() - t0
await library.whenTextsReady()
const textsMs = performance.now() - t0
const figures: Record<string, unknown> = {
  mode,
  allMs,
  first50Ms,
  textsMs,
  reads: { ...library.reads },
}

if (mode === 'warm') {
  // Append-to-row latency: what pi does (one JSON line) to the newest session, until the
  // library's row shows the new message.
  const newest = library.query(FIRST).rows[0]
  const appendMs: number[] = []
  for (let i = 0; i < 5 && newest; i++) {
    const path = library.getSession(newest.id).path
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n')
    const last = JSON.parse(lines.at(-1) as string) as { id: string }
    const before = library.getSummary(newest.id).messageCount
    const seen = new Promise<number>((resolve) => {
      const started = performance.now()
      const stop = library.onChange(() => {
        if (library.getSummary(newest.id).messageCount > before) {
          stop()
          resolve(performance.now() - started)
        }
      })
    })
    const entry = {
      type: 'message',
      // Unique per run: a repeated id would mark the session damaged for the next run.
      id: `b${Date.now().toString(36)}${i}`,
      parentId: last.id,
      timestamp: new Date().toISOString(),
      message: { role: 'user', content: `appended ${i}`, timestamp: Date.now() },
    }
    appendFileSync(path, JSON.stringify(entry) + '\n')
    appendMs.push(await seen)
  }
  figures.appendMs = appendMs
  figures.appendMedianMs = median(appendMs)
  const search: Record<string, { ms: number; matched: number }> = {}
  for (const text of QUERIES) search[text] = timeSearch({ text })
  figures.search = search
}

if (mode === 'other') {
  const asked = performance.now()
  library.query({ ...FIRST, text: 'kernel', scopes: ['tool-output'] })
  await library.whenTextsReady()
  figures.otherReadyMs = performance.now() - asked
  const search: Record<string, { ms: number; matched: number }> = {}
  const every = ['messages', 'tool-output', 'thinking', 'commands'] as const
  for (const text of QUERIES)
    search[`${text} (all kinds)`] = timeSearch({ text, scopes: [...every] })
  search['kernel (messages)'] = timeSearch({ text: 'kernel' })
  figures.search = search
}
figures.sessions = library.query(FIRST).total
// The longest block while the app is in use (closing, which checkpoints the index, is not).
figures.maxBlockMs = loop.max / 1e6
loop.disable()
await library.close()
figures.rssMb = process.resourceUsage().maxRSS / 1024
const size = (f: string) => {
  try {
    return statSync(f).size
  } catch {
    return 0
  }
}
const index = indexPath(dataDir)
figures.indexMb = (size(index) + size(`${index}-wal`)) / 2 ** 20
console.log(JSON.stringify(figures))
