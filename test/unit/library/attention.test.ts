/**
 * Sessions that need attention (files pi's list would not show, sessions without a user
 * message) come after the others when a query asks for it, in every sort, each group in the
 * sort's own order; without the option the sorts stay as they are.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { QueryRow, SessionQuery } from '../../../preload/contract/library'
import { SessionLibrary } from '../../../main/library/library'
import { openFixtureLibrary, query } from '../../helpers/library'

let library: SessionLibrary
let close: () => Promise<void>

before(async () => {
  ;({ library, close } = await openFixtureLibrary())
})
after(() => close())

const run = (q: Partial<SessionQuery>) => library.query({ ...query(), ...q }).rows

/** What the rule says, from the row's own facts (the contract's `attention`). */
const needsAttention = (r: QueryRow) => !r.listedByPi || r.userMessageCount === 0

test('rows say whether they need attention, by pi’s listing and their user messages', () => {
  const rows = run({})
  assert.ok(rows.some((r) => r.attention) && rows.some((r) => !r.attention))
  for (const r of rows) assert.equal(r.attention, needsAttention(r), r.fileName)
  const unreadable = rows.find((r) => r.status === 'unreadable')
  assert.equal(unreadable?.attention, true)
})

test('attentionLast puts them after the others in every sort, each group sorted', () => {
  for (const sort of ['recent', 'created', 'name', 'size', 'cost', 'threaded'] as const) {
    const plain = run({ sort })
    const grouped = run({ sort, attentionLast: true })
    assert.equal(grouped.length, plain.length, sort)
    const flags = grouped.map((r) => r.attention)
    const first = flags.indexOf(true)
    assert.ok(first > 0, `${sort}: healthy sessions first`)
    assert.ok(!flags.slice(first).includes(false), `${sort}: nothing healthy after them`)
    if (sort === 'threaded') continue
    // Within each group, the sort's own order (the plain order, filtered).
    const ids = (rows: QueryRow[], attention: boolean) =>
      rows.filter((r) => r.attention === attention).map((r) => r.id)
    assert.deepEqual(ids(grouped, false), ids(plain, false), sort)
    assert.deepEqual(ids(grouped, true), ids(plain, true), sort)
  }
})

test('a search with attentionLast ranks the healthy matches first', () => {
  const rows = run({ text: 'question', sort: 'relevance', attentionLast: true })
  const flags = rows.map((r) => r.attention)
  assert.ok(flags.includes(true) && flags.includes(false))
  assert.ok(!flags.slice(flags.indexOf(true)).includes(false))
})
