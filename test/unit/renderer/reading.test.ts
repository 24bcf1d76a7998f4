/**
 * Reading helpers of the renderer: unknown dates read "—" everywhere (never an age from the
 * epoch), compact ages as pi's picker writes them, titles of sessions without a first
 * message, and the text a message's copy button copies.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  age,
  clipped,
  clock,
  counted,
  day,
  UNKNOWN_DATE,
  when,
} from '../../../renderer/src/components/format'
import { oneLine, rowTitle } from '../../../renderer/src/features/library/format'
import { messageText } from '../../../renderer/src/features/session-view/message-text'

test('an unknown date reads — in every form, never an age counted from 1970', () => {
  for (const ms of [null, undefined, 0, Number.NaN, -5]) {
    assert.equal(age(ms), UNKNOWN_DATE)
    assert.equal(when(ms), UNKNOWN_DATE)
    assert.equal(clock(ms), '')
    assert.equal(day(ms), '')
  }
  assert.equal(UNKNOWN_DATE, '—')
})

test('ages follow pi’s picker: now, minutes, hours, days, weeks, months, years', () => {
  const now = Date.UTC(2026, 11, 1, 12)
  const ago = (minutes: number) => age(now - minutes * 60_000, now)
  assert.equal(ago(0.5), 'now')
  assert.equal(ago(5), '5m')
  assert.equal(ago(3 * 60), '3h')
  assert.equal(ago(2 * 24 * 60), '2d')
  assert.equal(ago(8 * 24 * 60), '1w')
  assert.equal(ago(65 * 24 * 60), '2mo')
  assert.equal(ago(400 * 24 * 60), '1y')
  assert.match(day(now), /2026/)
})

test('counts read in the singular for one, and long link text is cut with an ellipsis', () => {
  assert.equal(counted(1, 'msg'), '1 msg')
  assert.equal(counted(0, 'msg'), '0 msgs')
  assert.equal(counted(12_345, 'entry', 'entries'), '12,345 entries')
  assert.equal(counted(1, 'entry', 'entries'), '1 entry')
  assert.equal(clipped('abcdef', 3), 'abc…')
  assert.equal(clipped('abc', 3), 'abc')
})

test('a title shows as the text it is: line breaks and bidi overrides become spaces', () => {
  assert.equal(oneLine('Fix\nthe\tbuild'), 'Fix the build')
  // U+202E would display "edirrevo LTR" for "RTL override"; U+2066..2069 isolate like it.
  assert.equal(oneLine('\u202eRTL override\u202c'), 'RTL override')
  assert.equal(oneLine('a\u2067b\u2069c'), 'a b c')
  // Hebrew and Arabic text itself is untouched: only the invisible controls go.
  assert.equal(oneLine('שלום עולם'), 'שלום עולם')
})

test('a session without messages is titled by its project folder or its file', () => {
  const row = {
    name: null,
    firstMessage: '(no messages)',
    cwd: '/home/ayla/sandbox/damaged',
    fileName: 'a.jsonl',
    status: 'ok',
  }
  assert.equal(rowTitle(row), 'Empty session in damaged')
  assert.equal(rowTitle({ ...row, cwd: null, status: 'ok' }), 'Empty session a.jsonl')
  assert.equal(rowTitle({ ...row, cwd: null, status: 'damaged' }), 'Damaged file a.jsonl')
  assert.equal(rowTitle({ ...row, status: 'unreadable' }), 'Unreadable file a.jsonl')
  assert.equal(rowTitle({ ...row, firstMessage: 'hello\nthere' }), 'hello there')
  assert.equal(rowTitle({ ...row, firstMessage: '' }), '(empty message)')
  assert.equal(rowTitle({ ...row, name: 'Named' }), 'Named')
})

test('copying a message takes its text blocks, a bash run its command and output', () => {
  assert.equal(
    messageText({
      kind: 'user',
      content: [
        { type: 'text', text: 'first' },
        { type: 'image', mimeType: 'image/png', bytes: 3, pos: 1, index: 1 },
        { type: 'text', text: 'second' },
      ],
    } as never),
    'first\n\nsecond',
  )
  assert.equal(messageText({ kind: 'bash', command: 'ls', output: 'a\nb' } as never), '$ ls\na\nb')
  assert.equal(messageText({ kind: 'user', content: [] } as never), null)
  assert.equal(messageText({ kind: 'label', targetId: 'x', label: 'y' } as never), null)
  // White space alone is nothing to copy, unless the text goes on past what a page sent.
  const blank = ' \n'.repeat(3)
  assert.equal(
    messageText({ kind: 'user', content: [{ type: 'text', text: blank }] } as never),
    null,
  )
  const cut = { type: 'text', text: blank, cut: { chars: 5, lines: 0 } }
  assert.equal(messageText({ kind: 'assistant', content: [cut] } as never), blank)
})
