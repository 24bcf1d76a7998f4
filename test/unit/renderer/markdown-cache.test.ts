/**
 * The cache of rendered markdown (renderer/src/components/markdown-cache.ts): a text renders
 * once while kept, the least recently used texts go first past the budget, and a text too
 * long for the budget is rendered but not kept.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { RenderCache } from '../../../renderer/src/components/markdown-cache'

test('a kept text is not rendered again', () => {
  const cache = new RenderCache<string>(100)
  let renders = 0
  const render = (text: string) => () => `${text}#${++renders}`
  assert.equal(cache.get('hello', render('hello')), 'hello#1')
  assert.equal(cache.get('hello', render('hello')), 'hello#1')
  assert.equal(cache.get('other', render('other')), 'other#2')
  assert.equal(renders, 2)
})

test('past the budget the least recently used texts go first', () => {
  const cache = new RenderCache<string>(25)
  const ten = (c: string) => c.repeat(10)
  cache.get(ten('a'), () => 'A')
  cache.get(ten('b'), () => 'B')
  // Using "a" again makes "b" the least recently used: the third text pushes "b" out.
  cache.get(ten('a'), () => 'A again')
  cache.get(ten('c'), () => 'C')
  assert.equal(cache.size, 2)
  assert.equal(
    cache.get(ten('a'), () => 'A again'),
    'A',
  )
  assert.equal(
    cache.get(ten('b'), () => 'B again'),
    'B again',
  )
})

test('a text too long for the budget is rendered every time and pushes nothing out', () => {
  const cache = new RenderCache<string | number>(40)
  cache.get('short', () => 'S')
  let renders = 0
  const long = 'x'.repeat(21)
  cache.get(long, () => ++renders)
  cache.get(long, () => ++renders)
  assert.equal(renders, 2)
  assert.equal(cache.size, 1)
  assert.equal(
    cache.get('short', () => 'S again'),
    'S',
  )
})
