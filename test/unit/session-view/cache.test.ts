/**
 * The view's cache of loaded sessions (cache.ts): a load whose slot is dropped (more sessions
 * asked for than it keeps) is stopped, and only its own requests fail; the sessions asked for
 * since load whole.
 */
import assert from 'node:assert/strict'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { SourceCache } from '../../../main/api/session-view/cache'
import { largeSession } from './large-session'

test('a session dropped from the cache while it loads stops loading; the ones asked for since load', async (t) => {
  const { path } = await largeSession(t)
  const copies = ['b', 'c'].map((name) => {
    const copy = join(path, '..', `${name}.jsonl`)
    copyFileSync(path, copy)
    return copy
  })
  const cache = new SourceCache(2)
  const a = cache.get('a', path)
  const b = cache.get('b', copies[0] as string)
  // Asked for again while it loads: a use, so b (not a) is the least recently used.
  const aAgain = cache.get('a', path)
  const c = cache.get('c', copies[1] as string)
  await assert.rejects(b, /Another session was opened while this one was read/)
  const [loadedA, loadedAAgain, loadedC] = await Promise.all([a, aAgain, c])
  assert.equal(loadedA.source, loadedAAgain.source)
  assert.equal(loadedA.source.entries.length, loadedC.source.entries.length)
  assert.equal(loadedA.source.entries.length, 12_000)
  assert.equal(cache.peek('b'), null)
  // Asked for again, it loads (the stop was of that one load).
  const bAgain = await cache.get('b', copies[0] as string)
  assert.equal(bAgain.source.entries.length, loadedA.source.entries.length)
})
