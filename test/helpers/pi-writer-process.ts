/**
 * Runs pi's own writer (test/helpers/pi-writer.mjs: pi 0.73.1's SessionManager appending
 * entries after the leaf) as a separate process, as pi writes beside the app.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

/**
 * Appends `count` entries to the session file at `path`, `delayMs` apart, from a writer
 * process. Resolves with the ids written, in order; rejects when the writer exits non-zero.
 */
export function piWriter(path: string, count: number, delayMs: number): Promise<string[]> {
  const writer = spawn(
    process.execPath,
    [resolve('test/helpers/pi-writer.mjs'), path, String(count), String(delayMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  writer.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((done, fail) =>
    writer.once('exit', (code) =>
      code === 0 ? done(out.trim().split('\n')) : fail(new Error(`pi writer exited ${code}`)),
    ),
  )
}
