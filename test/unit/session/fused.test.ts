/**
 * Glued records: every complete record on a line where writes were glued together is
 * recovered, and the diagnostic says how much was lost (pi spec 6.1).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { parseSessionText } from '../../../main/session/index.js'

const header = JSON.stringify({ type: 'session', version: 3, id: 'h', timestamp: 't', cwd: '/x' })
const entry = (id: string, parentId: string | null, text = `text of ${id}`) =>
  JSON.stringify({
    type: 'message',
    id,
    parentId,
    timestamp: '2026-01-05T14:00:00.000Z',
    message: { role: 'user', content: [{ type: 'text', text }], timestamp: 1 },
  })

describe('glued records', () => {
  it('three records glued on one line are all recovered', () => {
    const line = entry('a', null) + entry('b', 'a') + entry('c', 'b')
    const parsed = parseSessionText(`${header}\n${line}\n`)
    assert.deepEqual(
      parsed.entries.map((e) => e.id),
      ['a', 'b', 'c'],
    )
    assert.equal(parsed.diagnostics.length, 1)
    assert.equal(parsed.diagnostics[0]?.kind, 'fused-lines')
    assert.match(
      parsed.diagnostics[0]?.message ?? '',
      /^3 complete record\(s\) recovered.*nothing lost$/,
    )
  })

  it('a torn record before complete ones: the complete ones are kept, the loss is counted', () => {
    const torn = entry('t', null).slice(0, 70)
    const line = entry('a', null) + torn + entry('b', 'a') + entry('c', 'b')
    const parsed = parseSessionText(`${header}\n${line}\n`)
    assert.deepEqual(
      parsed.entries.map((e) => e.id),
      ['a', 'b', 'c'],
    )
    const d = parsed.diagnostics.find((x) => x.kind === 'fused-lines')
    assert.match(d?.message ?? '', /3 complete record\(s\).*70 characters of 1 incomplete record/)
  })

  it('complete records followed by a torn one at the end of the line', () => {
    const line = entry('a', null) + entry('b', 'a') + entry('t', 'b').slice(0, 50)
    const parsed = parseSessionText(`${header}\n${line}`)
    assert.deepEqual(
      parsed.entries.map((e) => e.id),
      ['a', 'b'],
    )
    assert.match(parsed.diagnostics[0]?.message ?? '', /2 complete record\(s\).*50 characters/)
  })

  it('a torn record ending in a content block is not mistaken for an entry', () => {
    const full = entry('t', null, 'hi')
    const cut = full.slice(0, full.indexOf('}]') + 1)
    const parsed = parseSessionText(`${header}\n${cut}\n`)
    assert.deepEqual(parsed.entries, [])
    assert.deepEqual(
      parsed.diagnostics.map((d) => d.kind),
      ['malformed-json'],
    )
  })

  it('braces and quotes inside strings do not split a record', () => {
    const line = entry('a', null, 'odd "}{" text {"type":') + entry('b', 'a', '\\"}')
    const parsed = parseSessionText(`${header}\n${line}\n`)
    assert.deepEqual(
      parsed.entries.map((e) => e.id),
      ['a', 'b'],
    )
  })
})
