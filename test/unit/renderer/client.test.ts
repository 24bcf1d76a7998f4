/**
 * The renderer's transport helpers, imported type-checked: failed calls keep their error code
 * (the UI branches on codes, ARCHITECTURE.md rule 4), and the event stream delivers only the
 * contract's events.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { errorData, parseEventStream } from '../../../renderer/src/api/client'
import { ApiError } from '../../../preload/contract/errors'
import type { EventArgs } from '../../../preload/contract/events'

test('a failed call keeps its code and message; anything else is internal', () => {
  assert.deepEqual(errorData(new ApiError('not_found', 'The session file is gone')), {
    code: 'not_found',
    message: 'The session file is gone',
  })
  assert.deepEqual(errorData(new TypeError('x is undefined')), {
    code: 'internal',
    message: 'x is undefined',
  })
  assert.deepEqual(errorData('odd'), { code: 'internal', message: 'odd' })
})

test('the event stream delivers contract events and drops unknown or malformed ones', () => {
  const seen: EventArgs[] = []
  const text =
    'data: {"event":"app:command","payload":{"command":"search"}}\n\n' +
    'data: {"event":"app:exploded","payload":{}}\n\n' +
    'data: {not json\n\n' +
    ': ping\n\n' +
    'data: {"event":"app:error","payload":{"message":"disk full"}}\n\n' +
    'data: {"event":"library:chan'
  const rest = parseEventStream(text, (...args) => seen.push(args))
  assert.deepEqual(seen, [
    ['app:command', { command: 'search' }],
    ['app:error', { message: 'disk full' }],
  ])
  assert.equal(rest, 'data: {"event":"library:chan')
})
