/**
 * Marking matched words (renderer logic): main's search patterns become one case-insensitive
 * pattern, a regex that could backtrack for long or matches empty text marks nothing, and
 * find matches are counted per path item in order; one text marks a bounded number of them.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as React from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Element, Root } from 'hast'
import {
  MARKS_PER_TEXT,
  Marked,
  findPattern,
  matchRanges,
  searchPattern,
} from '../../../renderer/src/components/marks'
import { rehypeMarks } from '../../../renderer/src/components/markdown-marks'
import {
  FindTally,
  type FindMatch,
  type FindMatches,
} from '../../../renderer/src/features/find/matches'
import type { PathItem } from '../../../preload/contract/session-view'

test('search patterns mark every word, case-insensitively', () => {
  const pattern = searchPattern(['tide', 'exact phrase'])
  assert.ok(pattern)
  assert.deepEqual(matchRanges('Tide and an EXACT phrase, tide', pattern), [
    [0, 4],
    [12, 24],
    [26, 30],
  ])
})

test('patterns that backtrack or match empty text mark nothing', () => {
  assert.equal(searchPattern(['(a+)+b']), null)
  assert.equal(searchPattern(['(x)\\1']), null)
  assert.equal(searchPattern(['a*']), null)
  assert.equal(searchPattern([]), null)
  // A literal that only looks like one is still marked (main escapes words).
  assert.ok(searchPattern(['\\(a\\+\\)\\+']))
})

/** Every match of `matches`, in order, one by one. */
const listed = (matches: FindMatches): (FindMatch | undefined)[] =>
  Array.from({ length: matches.count }, (_, k) => matches.at(k))

/** A user message as a path item, with `text` as its one text block. */
const userItem = (id: string, text: string): PathItem => ({
  id,
  pos: 0,
  line: 1,
  type: 'message',
  time: null,
  inContext: true,
  body: { kind: 'user', content: [{ type: 'text', text }] },
})

test('a find matches its text literally and counts matches per item in path order', () => {
  const pattern = findPattern('a.b')
  assert.ok(pattern)
  const items = new Map([
    [3, userItem('a.b and A.B', 'a.b and A.B')],
    [1, userItem('axb is no match, a.b is', 'axb is no match, a.b is')],
  ])
  const tally = new FindTally(pattern as RegExp)
  tally.add(items)
  assert.deepEqual(listed(tally.matches()), [
    { index: 1, nth: 0 },
    { index: 3, nth: 0 },
    { index: 3, nth: 1 },
  ])
  assert.equal(findPattern('  '), null)
})

test('a find tally counts items as they come, and keeps their counts once they are dropped', () => {
  const tally = new FindTally(findPattern('tide') as RegExp)
  const low = userItem('c', 'low tide')
  tally.add(
    new Map([
      [0, userItem('a', 'tide and Tide')],
      [1, userItem('b', 'calm')],
    ]),
  )
  // The store dropped items 0-1 and holds 2-3 now: the counts of 0-1 stay.
  tally.add(
    new Map([
      [2, low],
      [3, userItem('d', 'none')],
    ]),
  )
  assert.equal(tally.scanned, 4)
  assert.deepEqual(listed(tally.matches()), [
    { index: 0, nth: 0 },
    { index: 0, nth: 1 },
    { index: 2, nth: 0 },
  ])
  // Item 0 fetched again with other text (live follow refreshes the path's last items).
  tally.add(new Map([[0, userItem('a', 'no more')]]))
  assert.deepEqual(listed(tally.matches()), [{ index: 2, nth: 0 }])
  // The same items again: nothing is counted twice, and the list stays the same array.
  const list = tally.matches()
  const version = tally.version
  tally.add(new Map([[2, low]]))
  assert.equal(tally.version, version)
  assert.equal(tally.matches(), list)
})

