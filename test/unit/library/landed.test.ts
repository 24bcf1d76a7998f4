/**
 * A line pi is still writing (pi spec 13.2: one whole line per entry): a session file written a
 * moment ago whose last line has no newline yet is listed without that line, not as damaged; the
 * line counts once it lands. A file left quiet with an unfinished last line is damaged, and the
 * library sees it turn quiet without another write.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { LIVE_MS } from '../../../preload/contract/timing'
import { headerLine, messageLine } from '../../helpers/append'
import { query } from '../../helpers/library'
import { tempDir } from '../../helpers/temp'

const T = '2026-01-01T00:00:00.000Z'

/** A session of `count` messages in a chain, in a folder of its own under `root`. */
function session(root: string, count: number): string {
  const lines = [headerLine('s1', T, '/w')]
  for (let i = 0; i < count; i++)
    lines.push(
      messageLine(`m${i}`, i ? `m${i - 1}` : null, i % 2 ? 'assistant' : 'user', `${i}`, T),
    )
  const file = join(root, 'landing.jsonl')
  writeFileSync(file, lines.join('\n') + '\n')
  return file
}

/** A line of a message entry of about 150 KB: longer than one backward read (64 KB). */
const longLine = (id: string, parent: string) =>
  messageLine(id, parent, 'user', 'long words '.repeat(14_000), T) + '\n'

/** Sets the file's times a minute back: pi has left it. */
const quiet = (file: string) =>
  utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))

/** Waits (up to LIVE_MS and 5 s) for the row to turn damaged. @returns the ms it took */
async function untilDamaged(row: () => { status: string }): Promise<number> {
  const start = Date.now()
  while (Date.now() - start < LIVE_MS + 5_000 && row().status !== 'damaged')
    await new Promise((resolve) => setTimeout(resolve, 200))
  return Date.now() - start
}

async function started(root: string, watch = false) {
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch })
  await library.start()
  await library.whenIdle()
  const id = library.query(query()).rows[0]?.id as string
  return { library, id, row: () => library.getSummary(id) }
}

test('a last line on its way is left out, not damage; it counts once it lands', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-landed-')
  const file = session(root, 3)
  const { library, id, row } = await started(root)
  assert.equal(row().messageCount, 3)
  const line = longLine('m3', 'm2')
  const half = Math.floor(line.length / 2)
  appendFileSync(file, line.slice(0, half))
  await library.reread(id)
  assert.equal(row().status, 'ok')
  assert.equal(row().problem, null)
  assert.equal(row().messageCount, 3)
  appendFileSync(file, line.slice(half))
  await library.reread(id)
  assert.equal(row().status, 'ok')
  assert.equal(row().messageCount, 4)
  // Left unfinished in a file pi left: damage, at its true line (header, 4 messages, then it).
  appendFileSync(file, longLine('m4', 'm3').slice(0, 1000))
  quiet(file)
  await library.reread(id)
  assert.equal(row().status, 'damaged')
  assert.match(row().problem ?? '', /^Line 6: last line is incomplete/)
  await library.close()
})

test('a file first seen while a line is on its way lists its whole lines, then turns damaged', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-landed-first-')
  const file = session(root, 2)
  appendFileSync(file, longLine('m2', 'm1').slice(0, 100_000))
  const { library, row } = await started(root)
  assert.equal(row().status, 'ok')
  assert.equal(row().messageCount, 2)
  // Not watched and never written again: the scan itself reads it again once it is quiet.
  await untilDamaged(row)
  assert.equal(row().status, 'damaged')
  assert.match(row().problem ?? '', /^Line 4: last line is incomplete/)
  await library.close()
})

test('a watched file left with a line unfinished is found damaged once it turns quiet', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-landed-quiet-')
  const file = session(root, 2)
  const { library, row } = await started(root, true)
  // A whole line first, seen by the watcher: it is watching.
  const seenWhole = new Promise<void>((resolve) => {
    const stop = library.onChange(() => {
      if (row().messageCount !== 3) return
      stop()
      resolve()
    })
  })
  appendFileSync(file, messageLine('m2', 'm1', 'user', 'whole', T) + '\n')
  await seenWhole
  appendFileSync(file, messageLine('m3', 'm2', 'user', 'cut sh', T).slice(0, 40))
  const waited = await untilDamaged(row)
  assert.equal(row().status, 'damaged')
  // While pi could still be writing it, the line was not taken for damage.
  assert.ok(waited > LIVE_MS / 2, `damaged after ${waited} ms`)
  assert.match(row().problem ?? '', /^Line 5: last line is incomplete/)
  await library.close()
})
