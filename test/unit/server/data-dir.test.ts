/**
 * The data folder is made and checked before anything starts: a missing one is created with
 * its parents, a file or a path that cannot be made is refused at once, in words (never a
 * hang, never a server that cannot save).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { prepareDataDir } from '../../../main/data-dir'
import { tempDir } from '../../helpers/temp'

test('a missing data folder is created with its parents; an existing one is kept', async (ctx) => {
  const root = tempDir(ctx)
  const dir = join(root, 'a', 'b', 'data')
  await prepareDataDir(dir)
  assert.ok(statSync(dir).isDirectory())
  writeFileSync(join(dir, 'settings.json'), '{}')
  await prepareDataDir(dir)
  assert.ok(existsSync(join(dir, 'settings.json')))
})

test('a data folder that is a file is refused in words', async (ctx) => {
  const file = join(tempDir(ctx), 'data')
  writeFileSync(file, 'not a folder')
  await assert.rejects(
    prepareDataDir(file),
    /^Error: The data folder .*data cannot be used: it is a file, not a folder\. .*--data-dir/,
  )
})

test(
  'a data folder that cannot be made is refused at once (a recursive mkdir under /proc never returns)',
  { skip: !existsSync('/proc/self') && 'needs /proc', timeout: 10_000 },
  async () => {
    await assert.rejects(prepareDataDir('/proc/pi-sessions-nope/data'), /cannot be created/)
  },
)
