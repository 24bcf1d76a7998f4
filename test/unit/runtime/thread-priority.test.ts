/**
 * The workers that parse session files run below normal priority, and only they: on Linux
 * each of the app's worker threads lowers its own thread (nice 10), the main thread keeps its
 * priority (main/thread-priority.ts), and so do V8's helper threads (main's own garbage
 * collection waits for them); the worker processes (the view's, the skeleton builder) lower
 * every thread of their own.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { forkWorker, stopWorker } from '../../../main/worker-process'

/**
 * nice of each thread of process `pid` (this one by default), by thread id (proc(5): field 19
 * of /proc/[pid]/task/[tid]/stat).
 */
function niceByThread(pid: number | 'self' = 'self'): Map<number, number> {
  const out = new Map<number, number>()
  for (const name of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      out.set(Number(name), Number(fields[16]))
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out
}

const niced = () => [...niceByThread()].filter(([, nice]) => nice > 0).map(([tid]) => tid)

/** The app's worker scripts that stay alive to serve requests. */
const SERVING = ['main/library/read-worker.ts']

const skip =
  process.platform !== 'linux'
    ? 'Linux only'
    : niceByThread().get(process.pid) !== 0 && 'the tests run at a lowered priority'

describe('worker thread priority', { skip }, () => {
  for (const script of SERVING) {
    it(`${script} runs below normal priority, the main thread at its own`, async () => {
      assert.deepEqual(niced(), [], 'no thread is lowered before the worker starts')
      const workerData = { skeletons: null }
      const worker = new Worker(resolve(script), { execArgv: ['--import', 'tsx'], workerData })
      worker.on('error', () => {})
      worker.on('message', () => {})
      try {
        const deadline = Date.now() + 20_000
        while (niced().length === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50))
        const threads = niceByThread()
        const lowered = niced()
        assert.equal(lowered.length, 1, `one thread lowered: ${JSON.stringify([...threads])}`)
        assert.equal(threads.get(lowered[0] as number), 10)
        assert.equal(threads.get(process.pid), 0, 'the main thread keeps its priority')
      } finally {
        await worker.terminate()
      }
    })
  }

  it('the skeleton builder (a process that ends after one message) runs below normal priority', async () => {
    // It fails at once on a missing file, and says so: the message it sends tells its priority.
    const script = {
      path: resolve('main/api/session-view/tree-worker.ts'),
      execArgv: ['--import', 'tsx', '--import', resolve('test/helpers/report-nice.mjs')],
    }
    const options = { sessionPath: resolve('test/no-such-session.jsonl'), file: '', app: '0' }
    const worker = forkWorker(script, 512, options)
    const [first, second] = await new Promise<unknown[]>((done, fail) => {
      const got: unknown[] = []
      worker.on('message', (m) => got.push(m) === 2 && done(got))
      worker.once('error', fail)
    })
    await stopWorker(worker)
    assert.deepEqual(first, { nice: 10 })
    assert.equal((second as { ok: boolean }).ok, false)
    assert.equal(niceByThread().get(process.pid), 0, 'the main thread keeps its priority')
  })

  it(
    "the view's worker process runs below normal priority, every thread of it",
    { timeout: 30_000 },
    async () => {
      const script = {
        path: resolve('main/api/session-view/view-worker.ts'),
        execArgv: ['--import', 'tsx'],
      }
      const child = forkWorker(script, 512, { skeletons: null })
      const pid = child.pid as number
      try {
        const lowered = () => [...niceByThread(pid).values()].every((nice) => nice === 10)
        const deadline = Date.now() + 20_000
        while (!lowered() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
        const threads = niceByThread(pid)
        assert.ok(threads.size > 1, 'V8 runs helper threads beside its main thread')
        assert.ok(lowered(), `every thread at nice 10: ${JSON.stringify([...threads])}`)
        assert.equal(niceByThread().get(process.pid), 0, 'the main thread keeps its priority')
      } finally {
        const exited = new Promise((r) => child.once('exit', r))
        child.disconnect()
        await exited
      }
    },
  )
})
