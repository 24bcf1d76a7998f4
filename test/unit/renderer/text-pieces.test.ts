/**
 * Cutting a long text into pieces laid out one at a time (renderer logic): the pieces put
 * together are the text, none is longer than the piece size, lines stay whole where a line
 * break falls in a piece's second half, and a grapheme (a surrogate pair, a flag, an accented
 * letter) is never cut in two.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  PIECE_CHARS,
  estimatedRows,
  textPieces,
} from '../../../renderer/src/components/text-pieces'

test('a text of at most one piece stays whole', () => {
  assert.deepEqual(textPieces(''), [''])
  const text = 'a\n'.repeat(PIECE_CHARS / 2)
  assert.equal(text.length, PIECE_CHARS)
  assert.deepEqual(textPieces(text), [text])
})

test('lines of a long text stay whole: each piece ends after a line break', () => {
  const line = 'x'.repeat(79) + '\n'
  const text = line.repeat(1_000)
  const pieces = textPieces(text, 1_000)
  assert.equal(pieces.join(''), text)
  // 12 lines of 80 characters fit in 1,000: every piece is 12 lines but the last.
  assert.deepEqual(
    pieces.map((p) => p.length),
    [...Array(83).fill(960), 320],
  )
  for (const piece of pieces.slice(0, -1)) assert.ok(piece.endsWith('\n'))
})

test('a line break in the first half of a piece is passed over: the piece is cut at its size', () => {
  const text = 'ab\n' + 'y'.repeat(2_500)
  const pieces = textPieces(text, 1_000)
  assert.deepEqual(
    pieces.map((p) => p.length),
    [1_000, 1_000, 503],
  )
  assert.equal(pieces.join(''), text)
})

test('a text of words with no line break is cut after a space: no word is broken in two', () => {
  const words = ['tide', 'harbour', 'ebb', 'flood-gate', 'é']
  const text = Array.from({ length: 2_000 }, (_, i) => words[i % words.length]).join(' ')
  const pieces = textPieces(text, 1_000)
  assert.equal(pieces.join(''), text)
  for (const piece of pieces.slice(0, -1)) {
    assert.ok(piece.length <= 1_000 && piece.length > 500)
    assert.ok(piece.endsWith(' '), JSON.stringify(piece.slice(-12)))
  }
})

test('a text with no line break is cut at the size, never inside a surrogate pair', () => {
  const text = 'y'.repeat(999) + '😀'.repeat(1_000)
  const pieces = textPieces(text, 1_000)
  assert.equal(pieces.join(''), text)
  // The pair straddling character 1,000 moves whole into the next piece.
  assert.equal(pieces[0], 'y'.repeat(999))
  for (const piece of pieces) {
    assert.ok(piece.length <= 1_000)
    assert.doesNotMatch(piece, /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/)
  }
  const long = 'z'.repeat(8_000_000)
  const many = textPieces(long)
  assert.equal(many.length, Math.ceil(8_000_000 / PIECE_CHARS))
  assert.equal(many.join('').length, 8_000_000)
})

test('a text with no line break is cut at the start of a grapheme: flags, emoji sequences and accents stay whole', () => {
  for (const grapheme of ['🇹🇷', '👨‍👩‍👧‍👦', 'e\u0301']) {
    // The grapheme straddles character 1,000, where the cut would fall, between two of its
    // code points (not inside a surrogate pair).
    const before = 1_000 - Math.ceil(grapheme.length / 2)
    const text = 'y'.repeat(before) + grapheme + 'z'.repeat(2_000)
    const pieces = textPieces(text, 1_000)
    assert.equal(pieces.join(''), text)
    assert.equal(pieces[0], 'y'.repeat(before), grapheme)
    assert.ok((pieces[1] as string).startsWith(grapheme), grapheme)
  }
})

test('a piece not laid out yet is as tall as its lines wrapped at the row width', () => {
  assert.equal(estimatedRows(''), 1)
  assert.equal(estimatedRows('short\n'), 1)
  assert.equal(estimatedRows('a\n\nb'), 3)
  // 100 characters to a row until the row is measured.
  assert.equal(estimatedRows('x'.repeat(250) + '\n' + 'y'.repeat(100) + '\n'), 4)
  assert.equal(estimatedRows('x'.repeat(250) + '\n' + 'y'.repeat(100) + '\n', 60), 7)
})

test('no cut falls inside a range kept whole: it moves to the range start, or its end', () => {
  const text = 'x'.repeat(5_000)
  // The cut at 1,000 moves back to the start of [995, 2,100); that range then starts the next
  // piece, so its cut moves on to the range's end. [3,095, 3,110) moves the cut at 3,100 back.
  const pieces = textPieces(text, 1_000, [
    [995, 2_100],
    [3_095, 3_110],
    [4_500, 4_510],
  ])
  assert.equal(pieces.join(''), text)
  assert.deepEqual(
    pieces.map((p) => p.length),
    [995, 1_105, 995, 1_000, 905],
  )
})
