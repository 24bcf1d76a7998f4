/**
 * The worker pool reads records exactly as the calling thread does, and a dead worker's
 * reads are finished in-process instead of being lost, also when it died mid-write; closing
 * the pool stops its workers without doing their work on the calling thread.
 */
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { inProcessReader, workerReader } from '../../../main/library/read-pool'
import { LibraryIndex } from '../../../main/library/index-store'
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

const HOLDER = {
  path: resolve('test/helpers/lock-holder-worker.ts'),
  execArgv: ['--import', 'tsx'],
}

/** An index on disk (the workers' own connections need a file) and its target for the pool. */
function indexOnDisk(ctx: TestContext) {
  const dir = mkdtempSync(join(tmpdir(), 'pi-pool-index-'))
  const index = new LibraryIndex(dir)
  ctx.after(() => {
    index.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const lock = new Int32Array(index.lock.buffer)
  return { target: { file: index.file as string, lock: index.lock.buffer }, lock }
}

test('a worker that dies mid-write frees the writers’ lock, and its write is done here', async (ctx) => {
  const { target, lock } = indexOnDisk(ctx)
  const pool = workerReader(HOLDER, 1)
  try {
    // The worker takes the lock and a write transaction, then its thread ends: the call is
    // done on this thread, which must neither wait for the lock nor find the index locked.
    assert.equal(await pool.indexTexts(target, 13), 0)
    assert.equal(Atomics.load(lock, 0), 0, 'the lock is free')
  } finally {
    await pool.close()
  }
})

test('closing the pool while a worker writes frees the lock and leaves its call undone', async (ctx) => {
  const { target, lock } = indexOnDisk(ctx)
  const pool = workerReader(HOLDER, 1)
  const held = pool.indexTexts(target, 17)
  while (Atomics.load(lock, 0) === 0) await new Promise((r) => setTimeout(r, 10))
  await pool.close()
  await assert.rejects(held, /the library is closing/)
  assert.equal(Atomics.load(lock, 0), 0, 'the lock is free')
  await assert.rejects(pool.indexTexts(target, 1), /the library is closing/)
})
