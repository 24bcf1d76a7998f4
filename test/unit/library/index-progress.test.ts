/**
 * The library index over time: the stat pass reconciles what changed while the app was
 * closed; a search while the text index is still being built says it is partial; indexing
 * killed half-way is completed by the next launch.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { copyFileSync, readdirSync, unlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { appendAfterLast, userEntry } from '../../helpers/append'
import { query } from '../../helpers/library'
import { tempDir } from '../../helpers/temp'
import { writeTextStore } from '../../helpers/text-store'

const library = (root: string, dataDir: string) =>
  new SessionLibrary([{ path: root, source: 'cli' }], {
    dataDir,
    watch: false,
    textIndex: 'background',
  })

test('files added, grown and removed while the app was closed are reconciled at launch', async (t) => {
  const root = tempDir(t, 'pi-closed-')
  const dataDir = tempDir(t, 'pi-closed-data-')
  const folder = writeTextStore(root, 4, 8)
  const first = library(root, dataDir)
  await first.start()
  await first.whenTextsReady()
  await first.close()

  const files = readdirSync(folder).sort()
  unlinkSync(join(folder, files[0] as string))
  const grown = join(folder, files[1] as string)
  appendAfterLast(grown, userEntry('closed1', 'written while closed zqx'))
  copyFileSync(join(folder, files[2] as string), join(folder, 'copy_text-new.jsonl'))

  const second = library(root, dataDir)
  await second.start()
  await second.whenTextsReady()
  assert.deepEqual(second.reads, { unchanged: 2, appended: 1, full: 1, failed: 0, foreign: 0 })
  const rows = second.query(query()).rows
  assert.equal(rows.length, 4)
  assert.ok(!rows.some((r) => r.fileName === files[0]), 'the removed file is gone')
  assert.deepEqual(
    second.query(query({ text: 'zqx' })).rows.map((r) => r.fileName),
    [files[1]],
  )
  await second.close()
})

test('a search while the text index is being built covers what is indexed and says so', async (t) => {
  const root = tempDir(t, 'pi-partial-')
  const dataDir = tempDir(t, 'pi-partial-data-')
  writeTextStore(root, 30, 512)
  const lib = library(root, dataDir)
  await lib.start()
  await lib.whenIdle()
  const partial = lib.query(query({ text: 'marker-' }))
  assert.ok(partial.pendingTexts > 0, 'texts still wait for the index')
  assert.equal(partial.progress.textsTotal, 30)
  assert.equal(partial.progress.textsIndexed, 30 - partial.pendingTexts)
  assert.ok(partial.matched < 30, 'only indexed sessions match so far')
  await lib.whenTextsReady()
  const full = lib.query(query({ text: 'marker-' }))
  assert.equal(full.pendingTexts, 0)
  assert.equal(full.matched, 30)
  await lib.close()
})

test('indexing killed half-way is completed by the next launch', async (t) => {
  const root = tempDir(t, 'pi-killed-')
  const dataDir = tempDir(t, 'pi-killed-data-')
  writeTextStore(root, 30, 512)
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('test/helpers/index-child.ts'), root, dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  const killedAt = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const seen = [...out.matchAll(/^indexed (\d+) of (\d+)$/gm)].at(-1)
      if (seen && Number(seen[1]) > 0 && Number(seen[1]) < Number(seen[2])) {
        child.kill('SIGKILL')
        done(seen[0])
      }
    })
    child.on('exit', () => fail(new Error(`the child ended before it could be killed:\n${out}`)))
  })
  await new Promise((done) => child.once('close', done))
  assert.match(killedAt, /^indexed \d+ of 30$/)
  const lib = library(root, dataDir)
  await lib.start()
  await lib.whenTextsReady()
  assert.deepEqual(lib.reads.full, 0, 'the rows came from the index')
  const result = lib.query(query({ text: 'marker-' }))
  assert.equal(result.pendingTexts, 0)
  assert.equal(result.matched, 30)
  for (const n of [0, 17, 29]) assert.equal(lib.query(query({ text: `marker-${n}` })).matched, 1)
  await lib.close()
})
