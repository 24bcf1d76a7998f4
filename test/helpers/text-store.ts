/**
 * A store of text-heavy sessions for tests of the library index: `sessions` files in one
 * project folder, each a chain of user/assistant messages with about `kib` KiB of text, and
 * each holding one unique marker word (`marker-<n>`) in its last message.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { headerLine, messageLine } from './append'

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'.split(' ')

/** Writes the store under `root/--text-store--/`; returns the session folder. */
export function writeTextStore(root: string, sessions: number, kib: number): string {
  const folder = join(root, '--text-store--')
  mkdirSync(folder, { recursive: true })
  for (let n = 0; n < sessions; n++) {
    const start = Date.UTC(2026, 0, 1) + n * 3_600_000
    const lines = [headerLine(`text-${n}`, new Date(start).toISOString(), '/text/store')]
    const messages = Math.max(2, Math.ceil((kib * 1024) / 2048))
    let parent: string | null = null
    for (let i = 0; i < messages; i++) {
      const id = `t${n}m${i}`
      const words = Array.from({ length: 300 }, (_, k) => WORDS[(i * 7 + k * 3 + n) % WORDS.length])
      if (i === messages - 1) words.push(`marker-${n}`)
      const text = words.join(' ')
      const role = i % 2 === 0 ? 'user' : 'assistant'
      lines.push(messageLine(id, parent, role, text, new Date(start + i * 1000).toISOString()))
      parent = id
    }
    const file = join(
      folder,
      `${new Date(start).toISOString().replace(/[:.]/g, '-')}_text-${n}.jsonl`,
    )
    writeFileSync(file, lines.join('\n') + '\n')
    const when = new Date(start + messages * 1000)
    utimesSync(file, when, when)
  }
  return folder
}
