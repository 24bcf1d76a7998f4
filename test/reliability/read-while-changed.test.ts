/**
 * A session file truncated or replaced while it is read: the loader and the library finish
 * (no crash, no hang), report what they read, never change the file, and the next read shows
 * the file as it is now.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionLibrary } from '../../main/library/library'
import { loadSessionFile, parseSessionText } from '../../main/session'
import { allRows } from '../helpers/library'

const ENTRIES = 20_000
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

/** A session of `n` user messages (about 2.4 MB for 20,000). */
function sessionText(n: number, word: string): string {
  const lines = [
    JSON.stringify({
      type: 'session',
      version: 3,
      id: `019b0000-0000-7000-8000-00000000000${word.length}`,
      timestamp: '2026-01-05T14:00:00.000Z',
      cwd: '/home/ayla/src/read',
    }),
  ]
  for (let i = 0; i < n; i++) {
    lines.push(
      JSON.stringify({
        type: 'message',
        id: `m${i}`,
        parentId: i === 0 ? null : `m${i - 1}`,
        timestamp: '2026-01-05T14:00:01.000Z',
        message: { role: 'user', content: `${word} ${i}`, timestamp: 1 },
      }),
    )
  }
  return lines.join('\n') + '\n'
}

for (const change of ['truncated', 'replaced'] as const) {
  test(`a file ${change} while the loader and the library read it`, async () => {
    const dir = mkdtempSync(join(tmpdir(), `pi-reliability-${change}-`))
    const project = join(dir, '--home-ayla-src-read--')
    mkdirSync(project)
    const path = join(
      project,
      '2026-01-05T14-00-00-000Z_019b0000-0000-7000-8000-000000000001.jsonl',
    )
    writeFileSync(path, sessionText(ENTRIES, 'old'))
    const replacement = join(dir, 'next.tmp')
    writeFileSync(replacement, sessionText(500, 'new one'))
    const library = new SessionLibrary([{ path: dir, source: 'cli' }], { watch: false })
    try {
      const load = loadSessionFile(path, { chunkSize: 16 * 1024 })
      await library.start()
      await new Promise((r) => setTimeout(r, 5))
      if (change === 'truncated') truncateSync(path, Math.floor(readFileSync(path).length / 3))
      else renameSync(replacement, path)
      const digest = sha(path)
      const loaded = await load
      await library.whenIdle()
      // Whatever was read is whole entries of one version of the file.
      assert.ok(loaded.entries.length > 0)
      const words = new Set(
        loaded.entries.map(
          (e) => String((e as { message?: { content?: string } }).message?.content).split(' ')[0],
        ),
      )
      assert.equal(words.size, 1, 'entries of one version only')
      // The next read shows the file as it is now. Cut a moment ago, its last line could be one
      // pi is still writing: pi has left it (its times a minute back), so the cut is damage.
      const before = new Date(Date.now() - 60_000)
      utimesSync(path, before, before)
      await library.refresh()
      await library.whenIdle()
      const now = parseSessionText(readFileSync(path, 'utf8'))
      const [row] = allRows(library)
      assert.ok(row, 'the session is listed')
      assert.equal(row.messageCount, now.entries.length)
      if (change === 'truncated') assert.equal(row.status, 'damaged', 'a cut line is reported')
      assert.equal(sha(path), digest, 'reading never changed the file')
    } finally {
      await library.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
}
