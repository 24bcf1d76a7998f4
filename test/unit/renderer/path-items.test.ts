/**
 * The transcript's loaded path items (renderer/src/state/path-state.ts): beyond the store's
 * limit, the items nearest the viewport and the chunk that just arrived are kept, so a find
 * reading a long path in the background never drops the items on screen; an entry sent again
 * cut keeps the whole texts it had.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { isCut, keptWhole, trimItems } from '../../../renderer/src/state/path-state'
import type { PathItem } from '../../../preload/contract/session-view'

const loaded = (first: number, last: number) => {
  const items = new Map<number, PathItem>()
  for (let i = first; i <= last; i++) items.set(i, { id: `e${i}` } as PathItem)
  return items
}

test('items within the limit are all kept', () => {
  const items = loaded(0, 2999)
  trimItems(items, [[2900, 2999]], 3000)
  assert.equal(items.size, 3000)
})

test('beyond the limit, the items nearest the viewport and the arriving chunk are kept', () => {
  // The reader looks at items 0-40 while a find's read brings items 3000-3099.
  const items = loaded(0, 3099)
  trimItems(
    items,
    [
      [0, 40],
      [3000, 3099],
    ],
    3000,
  )
  assert.equal(items.size, 1500)
  for (let i = 0; i <= 40; i++) assert.ok(items.has(i), `viewport item ${i}`)
  for (let i = 3000; i <= 3099; i++) assert.ok(items.has(i), `arrived item ${i}`)
  // The farthest from both go first: the middle of the path.
  assert.equal(items.has(1550), false)
  const kept = [...items.keys()]
  const far = (i: number) => Math.min(Math.abs(i - 40), Math.abs(i - 3000))
  const dropped = [...loaded(0, 3099).keys()].filter((i) => !items.has(i))
  assert.ok(Math.max(...kept.map(far)) <= Math.min(...dropped.map(far)))
})

test('an entry sent again cut keeps the whole texts it had, and what else is new', () => {
  const whole = 'line\n'.repeat(50_000)
  const sent = whole.slice(0, 200_000)
  const cut = { chars: whole.length - sent.length, lines: 10_000 }
  const assistant = (text: string, withCut: boolean, result?: boolean): PathItem =>
    ({
      id: 'a1',
      pos: 4,
      body: {
        kind: 'assistant',
        content: [
          { type: 'text', text, ...(withCut ? { cut } : {}) },
          {
            type: 'toolCall',
            id: 't1',
            name: 'bash',
            args: '{}',
            ...(result ? { result: { pos: 5, isError: false } } : {}),
          },
        ],
      },
    }) as PathItem
  // Live follow sends the entry again, cut, now with its tool call's result.
  const kept = keptWhole(assistant(whole, false), assistant(sent, true, true))
  assert.deepEqual(kept, assistant(whole, false, true))
  assert.equal(isCut(kept), false)
  // Another entry at that index, or an item that was cut too: the fresh one as sent.
  const other = { ...assistant(sent, true), pos: 9 }
  assert.equal(keptWhole(assistant(whole, false), other), other)
  const fresh = assistant(sent, true)
  assert.equal(keptWhole(assistant(sent, true), fresh), fresh)
  // A context edit replaced what the model sees of it since: its texts as sent now.
  const replaced = { ...assistant(sent, true), edited: 'replaced' } as PathItem
  assert.equal(keptWhole(assistant(whole, false), replaced), replaced)
  // A command's output likewise.
  const bash = (output: string, outputCut?: typeof cut): PathItem =>
    ({
      id: 'b1',
      pos: 6,
      body: { kind: 'bash', command: 'ls', output, ...(outputCut ? { outputCut } : {}) },
    }) as PathItem
  assert.deepEqual(keptWhole(bash(whole), bash(sent, cut)), bash(whole))
})
