import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeStreamAtomic } from '../../../main/library/stream-write'

test('a streamed write replaces the file whole, or not at all', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-stream-'))
  const file = join(dir, 'cache.jsonl')
  writeFileSync(file, 'old\n')
  const big = 'x'.repeat(300_000)
  await writeStreamAtomic(
    file,
    (function* () {
      for (let i = 0; i < 10; i++) yield `${i}:${big}\n`
    })(),
  )
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
  assert.equal(lines.length, 10)
  assert.ok(lines.every((l, i) => l === `${i}:${big}`))

  async function* failing() {
    yield 'new content that must not land\n'.repeat(100_000)
    throw new Error('disk full')
  }
  await assert.rejects(writeStreamAtomic(file, failing()), /disk full/)
  assert.equal(
    readFileSync(file, 'utf8').trimEnd().split('\n').length,
    10,
    'the old file is intact',
  )
  assert.deepEqual(readdirSync(dir), ['cache.jsonl'], 'no temp file is left behind')
  rmSync(dir, { recursive: true })
})
