/**
 * Live follow while the rows of an open are built (pi started a new branch, and its rows are
 * laid out in the new order): what pi appends on its leaf is read at once, without waiting for
 * the build, and the build adds it to its rows as a fresh open of the file has them.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { catchUp, growSource } from '../../../main/api/session-view/grow'
import { buildOverview, type OpenedMemo } from '../../../main/api/session-view/overview'
import { loadViewSource, stampOf } from '../../../main/api/session-view/source'
import { appendAfterLast, userEntry } from '../../helpers/append'
import { libraryWithSession } from '../../helpers/library'

test(
  'entries pi appends while the rows are built are read at once, and the build adds them as a fresh open has them',
  { timeout: 20_000 },
  async (t) => {
    const { path } = await libraryWithSession(t, 'pi-sessions-follow-build-', 'plain-chat')
    const source = await loadViewSource(path)
    const entries = source.entries.length
    // The build covers the entries loaded when it begins.
    const building = buildOverview(source, 'session', 'file.jsonl')
    // Another build of the view, not done (here: never).
    const pending: OpenedMemo = { built: new Promise(() => undefined), view: null }
    appendAfterLast(path, userEntry('feed0001', 'pi answers'))
    appendAfterLast(path, userEntry('feed0002', 'and goes on'))
    const growth = await growSource(source, pending, await stampOf(path))
    assert.deepEqual(growth, { kind: 'grown', entries: 2 })
    assert.deepEqual(
      source.entries.slice(entries).map((e) => e.id),
      ['feed0001', 'feed0002'],
    )
    const built = await building
    assert.equal(built.rowCount, entries, 'the build saw the entries of its start')
    assert.equal(catchUp(built, source), true)
    const fresh = await buildOverview(await loadViewSource(path), 'session', 'file.jsonl')
    assert.deepEqual(built.rows, fresh.rows)
    const facts = ({ leafId, leafPos, rowCount, size, stats, name, resumeNote }: typeof fresh) => ({
      leafId,
      leafPos,
      rowCount,
      size,
      stats,
      name,
      resumeNote,
    })
    assert.deepEqual(facts(built), facts(fresh))
  },
)
