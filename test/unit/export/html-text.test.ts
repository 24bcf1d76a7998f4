/**
 * Plain text in the HTML export skips the Markdown parser: for every generated text the fast
 * path accepts, it gives exactly the parser's HTML, and it accepts prose while refusing text
 * with Markdown syntax.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parsedMarkdownHtml, plainParagraphs } from '../../../main/export/html-text.js'

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PIECES = [
  'word',
  'Ünïcödé',
  'ok',
  '3.5',
  '42',
  ' ',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '\n\n\n',
  ',',
  '.',
  ';',
  ':',
  '?',
  '"',
  "'",
  '(',
  ')',
  '/',
  '%',
  '$',
  '—',
  '…',
  '😀',
  '中文',
  '  ',
  '\u00a0',
  '\t',
  '*',
  '_',
  '`',
  '#',
  '>',
  '-',
  '1.',
  '2)',
  '[x]',
  '|',
  '~',
  '\\',
  '<b>',
  '&amp;',
  '!',
  '=',
  '+',
  '@',
  'http://a.b',
  'www.x.y',
  'a@b.cd',
  '\r',
  '\u0000',
  '$x$',
  '^',
  '{',
  '}',
]

test('plain text: the fast path gives exactly the parser output', () => {
  const next = random(7)
  let accepted = 0
  for (let n = 0; n < 4000; n++) {
    const parts = Math.floor(next() * 12) + 1
    let text = ''
    for (let i = 0; i < parts; i++) text += PIECES[Math.floor(next() * PIECES.length)]
    const fast = plainParagraphs(text)
    if (fast === null) continue
    accepted++
    assert.equal(fast, parsedMarkdownHtml(text), JSON.stringify(text))
  }
  assert.ok(accepted > 300, `${accepted} plain texts compared`)
})

test('prose takes the fast path; Markdown does not', () => {
  assert.equal(
    plainParagraphs('Let us add a retry.\nWith backoff, please.\n\nThanks!'),
    null,
    '"!" could start an image',
  )
  assert.equal(
    plainParagraphs('Let us add a retry.\nWith backoff, please.\n\nThanks.'),
    '<div class="md"><p>Let us add a retry.\nWith backoff, please.</p>\n<p>Thanks.</p></div>',
  )
  for (const markdown of ['**bold**', '# title', '- item', '1. first', 'a `b`', 'see http://x.y']) {
    assert.equal(plainParagraphs(markdown), null, markdown)
  }
})
