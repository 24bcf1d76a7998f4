/**
 * Library benchmark: on a generated store (2,000 sessions in 50 projects, about 1 GB;
 * bench/gen-store.ts) and on that store copied N times (bench/copy-store.ts), each run in
 * its own process, against pi's own SessionManager.listAll on the same store: cold listing
 * (first 50 rows, all rows, full-text ready, longest main-thread block), warm relaunch (first
 * 50 rows, stat pass), search, append-to-row latency, peak RSS and the index on disk, and
 * once per store the first search of the other kinds (until all are indexed) and the index
 * with them.
 * Needs `npm run build` (the read worker) and, for pi 1.6.0, `npm run bench:setup`.
 *
 * Usage: node --import tsx bench/library.ts [--copies 4] [--runs 3] [--sessions 2000] [--projects 50] [--mb 1000]
 * (`--copies 0` runs the base store only.)
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { copyStore, storeExists } from './copy-store'
import { generateStore } from './gen-store'
import { numberArg } from './args'
import { median } from './stats'

const sessions = numberArg('sessions', 2000)
const projects = numberArg('projects', 50)
const mb = numberArg('mb', 1000)
const runs = numberArg('runs', 3)
const copies = numberArg('copies', 4)
const base = resolve('bench', 'out', `store-${sessions}-${projects}-${mb}mb`)
const node22 = resolve('bench/peers/node_modules/node/bin/node')
const pi160 = resolve('bench/peers/node_modules/@earendil-works/pi-coding-agent/dist/index.js')
const pi073 = resolve('node_modules/@mariozechner/pi-coding-agent/dist/index.js')

type Figures = Record<string, number | null | Record<string, unknown>>

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Figures {
  const out = execFileSync(command, args, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Figures
}

function pi(store: string, nodeBin: string, module: string): Figures[] {
  const env = { PI_CODING_AGENT_DIR: join(store, 'agent') }
  return Array.from({ length: runs }, () =>
    run(nodeBin, ['bench/peers/list-child.mjs', module], env),
  )
}

function ours(store: string): { cold: Figures[]; warm: Figures[]; other: Figures[] } {
  const root = join(store, 'agent', 'sessions')
  const cold: Figures[] = []
  const warm: Figures[] = []
  const other: Figures[] = []
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'pi-bench-data-'))
    const child = (mode: string) =>
      run(process.execPath, ['--import', 'tsx', 'bench/library-child.ts', mode, root, dataDir])
    cold.push(child('cold'))
    warm.push(child('warm'))
    // Once per store: the other kinds' first search reads the whole store again.
    if (i === 0) other.push(child('other'))
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { cold, warm, other }
}

const ms = (n: number | null | undefined) =>
  n === null || n === undefined || Number.isNaN(n) ? '—' : `${n.toFixed(0)} ms`
const num = (f: Figures[], key: string) => median(f.map((x) => x[key] as number))
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`

/** Runs everything on one store and prints its table. */
function report(label: string, store: string): void {
  const peers = existsSync(node22) && existsSync(pi160)
  const p160 = peers ? pi(store, node22, pi160) : null
  const baseline = p160 ?? pi(store, process.execPath, pi073)
  const baseName = p160 ? 'pi 1.6.0' : 'pi 0.73.1 (pi 1.6.0 not installed: npm run bench:setup)'
  const { cold, warm, other } = ours(store)
  const piAll = num(baseline, 'allMs')
  console.log(
    `\n${label}: ${warm[0]?.sessions ?? '?'} sessions; medians of ${runs} runs; baseline ${baseName}`,
  )
  const rows: [string, string, string, string][] = [
    [
      'cold: first 50 rows',
      ms(num(cold, 'first50Ms')),
      ms(num(baseline, 'first50Ms')),
      `target <= pi's`,
    ],
    [
      'cold: all rows',
      ms(num(cold, 'allMs')),
      ms(piAll),
      `${ratio(num(cold, 'allMs'), piAll)} (target <= 0.6x)`,
    ],
    [
      'cold: full-text ready',
      ms(num(cold, 'textsMs')),
      '',
      `${ratio(num(cold, 'textsMs'), piAll)} (target <= 1.5x)`,
    ],
    ['cold: longest main block', ms(num(cold, 'maxBlockMs')), '', 'target <= 50 ms'],
    [
      'warm: first 50 rows',
      ms(num(warm, 'first50Ms')),
      '',
      `${ratio(num(warm, 'first50Ms'), piAll)} (target <= 150 ms, 0.02x)`,
    ],
    ['warm: stat pass done', ms(num(warm, 'allMs')), '', ''],
    ['warm: longest main block', ms(num(warm, 'maxBlockMs')), '', ''],
    ['append -> row', ms(num(warm, 'appendMedianMs')), '', 'target <= 300 ms'],
    [
      'peak RSS cold',
      `${num(cold, 'rssMb').toFixed(0)} MB`,
      `${num(baseline, 'rssMb').toFixed(0)} MB`,
      ratio(num(cold, 'rssMb'), num(baseline, 'rssMb')),
    ],
    [
      'peak RSS warm',
      `${num(warm, 'rssMb').toFixed(0)} MB`,
      '',
      ratio(num(warm, 'rssMb'), num(baseline, 'rssMb')),
    ],
    ['index on disk', `${num(warm, 'indexMb').toFixed(0)} MB`, '', 'target <= the files'],
    [
      'other kinds: first search -> all indexed',
      ms(num(other, 'otherReadyMs')),
      '',
      `${ratio(num(other, 'otherReadyMs'), piAll)} of pi's listing (one run)`,
    ],
    ['index with other kinds', `${num(other, 'indexMb').toFixed(0)} MB`, '', '(one run)'],
  ]
  for (const [what, a, b, c] of rows)
    console.log(`  ${what.padEnd(42)} ${a.padStart(10)}  ${b.padStart(10)}  ${c}`)
  console.log('  search (warm, first 50 rows and the match count):')
  const search = warm[0]?.search as Record<string, { ms: number; matched: number }>
  for (const text of Object.keys(search ?? {})) {
    const each = warm.map((w) => (w.search as Record<string, { ms: number }>)[text]?.ms ?? NaN)
    console.log(
      `    ${text.padEnd(32)} ${ms(median(each)).padStart(8)}  (${search[text]?.matched} sessions; target <= 100 ms)`,
    )
  }
  const otherSearch = other[0]?.search as Record<string, { ms: number; matched: number }>
  console.log('  search once the other kinds are indexed (one run):')
  for (const [text, found] of Object.entries(otherSearch ?? {}))
    console.log(`    ${text.padEnd(44)} ${ms(found.ms).padStart(8)}  (${found.matched} sessions)`)
  console.log(
    `  reads: cold ${JSON.stringify(cold[0]?.reads)}, warm ${JSON.stringify(warm[0]?.reads)}`,
  )
}

if (!existsSync('out/main/read-worker.js')) {
  console.error('bench/library: run `npm run build` first (the read worker is built code)')
  process.exit(2)
}
if (!storeExists(base)) {
  console.log(`generating ${base} …`)
  await generateStore(base, { sessions, projects, targetBytes: mb * 1024 * 1024, seed: 7 })
}
report(`~${mb} MB store`, base)
if (copies > 0) {
  const big = `${base}-x${copies}`
  if (!storeExists(big)) {
    console.log(`\ncopying the store ${copies} times into ${big} …`)
    await copyStore(base, big, copies)
  }
  report(`~${(mb * copies) / 1000} GB store (${copies} copies)`, big)
}
