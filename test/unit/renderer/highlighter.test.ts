/**
 * The code highlighter's warm-up: every grammar it warms highlights through the highlighter
 * messages use, one per idle callback with time enough, in order, until stopped.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  WARM_LANGUAGES,
  warmHighlighter,
  warmLanguage,
  type HighlightLanguage,
} from '../../../renderer/src/components/highlighter'

test('a warmed language is highlighted by the highlighter messages use', () => {
  // highlight.js marks `const` a keyword and `1` a number in TypeScript.
  assert.equal(
    renderToStaticMarkup(warmLanguage('typescript')),
    '<pre><code class="hljs language-typescript"><span class="hljs-keyword">const</span> x = ' +
      '<span class="hljs-number">1</span>\n</code></pre>',
  )
})

test('the warm-up takes one language per idle callback with time enough, in order', () => {
  const warmed: HighlightLanguage[] = []
  const pending: ((deadline: { timeRemaining(): number }) => void)[] = []
  warmHighlighter(
    (run) => void pending.push(run),
    (language) => warmed.push(language),
  )
  const idle = (ms: number) =>
    (pending.shift() as (typeof pending)[number])({ timeRemaining: () => ms })
  idle(5)
  assert.deepEqual(warmed, [], 'too little idle time: it waits for the next callback')
  assert.equal(pending.length, 1)
  idle(40)
  assert.deepEqual(warmed, [WARM_LANGUAGES[0]])
  while (pending.length > 0) idle(40)
  assert.deepEqual(warmed, WARM_LANGUAGES, 'each once, in order, then no more callbacks')
})

test('a stopped warm-up warms nothing more', () => {
  const warmed: HighlightLanguage[] = []
  const pending: ((deadline: { timeRemaining(): number }) => void)[] = []
  const stop = warmHighlighter(
    (run) => void pending.push(run),
    (language) => warmed.push(language),
  )
  ;(pending.shift() as (typeof pending)[number])({ timeRemaining: () => 40 })
  stop()
  while (pending.length > 0)
    (pending.shift() as (typeof pending)[number])({ timeRemaining: () => 40 })
  assert.deepEqual(warmed, [WARM_LANGUAGES[0]])
})

test('the warm-up waits while it is paused, and goes on after', () => {
  const warmed: HighlightLanguage[] = []
  const pending: ((deadline: { timeRemaining(): number }) => void)[] = []
  let paused = true
  warmHighlighter(
    (run) => void pending.push(run),
    (language) => warmed.push(language),
    () => paused,
  )
  const idle = () => (pending.shift() as (typeof pending)[number])({ timeRemaining: () => 40 })
  idle()
  idle()
  assert.deepEqual(warmed, [], 'paused: nothing compiled in either idle callback')
  assert.equal(pending.length, 1, 'it asked for the next idle callback')
  paused = false
  idle()
  assert.deepEqual(warmed, [WARM_LANGUAGES[0]])
})
