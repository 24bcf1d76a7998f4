/**
 * Odd usage values (a negative cost, a count that is not a number) count 0 wherever usage is
 * added up (session/usage.ts): a library row, the session view's header and Insights agree.
 * The expected figures are the sample usage (900 input, 120 output, $0.0045) of the messages
 * whose values are sound, read off the session written below.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { usageOverTime } from '../../../main/insights'
import { localViewCore } from '../../../main/api/session-view/core'
import { SessionManager, usageCounts, type Usage } from '../../../main/session/index.js'
import { assistant, usage, user } from '../session/samples.js'
import { allRows } from '../../helpers/library'
import { openLibraryOf, round, scopeOf } from './helpers'

test('a count below zero or not a number counts 0', () => {
  assert.deepEqual(
    usageCounts({
      input: -5,
      output: 'x',
      cacheRead: 7,
      cacheWrite: Infinity,
      cost: { total: -3 },
    }),
    { input: 0, output: 0, cacheRead: 7, cacheWrite: 0, totalTokens: 0, cost: 0 },
  )
  assert.equal(usageCounts(null), null)
  assert.equal(usageCounts('usage'), null)
})

test('a session with a negative cost: the library row, the session view and Insights agree', async () => {
  const lib = await openLibraryOf([])
  try {
    const manager = SessionManager.create(
      '/work/odd-usage',
      `${lib.sessionsDir}/--work-odd-usage--`,
    )
    manager.appendMessage(user('go'))
    manager.appendMessage(assistant('one'))
    const odd = { ...usage, input: -100, cost: { ...usage.cost, total: -3 } } as Usage
    manager.appendMessage(assistant('two', { usage: odd }))
    manager.appendMessage(assistant('three'))
    await lib.library.refresh()
    await lib.library.whenIdle()
    const row = allRows(lib.library)[0]
    assert.ok(row)
    // Two sound messages and the odd one's sound counts (output 120).
    assert.equal(round(row.cost), 0.009)
    const result = lib.read((db) =>
      usageOverTime(db, { scope: scopeOf('UTC'), period: 'day', stackBy: 'model' }),
    )
    assert.equal(round(result.cells.reduce((sum, c) => sum + c.cost, 0)), 0.009)
    assert.equal(
      result.cells.reduce((sum, c) => sum + c.input, 0),
      1800,
    )
    const path = manager.getSessionFile() as string
    const file = { id: 's', path, fileName: 'odd.jsonl', size: 0 }
    const view = await localViewCore().call('session:open', file, { sessionId: 's' } as never)
    assert.equal(round(view.stats.usage.cost), 0.009)
    assert.equal(view.stats.usage.input, 1800)
    assert.equal(view.stats.usage.output, 360)
  } finally {
    await lib.close()
  }
})
