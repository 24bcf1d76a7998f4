/**
 * A find's counts from main (session:find-counts) agree, item by item, with what the renderer
 * counts in the same path's items sent whole (find-text.ts): on every fixture, both views, for
 * every leaf pi recorded; and a text longer than the page cut is counted whole.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadViewSource, type ViewSource } from '../../../main/api/session-view/source'
import { pathPage } from '../../../main/api/session-view/page'
import { findCounts } from '../../../main/api/session-view/find-counts'
import { TEXT_CUT } from '../../../main/api/session-view/cut-text'
import { countMatches, findPattern, itemText } from '../../../preload/contract/find-text'
import { expectedFiles, idMapper } from './expected'
import { headerLine, messageLine } from '../../helpers/append'
import { tempDir } from '../../helpers/temp'

/** pi never returns from these (cycles): no leaf recorded. */
const NON_TERMINATING = [
  'damaged-parent-cycle',
  'damaged-self-parent',
  'damaged-duplicate-id-self-chain',
]

/** Finds of a letter, a word, a phrase across words, and nothing at all. */
const TEXTS = ['e', 'the', 'tool call', 'zq#xv']

/** Each item's count as the renderer makes it, from the path's pages sent whole. */
async function countedPage(
  source: ViewSource,
  entryId: string,
  raw: boolean,
  text: string,
): Promise<number[]> {
  const pattern = findPattern(text) as RegExp
  const counts: number[] = []
  for (let offset = 0; ;) {
    const page = await pathPage(source, new Map(), {
      entryId,
      raw,
      offset,
      limit: 500,
      whole: true,
    })
    for (const item of page.items) counts.push(countMatches(itemText(item), pattern))
    offset += page.items.length
    if (offset >= page.total || page.items.length === 0) return counts
  }
}

for (const file of expectedFiles(NON_TERMINATING)) {
  test(`a find's counts from main are the renderer's, item by item: ${file.scenario} (${file.rel.split('/').pop()?.slice(0, 24)})`, async () => {
    const source = await loadViewSource(file.path)
    const map = idMapper(
      file,
      source.entries.map((e) => (typeof e.id === 'string' ? e.id : '')),
    )
    for (const leaf of Object.keys(file.byLeaf)) {
      const entryId = map(leaf)
      if (!source.byId.has(entryId)) continue
      for (const raw of [false, true]) {
        for (const text of TEXTS) {
          const { counts } = await findCounts(source, new Map(), { entryId, raw, text })
          assert.deepEqual(
            counts,
            await countedPage(source, entryId, raw, text),
            `${leaf} ${raw ? 'raw' : 'context'} "${text}"`,
          )
        }
      }
    }
  })
}

test('a text longer than the page cut is counted whole', async (t) => {
  const at = '2026-03-01T10:00:00.000Z'
  const long = Array.from({ length: 30_000 }, (_, i) => `ligne ${i} tide`).join('\n')
  assert.ok(long.length > TEXT_CUT)
  const dir = tempDir(t, 'pi-sessions-find-counts-')
  const path = join(dir, 'long.jsonl')
  writeFileSync(
    path,
    [
      headerLine('019d0000-0000-7000-8000-00000000f1nd', at, '/tmp/p'),
      messageLine('e0', null, 'user', 'high tide?', at),
      messageLine('e1', 'e0', 'assistant', long, at),
    ].join('\n') + '\n',
  )
  const source = await loadViewSource(path)
  const { counts } = await findCounts(source, new Map(), { entryId: 'e1', text: 'TIDE' })
  assert.deepEqual(counts, [1, 30_000])
})
