/**
 * Marks in rendered markdown stand where the source's matches stand (markdown-marks.ts): a
 * find counts the matches of a text's markdown source and finds its current one among the
 * marks by their order, so each source match the rendering does not show (a link's address, a
 * code fence's language, an image, a reference definition) is counted by a hidden element in
 * its place, and every later mark stays on its own match.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as React from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { rehypeHighlighter } from '../../../renderer/src/components/highlighter'
import { rehypeMarks } from '../../../renderer/src/components/markdown-marks'
import { BlockedImage } from '../../../renderer/src/components/markdown-image'
import {
  MARKS_PER_TEXT,
  MarksContext,
  findPattern,
  matchRanges,
} from '../../../renderer/src/components/marks'

/** `text` rendered as the transcript renders markdown, a find for `word` marked. */
function render(text: string, word: string): string {
  // The test runner compiles the renderer's JSX for the classic runtime: React in scope.
  ;(globalThis as { React?: unknown }).React = React
  const marks = { pattern: findPattern(word) as RegExp, className: 'find-match' }
  return renderToStaticMarkup(
    React.createElement(
      MarksContext.Provider,
      { value: marks },
      ReactMarkdown({
        children: text,
        remarkPlugins: [remarkGfm],
        rehypePlugins: [...(rehypeHighlighter ?? []), rehypeMarks(marks)],
        components: { img: BlockedImage },
      }),
    ),
  )
}

/**
 * The marks and hidden counts of `html` in order: 'M' per mark, 'H' per match a hidden element
 * counts.
 */
function units(html: string): string {
  let out = ''
  for (const m of html.matchAll(/<mark[^>]*>|data-unmarked-matches="(\d+)"/g))
    out += m[1] === undefined ? 'M' : 'H'.repeat(Number(m[1]))
  return out
}

test('each match of the source is a mark where the rendering shows it, else counted in its place', () => {
  const text = [
    'See [the docs](https://python.org/doc "python title") and <b>python</b> &amp; python',
    '',
    '```python',
    'import python',
    '```',
    '',
    '![python img](http://x/python.png)',
    '',
    '[ref]: http://python.org',
    '',
    'last `python` here',
  ].join('\n')
  const html = render(text, 'python')
  // The source's matches in order: the link's address and title (not shown), the words of
  // the paragraph, the fence's language (not shown), the code's word, the image's alt text
  // and address (shown by the image's placeholder), the reference's address, the last word.
  assert.equal(units(html), 'HHMMHMMMHM')
  assert.equal(units(html).length, matchRanges(text, findPattern('python') as RegExp).length)
  // Marks on the shown words: the bold's (raw HTML, shown as text), the paragraph's, the
  // code's, the image's two, the last.
  assert.equal(html.match(/<mark[^>]*>python<\/mark>/g)?.length, 6)
  assert.match(html, /\[image: <mark class="find-match">python<\/mark> img\]/)
  assert.match(html, /<code>http:\/\/x\/<mark class="find-match">python<\/mark>\.png<\/code>/)
  assert.match(html, /&lt;b&gt;<mark class="find-match">python<\/mark>&lt;\/b&gt;/)
  assert.doesNotMatch(html, /<b>/, 'raw HTML stays text')
  assert.match(html, /import<\/span> <mark class="find-match">python<\/mark>/)
})

test('an entity\u2019s name matches in the source only: counted where the entity stands', () => {
  assert.equal(units(render('one amp, then &amp; and amp', 'amp')), 'MHM')
})

test('past the 2,000 marks of a document, the rest of its matches are counted at its end', () => {
  const text = `[word](http://word.example)\n\n${'word '.repeat(2500)}`
  const html = render(text, 'word')
  // The link's text and address (the address hidden), then the paragraph's words.
  assert.equal(units(html), `MH${'M'.repeat(MARKS_PER_TEXT - 1)}${'H'.repeat(501)}`)
})

test('an escaped character and the indentation markdown drops keep the marks on their own matches', () => {
  // The source's stars: the escaped two are shown, the emphasis's two are not.
  assert.equal(units(render('a \\*star\\* and *em*', '*')), 'MMHH')
  // A list item's second line: its indentation is not shown, its words are.
  assert.equal(
    units(render('- one wombat\n  two wombat [x](http://wombat.example)', 'wombat')),
    'MMH',
  )
})

test('an image whose shown words do not hold its source\u2019s matches leaves them unmarked, counted in place', () => {
  // The title is not shown: three matches in the source, two shown.
  const html = render('![wombat](http://x/wombat.png "wombat") and a wombat', 'wombat')
  assert.equal(units(html), 'HHHM')
  assert.doesNotMatch(html, /\[image: <mark/)
})
