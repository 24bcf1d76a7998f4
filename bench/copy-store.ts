/**
 * Makes a large benchmark store quickly: the base store copied N times into renamed project
 * folders (`--home-bench-copyK-project-NN--`, header cwd `/home/bench/copyK/project-NN`), so
 * 4 GB and 10 GB stores take minutes to make, not hours. Files keep their names and mtimes;
 * only the header line changes, so each copy is its own project.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  utimesSync,
} from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

/** Rewrites the header line's cwd of one file while copying it; keeps its mtime. */
async function copySession(from: string, to: string, copy: number): Promise<void> {
  const stream = createReadStream(from)
  let head = true
  let pending = ''
  await pipeline(
    stream,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        if (!head) {
          yield chunk
          continue
        }
        pending += chunk.toString('utf8')
        const end = pending.indexOf('\n')
        if (end < 0) continue
        const header = JSON.parse(pending.slice(0, end)) as { cwd: string }
        header.cwd = header.cwd.replace('/home/bench/', `/home/bench/copy${copy}/`)
        yield JSON.stringify(header) + pending.slice(end)
        head = false
        pending = ''
      }
      if (pending) yield pending
    },
    createWriteStream(to),
  )
  const { mtime } = statSync(from)
  utimesSync(to, mtime, mtime)
}

/**
 * Writes `copies` copies of the store at `base` into `out`.
 * @returns the number of session files written
 */
export async function copyStore(base: string, out: string, copies: number): Promise<number> {
  const sessions = join(base, 'agent', 'sessions')
  let files = 0
  for (let copy = 1; copy <= copies; copy++) {
    for (const folder of readdirSync(sessions)) {
      const target = join(
        out,
        'agent',
        'sessions',
        folder.replace('--home-bench-', `--home-bench-copy${copy}-`),
      )
      mkdirSync(target, { recursive: true })
      for (const file of readdirSync(join(sessions, folder))) {
        await copySession(join(sessions, folder, file), join(target, file), copy)
        files += 1
      }
    }
  }
  return files
}

/** Whether `store` already holds sessions. */
export function storeExists(store: string): boolean {
  return existsSync(join(store, 'agent', 'sessions'))
}
