/**
 * Library benchmark (issue 4): on a generated store (2,000 sessions in 50 projects, about
 * 1 GB; bench/gen-store.ts), each run in its own process, against pi's own
 * SessionManager.listAll on the same store:
 *   (a) cold full listing, (b) time to the first 50 rows, (c) warm relaunch with the cache,
 *   (d) append-to-row latency, (e) search latency, (f) peak RSS.
 * Needs `npm run build` (the read worker) and, for pi 1.6.0, `npm run bench:setup`.
 *
 * Usage: node --import tsx bench/library.ts [--sessions 2000] [--projects 50] [--mb 1000] [--runs 3]
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { generateStore } from './gen-store'
import { numberArg } from './args'

const sessions = numberArg('sessions', 2000)
const projects = numberArg('projects', 50)
const mb = numberArg('mb', 1000)
const runs = numberArg('runs', 3)
const store = resolve('bench', 'out', `store-${sessions}-${projects}-${mb}mb`)
const root = join(store, 'agent', 'sessions')
const node22 = resolve('bench/peers/node_modules/node/bin/node')
const pi160 = resolve('bench/peers/node_modules/@earendil-works/pi-coding-agent/dist/index.js')
const pi073 = resolve('node_modules/@mariozechner/pi-coding-agent/dist/index.js')
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

type Figures = Record<string, number | null | Record<string, unknown>>

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Figures {
  const out = execFileSync(command, args, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Figures
}

function pi(nodeBin: string, module: string): Figures[] {
  const env = { PI_CODING_AGENT_DIR: join(store, 'agent') }
  return Array.from({ length: runs }, () =>
    run(nodeBin, ['bench/peers/list-child.mjs', module], env),
  )
}

function ours(): { cold: Figures[]; warm: Figures[] } {
  const cold: Figures[] = []
  const warm: Figures[] = []
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'pi-bench-data-'))
    cold.push(
      run(process.execPath, ['--import', 'tsx', 'bench/library-child.ts', 'cold', root, dataDir]),
    )
    warm.push(
      run(process.execPath, ['--import', 'tsx', 'bench/library-child.ts', 'warm', root, dataDir]),
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { cold, warm }
}

const ms = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n.toFixed(0)} ms`
const num = (f: Figures[], key: string) => median(f.map((x) => x[key] as number))

if (!existsSync('out/main/read-worker.js')) {
  console.error('bench/library: run `npm run build` first (the read worker is built code)')
  process.exit(2)
}
if (!existsSync(root)) {
  console.log(`generating ${store} …`)
  await generateStore(store, { sessions, projects, targetBytes: mb * 1024 * 1024, seed: 7 })
}
const peers = existsSync(node22) && existsSync(pi160)
const p160 = peers ? pi(node22, pi160) : null
const p073 = pi(process.execPath, pi073)
const { cold, warm } = ours()

const base = p160 ?? p073
const baseName = p160 ? 'pi 1.6.0' : 'pi 0.73.1'
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`
console.log(
  `\nLibrary benchmark: ${sessions} sessions, ${projects} projects, ~${mb} MB; medians of ${runs} runs`,
)
console.log(
  `baseline: ${baseName}${p160 ? '' : ' (pi 1.6.0 not installed: npm run bench:setup)'}\n`,
)
const rows: [string, string, string, string][] = [
  [
    '(a) cold full listing',
    ms(num(cold, 'allMs')),
    ms(num(base, 'allMs')),
    ratio(num(cold, 'allMs'), num(base, 'allMs')),
  ],
  ['(b) first 50 rows', ms(num(cold, 'first50Ms')), ms(num(base, 'first50Ms')), 'target <= 300 ms'],
  [
    '(c) warm relaunch (cache)',
    ms(num(warm, 'allMs')),
    ms(num(base, 'allMs')),
    ratio(num(warm, 'allMs'), num(base, 'allMs')),
  ],
  ['    search texts loaded', ms(num(warm, 'textsMs')), '', ''],
  ['(d) append -> row', ms(num(warm, 'appendMedianMs')), '', 'target <= 1000 ms'],
  [
    '(f) peak RSS cold',
    `${num(cold, 'rssMb').toFixed(0)} MB`,
    `${num(base, 'rssMb').toFixed(0)} MB`,
    ratio(num(cold, 'rssMb'), num(base, 'rssMb')),
  ],
  [
    '    peak RSS warm',
    `${num(warm, 'rssMb').toFixed(0)} MB`,
    '',
    ratio(num(warm, 'rssMb'), num(base, 'rssMb')),
  ],
]
if (p160)
  rows.push([
    'pi 0.73.1 listAll',
    '',
    ms(num(p073, 'allMs')),
    `ours ${ratio(num(cold, 'allMs'), num(p073, 'allMs'))}`,
  ])
for (const [label, a, b, c] of rows)
  console.log(`${label.padEnd(28)} ${a.padStart(10)}  ${b.padStart(10)}  ${c}`)
console.log('\n(e) search (warm, whole library):')
const search = warm[0]?.search as Record<string, { ms: number; matched: number }>
for (const text of Object.keys(search ?? {})) {
  const each = warm.map((w) => (w.search as Record<string, { ms: number }>)[text]?.ms ?? NaN)
  console.log(
    `  ${text.padEnd(32)} ${ms(median(each)).padStart(8)}  (${search[text]?.matched} sessions)`,
  )
}
console.log(
  `\nreads: cold ${JSON.stringify(cold[0]?.reads)}, warm ${JSON.stringify(warm[0]?.reads)}`,
)
