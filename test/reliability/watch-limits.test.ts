/**
 * The watcher under OS limits: when the OS refuses more watches (inotify's ENOSPC, EMFILE),
 * the affected root falls back to polling, the others stay watched, the watcher reports the
 * root as a problem in words, and appends in the polled root are still noticed.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { watch, type ChokidarOptions } from 'chokidar'
import { watchRoots, type ChangeBatch } from '../../main/library/watcher'

function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  return new Promise((resolve) => {
    const tick = () => {
      if (check()) resolve(true)
      else if (Date.now() > until) resolve(false)
      else setTimeout(tick, 20)
    }
    tick()
  })
}

for (const code of ['ENOSPC', 'EMFILE']) {
  test(`a root refused with ${code} is polled instead and listed as a problem`, async () => {
    const base = mkdtempSync(join(tmpdir(), 'pi-watch-limit-'))
    const limited = join(base, 'limited')
    const fine = join(base, 'fine')
    for (const root of [limited, fine]) {
      mkdirSync(join(root, '--p--'), { recursive: true })
      writeFileSync(join(root, '--p--', 's.jsonl'), '{}\n')
    }
    const started: { path: string; polling: boolean }[] = []
    const batches: ChangeBatch[] = []
    const watcher = watchRoots([limited, fine], (b) => batches.push(b), {
      watchFactory: (path: string, options: ChokidarOptions) => {
        const w = watch(path, options)
        started.push({ path, polling: options.usePolling === true })
        if (path === limited && !options.usePolling) {
          w.once('ready', () =>
            w.emit('error', Object.assign(new Error(`${code}: injected, watch`), { code })),
          )
        }
        return w
      },
    })
    try {
      assert.ok(await waitFor(() => watcher.problems().length === 1, 5000), 'problem reported')
      const [problem] = watcher.problems()
      assert.equal(problem?.path, limited)
      assert.equal(problem?.code, code)
      assert.match(
        problem?.message ?? '',
        /limit on (watched folders|open files) is reached; this folder is checked every second instead of watched/,
      )
      assert.deepEqual(started, [
        { path: limited, polling: false },
        { path: fine, polling: false },
        { path: limited, polling: true },
      ])
      assert.ok(
        await waitFor(() => batches.some((b) => b.rootsChanged), 2000),
        'a rescan is asked for',
      )
      // Polling notices an append in the limited root (within its interval plus coalescing).
      await new Promise((r) => setTimeout(r, 300))
      const file = join(limited, '--p--', 's.jsonl')
      appendFileSync(file, '{"type":"custom"}\n')
      assert.ok(
        await waitFor(() => batches.some((b) => b.paths.has(file)), 4000),
        'append seen by polling',
      )
    } finally {
      await watcher.close()
      rmSync(base, { recursive: true, force: true })
    }
  })
}