test('one text marks its first 2,000 matches, and keeps every character', () => {
  // The test runner compiles the renderer's JSX for the classic runtime: React in scope.
  ;(globalThis as { React?: unknown }).React = React
  // A 12 MB message shown whole held millions of matches: as many marks froze the window.
  const text = 'word '.repeat(10_000)
  const marks = { pattern: findPattern('word') as RegExp, className: 'find-match' }
  const html = renderToStaticMarkup(React.createElement(Marked, { text, marks }))
  assert.equal(MARKS_PER_TEXT, 2000)
  assert.equal(html.split('<mark').length - 1, MARKS_PER_TEXT)
  assert.equal(html.replace(/<[^>]+>/g, ''), text)
  // After the marks, how many matches have none (a find counts them all): 10,000 - 2,000.
  assert.match(html, /<span hidden="" data-unmarked-matches="8000"><\/span>$/)
  const few = renderToStaticMarkup(React.createElement(Marked, { text: 'word '.repeat(5), marks }))
  assert.doesNotMatch(few, /data-unmarked-matches/)
})

test('a markdown document marks its first 2,000 matches across its text nodes', () => {
  const paragraph = (n: number): Element => ({
    type: 'element',
    tagName: 'p',
    properties: {},
    children: [{ type: 'text', value: 'word '.repeat(n) }],
  })
  const tree: Root = { type: 'root', children: [paragraph(1500), paragraph(1500)] }
  const marks = { pattern: findPattern('word') as RegExp, className: 'find-match' }
  rehypeMarks(marks)()(tree)
  const count = (node: Root | Element): number =>
    node.children.reduce(
      (n, child) =>
        n + (child.type === 'element' ? (child.tagName === 'mark' ? 1 : 0) + count(child) : 0),
      0,
    )
  assert.equal(count(tree.children[0] as Element), 1500)
  assert.equal(count(tree.children[1] as Element), MARKS_PER_TEXT - 1500)
})

test('the k-th match of a find is its item and its order there, past the end none', () => {
  const tally = new FindTally(findPattern('ab') as RegExp)
  tally.add(
    new Map([
      [7, userItem('g', 'ab ab ab')],
      [2, userItem('c', 'ab')],
      [4, userItem('e', 'none')],
      [9, userItem('i', 'AB ab')],
    ]),
  )
  const matches = tally.matches()
  assert.equal(matches.count, 6)
  assert.deepEqual(matches.at(0), { index: 2, nth: 0 })
  assert.deepEqual(matches.at(3), { index: 7, nth: 2 })
  assert.deepEqual(matches.at(5), { index: 9, nth: 1 })
  assert.equal(matches.at(6), undefined)
  assert.equal(matches.at(-1), undefined)
  // A later page adds to the list.
  tally.add(new Map([[12, userItem('l', 'ab')]]))
  assert.equal(tally.matches().count, 7)
  assert.deepEqual(tally.matches().at(6), { index: 12, nth: 0 })
  // An earlier index counted late (a page fetched again for the reader) goes in its place.
  tally.add(new Map([[0, userItem('a', 'ab')]]))
  assert.deepEqual(listed(tally.matches()).slice(0, 2), [
    { index: 0, nth: 0 },
    { index: 2, nth: 0 },
  ])
  assert.equal(tally.matches().count, 8)
})

test("main's counts fill the indexes no item was counted at; an item counted here keeps its own", () => {
  const tally = new FindTally(findPattern('tide') as RegExp)
  // Item 1 arrived (live follow) before main's answer, which counted it as it was then.
  tally.add(new Map([[1, userItem('b', 'tide tide tide')]]))
  tally.seed([2, 1, 0, 1])
  assert.equal(tally.scanned, 4)
  assert.deepEqual(listed(tally.matches()), [
    { index: 0, nth: 0 },
    { index: 0, nth: 1 },
    { index: 1, nth: 0 },
    { index: 1, nth: 1 },
    { index: 1, nth: 2 },
    { index: 3, nth: 0 },
  ])
  // An item that arrives later is counted over main's count.
  tally.add(new Map([[3, userItem('d', 'calm')]]))
  assert.equal(tally.matches().count, 5)
})
