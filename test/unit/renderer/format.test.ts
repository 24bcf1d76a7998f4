/** Text the renderer writes around what the user typed. */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { quotedInput } from '../../../renderer/src/components/format'

test('typed input is quoted once: a phrase in quotes keeps its own, long input is cut', () => {
  assert.equal(quotedInput('daemon rollout', 60), '“daemon rollout”')
  assert.equal(quotedInput('"daemon rollout"', 60), '"daemon rollout"')
  assert.equal(quotedInput('“daemon rollout”', 60), '“daemon rollout”')
  // One quote mark alone, or quotes only at one end, are part of the words.
  assert.equal(quotedInput('"', 60), '“"”')
  assert.equal(quotedInput('"daemon', 60), '“"daemon”')
  assert.equal(quotedInput('x'.repeat(70), 60), `“${'x'.repeat(60)}…”`)
})
