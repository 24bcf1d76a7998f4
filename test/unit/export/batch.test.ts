/**
 * Batch export: 200 generated sessions into one zip and into a folder, streamed one session at
 * a time (peak memory printed and bounded), every session in the zip, and a cancel that leaves
 * no partial file behind (no zip, no temp file, only complete files in the folder).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import yauzl from 'yauzl'
import { runBatch, type BatchItem, type BatchOptions } from '../../../main/export/batch.js'
import { SessionManager } from '../../../main/session/index.js'
import { assistant, user } from '../session/samples.js'

const SESSIONS = 200
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const mb = (bytes: number) => (bytes / 1e6).toFixed(1)
let dir: string
let items: BatchItem[]
let sourceBytes = 0

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-export-batch-'))
  mkdirSync(join(dir, 'sessions'))
  items = Array.from({ length: SESSIONS }, (_, n) => {
    const path = generated(join(dir, 'sessions'), n)
    sourceBytes += statSync(path).size
    return { sessionId: n.toString(16).padStart(16, '0'), path, fileName: `session-${n}.md` }
  })
})
after(() => rmSync(dir, { recursive: true, force: true }))

/** A session of 40 turns with about 200 KB of text and code (written by our SessionManager). */
function generated(folder: string, n: number): string {
  const manager = SessionManager.create('/home/u/p', folder)
  for (let i = 0; i < 40; i++) {
    const text = `Turn ${i} of session ${n}.\n\n\`\`\`ts\nconst x = ${i}\n\`\`\`\n${'lorem ipsum '.repeat(400)}`
    manager.appendMessage(i % 2 === 0 ? user(text) : assistant(text))
  }
  return manager.getSessionFile() as string
}

function options(target: string, overrides: Partial<BatchOptions> = {}): BatchOptions {
  return {
    export: { format: 'markdown', redact: true, home: '/home/u', images: 'inline' },
    packaging: 'zip',
    target,
    signal: new AbortController().signal,
    ...overrides,
  }
}

function zipNames(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const names: string[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on('end', () => resolve(names))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

describe('batch export', () => {
  it(`${SESSIONS} sessions into one zip with bounded memory`, async () => {
    const target = join(dir, 'all.zip')
    // One session first, so modules and compiled patterns are not counted as growth.
    await runBatch(items.slice(0, 1), options(join(dir, 'warm.zip')))
    gc()
    const start = process.memoryUsage()
    let peakRss = start.rss
    let peakHeap = start.heapUsed
    const heaps: string[] = []
    const result = await runBatch(
      items,
      options(target, {
        onProgress: (done) => {
          peakRss = Math.max(peakRss, process.memoryUsage().rss)
          // What stays reachable between sessions (after a collection) is what streaming bounds.
          if (done % 20 === 0) {
            gc()
            peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
            heaps.push(mb(process.memoryUsage().heapUsed))
          }
        },
      }),
    )
    const zipBytes = readFileSync(target).length
    const heapGrowth = peakHeap - start.heapUsed
    console.log(
      `batch: ${SESSIONS} sessions, ${mb(sourceBytes)} MB of JSONL -> zip ${mb(zipBytes)} MB; ` +
        `peak RSS ${mb(peakRss)} MB (start ${mb(start.rss)} MB), live heap +${mb(heapGrowth)} MB at most (${heaps.join(', ')})`,
    )
    assert.equal(result.status, 'done')
    assert.equal(result.failed.length, 0)
    assert.equal(result.written.length, SESSIONS)
    assert.deepEqual(result.counts, { home: SESSIONS }, 'the cwd of each session (/home/u/p)')
    assert.deepEqual((await zipNames(target)).sort(), items.map((i) => i.fileName).sort())
    // Streaming: what stays alive is about one session, not the whole batch.
    assert.ok(heapGrowth < sourceBytes / 4, `live heap grew ${heapGrowth} bytes`)
  })

  it('a cancelled zip leaves no file', async () => {
    const target = join(dir, 'cancelled.zip')
    const controller = new AbortController()
    const result = await runBatch(
      items,
      options(target, {
        signal: controller.signal,
        onProgress: (done) => done === 3 && controller.abort(),
      }),
    )
    assert.equal(result.status, 'cancelled')
    assert.equal(result.written.length, 3)
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.includes('cancelled')),
      [],
      'no zip and no temp file',
    )
  })

  it('a folder export writes one file each, keeps existing files, and cancels cleanly', async () => {
    const folder = join(dir, 'out')
    mkdirSync(folder)
    writeFileSync(join(folder, 'session-1.md'), 'mine')
    const controller = new AbortController()
    const result = await runBatch(
      items.slice(0, 10),
      options(folder, {
        packaging: 'folder',
        signal: controller.signal,
        onProgress: (done) => done === 6 && controller.abort(),
      }),
    )
    assert.equal(result.status, 'cancelled')
    assert.equal(readFileSync(join(folder, 'session-1.md'), 'utf8'), 'mine', 'not replaced')
    assert.match(result.failed[0]?.message ?? '', /session-1\.md already exists/)
    const files = readdirSync(folder).sort()
    assert.deepEqual(files, [
      'session-0.md',
      'session-1.md',
      'session-2.md',
      'session-3.md',
      'session-4.md',
      'session-5.md',
    ])
    for (const f of files.filter((f) => f !== 'session-1.md')) {
      assert.match(readFileSync(join(folder, f), 'utf8'), /Turn 39 of session/, `${f} is complete`)
    }
  })
})
