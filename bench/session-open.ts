/**
 * Benchmark: open + getTree + buildSessionContext of a 100 MB / 50k-entry session, ours vs
 * pi's own SessionManager (0.73.1 from the main node_modules, 1.6.0 from bench/peers), each in
 * its own child process (bench/peers/child.mjs); prints wall time (median and best of the runs,
 * which interleave the implementations), CPU time, peak RSS and ratios. Not a test. Ours is
 * compiled with tsc into bench/out first, so no implementation runs through a TS loader.
 *
 * Usage: node --import tsx bench/session-open.ts [--runs 5] [--entries 50000] [--mb 100] [--seed 42]
 * pi 1.6.0 needs `npm run bench:setup` (installs bench/peers: the package and Node 22).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateSession } from './generate-session.js'
import { numberArg } from './args'
import { median } from './stats'

/** The runtime's major version, for the labels (the project runs on its pinned Node). */
const major = process.versions.node.split('.')[0]
const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')
const outDir = join(root, 'bench', 'out')
const peers = join(here, 'peers', 'node_modules')
const node22 = join(peers, 'node', 'bin', 'node')

interface Figures {
  ms: number
  /** Fastest run (least disturbed by other load on the machine). */
  bestMs?: number
  /** CPU time of the whole process (all threads, incl. GC helpers) during the measured work. */
  cpuMs: number
  rssMb: number
  baseRssMb: number
  maxBlockMs?: number
  entries: number
}

/** Compiles main/session to plain JS (bench/out) so ours runs without a TS loader, like pi. */
function compileOurs(): string {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const args = [
    tsc,
    '--ignoreConfig',
    '--outDir',
    join(outDir, 'session'),
    '--module',
    'esnext',
    '--moduleResolution',
    'bundler',
    '--target',
    'es2023',
    '--skipLibCheck',
    '--types',
    'node',
    '--esModuleInterop',
    // The repository: the session code imports a pure text rule from the renderer's code.
    '--rootDir',
    root,
    join(root, 'main', 'session', 'index.ts'),
  ]
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' })
  if (r.status !== 0) throw new Error('tsc failed')
  return join(outDir, 'session', 'main', 'session', 'index.js')
}

function run(nodeBin: string, impl: string, file: string, modPath: string): Figures {
  const r = spawnSync(
    nodeBin,
    ['--max-old-space-size=4096', join(here, 'peers', 'child.mjs'), impl, file, modPath],
    {
      encoding: 'utf8',
    },
  )
  if (r.status !== 0) throw new Error(`${impl} failed: ${r.stderr}`)
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as Figures
}

async function main(): Promise<void> {
  const runs = numberArg('runs', 5)
  const options = {
    entries: numberArg('entries', 50_000),
    targetBytes: numberArg('mb', 100) * 1e6,
    seed: numberArg('seed', 42),
  }
  mkdirSync(outDir, { recursive: true })
  const file = join(
    outDir,
    `session-${options.entries}-${options.targetBytes / 1e6}mb-seed${options.seed}.jsonl`,
  )
  if (!existsSync(file)) await generateSession(file, options)
  console.log(
    `file: ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB, ${options.entries} entries, seed ${options.seed})`,
  )
  const ours = compileOurs()
  const pi073 = join(
    root,
    'node_modules',
    '@mariozechner',
    'pi-coding-agent',
    'dist',
    'core',
    'session-manager.js',
  )
  const pi160 = join(
    peers,
    '@earendil-works',
    'pi-coding-agent',
    'dist',
    'core',
    'session-manager.js',
  )
  const plan: [string, string, string, string][] = [
    [`ours (Node ${major})`, process.execPath, 'ours', ours],
    [`ours async (Node ${major})`, process.execPath, 'ours-async', ours],
    [`pi 0.73.1 (Node ${major})`, process.execPath, 'pi073', pi073],
  ]
  if (existsSync(node22) && existsSync(pi160)) {
    plan.push(
      ['ours (Node 22)', node22, 'ours', ours],
      ['ours async (Node 22)', node22, 'ours-async', ours],
      ['pi 1.6.0 (Node 22)', node22, 'pi160', pi160],
    )
  } else {
    console.log('pi 1.6.0 not installed: run `npm run bench:setup` to compare with it')
  }
  // Rounds interleave the implementations so background load hits them alike.
  const samples = new Map<string, Figures[]>(plan.map(([label]) => [label, []]))
  for (let round = 0; round < runs; round++) {
    for (const [label, bin, impl, mod] of plan) samples.get(label)?.push(run(bin, impl, file, mod))
  }
  const results = new Map<string, Figures>()
  for (const [label] of plan) {
    const all = samples.get(label) as Figures[]
    const f: Figures = {
      ms: median(all.map((x) => x.ms)),
      bestMs: Math.min(...all.map((x) => x.ms)),
      cpuMs: median(all.map((x) => x.cpuMs)),
      rssMb: median(all.map((x) => x.rssMb)),
      baseRssMb: median(all.map((x) => x.baseRssMb)),
      entries: all[0]?.entries ?? 0,
    }
    if (all[0]?.maxBlockMs != null) f.maxBlockMs = median(all.map((x) => x.maxBlockMs as number))
    results.set(label, f)
    const block =
      f.maxBlockMs !== undefined
        ? `, longest event-loop block ${f.maxBlockMs.toFixed(0)} ms main-thread CPU (median of runs)`
        : ''
    const times = all.map((x) => x.ms.toFixed(0)).join('/')
    console.log(
      `${label.padEnd(22)} ${f.ms.toFixed(0).padStart(6)} ms wall (best ${(f.bestMs ?? f.ms).toFixed(0)}), ${f.cpuMs.toFixed(0).padStart(5)} ms CPU  peak RSS ${f.rssMb.toFixed(0).padStart(5)} MB (after imports ${f.baseRssMb.toFixed(0)} MB)  runs ${times}${block}`,
    )
  }
  const ratio = (a: string, b: string) => {
    const x = results.get(a)
    const y = results.get(b)
    if (!x || !y) return
    console.log(
      `${a} / ${b}: wall time ${(x.ms / y.ms).toFixed(2)}x (best-of-runs ${((x.bestMs ?? x.ms) / (y.bestMs ?? y.ms)).toFixed(2)}x), CPU time ${(x.cpuMs / y.cpuMs).toFixed(2)}x, peak RSS ${(x.rssMb / y.rssMb).toFixed(2)}x`,
    )
  }
  ratio('ours (Node 22)', 'pi 1.6.0 (Node 22)')
  ratio('ours async (Node 22)', 'pi 1.6.0 (Node 22)')
  ratio(`ours (Node ${major})`, `pi 0.73.1 (Node ${major})`)
  ratio(`ours async (Node ${major})`, `pi 0.73.1 (Node ${major})`)
}

await main()
