/**
 * The first screen of an opened session (renderer logic): the wait ends once both the tree
 * and the transcript painted (the tree may wait for the transcript alone), a part that never
 * paints is given up after its wait, and a session opened meanwhile ends the wait of the one
 * before. A "painted" mark is taken in the frame that first draws the view.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  awaitFirstScreen,
  firstScreenPending,
  markWhenPainted,
  screenPainted,
  whenPainted,
} from '../../../renderer/src/state/first-screen'

/** Whether `promise` has settled once pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((r) => setImmediate(r))
  return done
}

test('the first screen is there once the tree and the transcript painted, in any order', async () => {
  const screen = awaitFirstScreen()
  screenPainted('transcript')
  assert.equal(await settled(screen), false, 'the tree has not painted yet')
  screenPainted('transcript')
  assert.equal(await settled(screen), false, 'a part painting twice is still one part')
  screenPainted('tree')
  assert.equal(await settled(screen), true)
})

test('a part that never paints is given up after its wait', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] })
  const screen = awaitFirstScreen()
  screenPainted('tree')
  t.mock.timers.tick(999)
  assert.equal(await settled(screen), false)
  t.mock.timers.tick(1)
  assert.equal(await settled(screen), true)
})

test('opening another session ends the wait of the one before', async () => {
  const first = awaitFirstScreen()
  const second = awaitFirstScreen()
  assert.equal(await settled(first), true)
  assert.equal(await settled(second), false)
  screenPainted('tree')
  screenPainted('transcript')
  assert.equal(await settled(second), true)
})

test('the tree can wait for the transcript alone', async () => {
  const screen = awaitFirstScreen()
  const transcript = whenPainted('transcript')
  screenPainted('tree')
  assert.equal(await settled(transcript), false)
  screenPainted('transcript')
  assert.equal(await settled(transcript), true)
  assert.equal(await settled(screen), true)
  assert.equal(await settled(whenPainted('transcript')), true, 'once painted, nothing waits')
})

test('a painted mark is taken in the next frame, not before; a view that went marks nothing', () => {
  const frames: (() => void)[] = []
  const g = globalThis as unknown as Record<string, unknown>
  const saved = [g.requestAnimationFrame, g.cancelAnimationFrame]
  g.requestAnimationFrame = (fn: () => void) => frames.push(fn)
  g.cancelAnimationFrame = (id: number) => (frames[id - 1] = () => {})
  const marked = () =>
    performance.getEntriesByName('test:painted').length +
    performance.getEntriesByName('test:gone').length * 100
  try {
    let inFrame = -1
    markWhenPainted('test:painted', () => (inFrame = marked()))
    markWhenPainted('test:gone')()
    assert.equal(marked(), 0, 'nothing before the frame that draws the view')
    for (const frame of frames.splice(0)) frame()
    assert.equal(inFrame, 1, 'marked in that frame, before what runs with it')
    assert.equal(marked(), 1, 'marked once, and the cancelled view never')
  } finally {
    ;[g.requestAnimationFrame, g.cancelAnimationFrame] = saved
    performance.clearMarks()
  }
})

test('the first screen is pending until both parts painted or were given up', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] })
  const first = awaitFirstScreen()
  assert.equal(firstScreenPending(), true)
  screenPainted('tree')
  screenPainted('transcript')
  await first
  assert.equal(firstScreenPending(), false, 'both painted')
  void awaitFirstScreen()
  screenPainted('transcript')
  assert.equal(firstScreenPending(), true, 'the tree has not painted')
  t.mock.timers.tick(1000)
  assert.equal(firstScreenPending(), false, 'the tree was given up after its wait')
})
