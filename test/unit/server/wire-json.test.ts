/**
 * The JSON texts the session view sends (preload/contract/wire.ts `wireJson`): a few
 * characters above U+00FF are escaped, so the text stays at one byte per character, also a
 * tree page's text once the reply around it is parsed; text where they are many is sent as
 * JSON.stringify writes it. Either way JSON.parse gives the value back unchanged.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { encodeJsonReply } from '../../../main/api/json-reply'
import { encodeTreeRows, treeRowsOf } from '../../../preload/contract/session-live'
import type { TreeRow } from '../../../preload/contract/session-view'
import { openEnvelope, wireJson } from '../../../preload/contract/wire'

/** Whether every UTF-16 code unit of `text` is at most U+00FF. */
const oneByte = (text: string) => [...text].every((c) => c.charCodeAt(0) <= 0xff)

const english = 'Let me check the parser before we change it. '.repeat(40)

test('a few characters above U+00FF are escaped; the value reads back unchanged', () => {
  const value = { text: `${english}→ done… 🙂`, name: 'naïve café' }
  const text = wireJson(value)
  assert.ok(oneByte(text), text.slice(-80))
  assert.match(text, /\\u2192 done\\u2026 \\ud83d\\ude42/)
  // Latin-1 characters take one byte as they are: left alone.
  assert.match(text, /naïve café/)
  assert.deepEqual(JSON.parse(text), value)
})

test('text with many characters above U+00FF is written as JSON.stringify writes it', () => {
  for (const value of [
    { text: '日本語のテキストです。'.repeat(50) },
    { text: 'Müşteri Paneli: ğışİŞ çöü '.repeat(50) },
    // Just over one in 64 characters.
    { text: `${'a'.repeat(60)}→`.repeat(20) },
  ]) {
    assert.equal(wireJson(value), JSON.stringify(value))
  }
})

test('text with none is written as JSON.stringify writes it; undefined stays undefined', () => {
  for (const value of [{ a: 'plain', b: [1, null, true] }, 'naïve', 0, null])
    assert.equal(wireJson(value), JSON.stringify(value))
  assert.equal(wireJson(undefined), undefined)
  assert.equal(encodeJsonReply(undefined).bytes.length, 4)
})

test('a tree page embedded in a reply stays one byte per character once the reply is parsed', () => {
  const rows: TreeRow[] = [
    {
      id: 'a1',
      pos: 0,
      parentPos: -1,
      type: 'message',
      role: 'user',
      head: 'user:',
      text: `${english}→`,
      time: null,
      line: 2,
    },
    {
      id: 'b2',
      pos: 1,
      parentPos: 0,
      type: 'label',
      head: '[label]',
      text: '',
      label: '✓ shipped',
      time: 1,
      line: 3,
    },
  ]
  const page = encodeTreeRows(rows)
  const reply = encodeJsonReply({ revision: 3, rows: page }).bytes
  const outer = new TextDecoder().decode(reply)
  assert.ok(oneByte(outer))
  const opened = openEnvelope({ ok: true, json: reply }) as { ok: true; value: { rows: string } }
  assert.ok(oneByte(opened.value.rows), 'the page text after the reply is parsed')
  assert.deepEqual(treeRowsOf(opened.value), rows)
})
