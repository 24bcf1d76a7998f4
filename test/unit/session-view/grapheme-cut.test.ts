/**
 * Every place a text is cut for display cuts at a grapheme's start (grapheme-cut.ts): a tree
 * row, a title, an unknown entry's JSON, an export's file name. A flag, an emoji sequence or a
 * letter with its accent straddling the cut goes whole to the cut-off side.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ellipsized, graphemeStart } from '../../../renderer/src/components/grapheme-cut'
import { jsonPreview, oneLine } from '../../../main/api/session-view/text'
import { exportFileName } from '../../../main/export/names'
import { contentText, formatToolCall } from '../../../main/api/session-view/row-text'

const STRADDLING = ['🇳🇴', '👩‍🔬', 'e\u0301', '😀']

test('graphemeStart moves a cut inside a grapheme to its start, and leaves a cut between graphemes', () => {
  for (const g of STRADDLING) {
    const text = `ab${g}cd`
    for (let at = 3; at < 2 + g.length; at++) assert.equal(graphemeStart(text, at), 2, g)
    assert.equal(graphemeStart(text, 2), 2, g)
    assert.equal(graphemeStart(text, 2 + g.length), 2 + g.length, g)
  }
  // Never at or before the floor: a grapheme from the floor is cut at `at`, moved out of a pair.
  assert.equal(graphemeStart('🇳🇴🇳🇴', 3, 0), 2)
  assert.equal(graphemeStart('😀😀', 1, 0), 0)
})

test('ellipsized keeps a short text and cuts a long one to at most its length, ellipsis included', () => {
  assert.equal(ellipsized('short', 5), 'short')
  assert.equal(ellipsized('longer', 5), 'long…')
  assert.equal(ellipsized('abc🇳🇴xyz', 5), 'abc…')
  assert.equal(ellipsized('abcd👩‍🔬xyz', 7), 'abcd…')
})

test('a tree row, an unknown entry and an export file name are cut at a grapheme start', () => {
  // pi cuts a row's text at 200 code units, here inside the flag: the flag goes whole.
  assert.equal(contentText(`${'r'.repeat(199)}🇳🇴 after`), 'r'.repeat(199))
  assert.equal(contentText([{ type: 'text', text: `${'r'.repeat(198)}👩‍🔬` }]), 'r'.repeat(198))
  const bash = formatToolCall({ name: 'bash', args: { command: `${'b'.repeat(49)}😀 more` } })
  assert.equal(bash, `[bash: ${'b'.repeat(49)}...]`)
  assert.equal(oneLine(`${'r'.repeat(197)}🇳🇴 after`), `${'r'.repeat(197)}…`)
  const json = jsonPreview(`${'j'.repeat(8)}😀 after`, 10)
  assert.equal(json, `"${'j'.repeat(8)}\n… (9 more characters)`)
  // 𝐀 (U+1D400) is a letter outside the BMP: two UTF-16 units the cut at 60 would split.
  const name = exportFileName(`${'t'.repeat(59)}𝐀 more`, 'abc', 'html')
  assert.equal(name, `${'t'.repeat(59)}-abc.html`)
})

test('graphemeStart agrees with the grapheme segmenter at every cut of mixed text', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  // Plain, Latin-1 and control characters beside joining ones: accents, ZWJ, flags, CR LF.
  const parts = [
    'a',
    'Z',
    ' ',
    '\r',
    '\n',
    '\r\n',
    'é',
    '\u00ad',
    '©',
    'e\u0301',
    '👩‍🔬',
    '🇳🇴',
    '1️⃣',
    '한',
    '\u0915\u094d\u0937',
  ]
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  for (let round = 0; round < 300; round++) {
    const text = Array.from({ length: 12 }, () => parts[next() % parts.length]).join('')
    const starts = new Set([...segmenter.segment(text)].map((s) => s.index))
    for (let at = 1; at < text.length; at++) {
      let expected = at
      while (!starts.has(expected)) expected--
      // A grapheme reaching back to the floor (0) is cut at `at`, out of a surrogate pair.
      if (expected === 0) continue
      assert.equal(graphemeStart(text, at), expected, JSON.stringify([text, at]))
    }
  }
})
