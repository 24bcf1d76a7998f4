/**
 * The demo library is opened as a copy in the data folder: made once (an edited copy is kept
 * as it is), never half made, and the shipped files are never written.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { copyDemoLibrary, demoCopyDir } from '../../../main/library/demo'

/** Every file under `dir` with its text, by path relative to `dir`. */
function files(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const path = join(e.parentPath, e.name)
        return [path.slice(dir.length), readFileSync(path, 'utf8')]
      }),
  )
}

test('the demo library is copied into the data folder once, and the copy keeps its edits', async () => {
  const shipped = resolve('resources', 'demo')
  const before = files(shipped)
  const dataDir = mkdtempSync(join(tmpdir(), 'pi-demo-data-'))
  try {
    const copy = await copyDemoLibrary(shipped, dataDir)
    assert.equal(copy, demoCopyDir(dataDir))
    assert.deepEqual(files(copy), before)
    // No temp folder is left beside it.
    assert.deepEqual(readdirSync(dataDir), ['demo'])
    const [first] = [...before.keys()]
    appendFileSync(join(copy, first as string), '{"type":"label"}\n')
    assert.equal(await copyDemoLibrary(shipped, dataDir), copy)
    assert.match(readFileSync(join(copy, first as string), 'utf8'), /"type":"label"}\n$/)
    assert.deepEqual(files(shipped), before)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('a failed copy leaves nothing behind and says why', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pi-demo-data-'))
  try {
    await assert.rejects(copyDemoLibrary(join(dataDir, 'no-such-demo'), dataDir), /ENOENT/)
    assert.deepEqual(readdirSync(dataDir), [])
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
