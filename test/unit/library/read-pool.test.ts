/**
 * The worker pool reads records exactly as the calling thread does, and a dead worker's
 * reads are finished in-process instead of being lost.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { inProcessReader, workerReader } from '../../../main/library/read-pool'
import { discoverSessionFiles } from '../../../main/library/scan'
import { FIXTURE_STORE } from '../../helpers/fixtures'

const WORKER = { path: resolve('main/library/read-worker.ts'), execArgv: ['--import', 'tsx'] }

test('worker reads equal in-process reads for every fixture file', async () => {
  const found = await discoverSessionFiles([join(FIXTURE_STORE, 'agent', 'sessions')])
  const pool = workerReader(WORKER, 2)
  const local = inProcessReader()
  try {
    const [remote, here] = await Promise.all([
      Promise.all(found.candidates.map((c) => pool.read(c))),
      Promise.all(found.candidates.map((c) => local.read(c))),
    ])
    assert.equal(remote.length, found.candidates.length)
    assert.deepEqual(remote, here)
  } finally {
    await pool.close()
  }
})

test('a worker that cannot start leaves the reads to the calling thread', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-pool-'))
  const broken = join(dir, 'broken-worker.mjs')
  writeFileSync(broken, 'throw new Error("worker failed to start")\n')
  const pool = workerReader({ path: broken }, 1)
  const found = await discoverSessionFiles([join(FIXTURE_STORE, 'custom-session-dir')])
  try {
    const results = await Promise.all(found.candidates.map((c) => pool.read(c)))
    assert.equal(results.length, 4)
    assert.ok(results.every((r) => r.record.status === 'ok' && r.kind === 'full'))
  } finally {
    await pool.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
