/**
 * Generates a deterministic pi session store for the library benchmark:
 * `<out>/agent/sessions/--home-bench-project-NN--/<time>_<id>.jsonl`, 2,000 sessions in
 * 50 projects, about 1 GB, each session from bench/generate-session.ts with its own seed and a
 * size drawn from the store's seed. File mtimes are spread over a year, newest last.
 *
 * Usage: node --import tsx bench/gen-store.ts <out> [--sessions 2000] [--projects 50] [--mb 1000] [--seed 7]
 *        node --import tsx bench/gen-store.ts <out> --copies N --from <store>   (bench/copy-store.ts)
 */
import { existsSync, mkdirSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { generateSession } from './generate-session'
import { numberArg } from './args'
import { copyStore } from './copy-store'

/** Options of {@link generateStore}. */
export interface StoreOptions {
  sessions: number
  projects: number
  /** Total size to aim for, bytes. */
  targetBytes: number
  seed: number
}

/** Writes the store; resolves with the total bytes and the session file paths. */
export async function generateStore(
  out: string,
  options: StoreOptions,
): Promise<{ bytes: number; files: string[] }> {
  let state = options.seed >>> 0
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
  const mean = options.targetBytes / options.sessions
  const files: string[] = []
  let bytes = 0
  const year = 365 * 24 * 3600 * 1000
  const base = Date.UTC(2026, 0, 1)
  for (let i = 0; i < options.sessions; i++) {
    const project = i % options.projects
    const cwd = `/home/bench/project-${String(project).padStart(2, '0')}`
    const folder = join(
      out,
      'agent',
      'sessions',
      `--home-bench-project-${String(project).padStart(2, '0')}--`,
    )
    mkdirSync(folder, { recursive: true })
    const size = Math.floor(mean * (0.2 + rand() * 1.6))
    const seed = options.seed * 100_000 + i
    const when = new Date(base + Math.floor((i / options.sessions) * year))
    const name = `${when.toISOString().replace(/[:.]/g, '-')}_bench-${String(i).padStart(5, '0')}.jsonl`
    const path = join(folder, name)
    const generated = await generateSession(path, {
      entries: Math.max(20, Math.floor(size / 2000)),
      targetBytes: size,
      seed,
      cwd,
    })
    bytes += generated.bytes
    utimesSync(path, when, when)
    files.push(path)
  }
  return { bytes, files }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2]
  if (!out) {
    console.error('usage: gen-store.ts <out> [--sessions N] [--projects N] [--mb M] [--seed S]')
    process.exit(2)
  }
  if (existsSync(join(out, 'agent'))) {
    console.error(`gen-store: ${out}/agent exists; remove it first`)
    process.exit(2)
  }
  const started = performance.now()
  const copies = numberArg('copies', 0)
  const from = process.argv[process.argv.indexOf('--from') + 1]
  if (copies > 0) {
    if (!process.argv.includes('--from') || !from) {
      console.error('gen-store: --copies needs --from <store>')
      process.exit(2)
    }
    const files = await copyStore(from, out, copies)
    console.log(
      `gen-store: ${files} sessions copied in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${out}`,
    )
    process.exit(0)
  }
  const { bytes, files } = await generateStore(out, {
    sessions: numberArg('sessions', 2000),
    projects: numberArg('projects', 50),
    targetBytes: numberArg('mb', 1000) * 1024 * 1024,
    seed: numberArg('seed', 7),
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `gen-store: ${files.length} sessions, ${(bytes / 2 ** 20).toFixed(0)} MiB in ${seconds} s -> ${out}`,
  )
}
