/**
 * The open session in the URL fragment: ids only, beside the server-mode token, which is kept
 * exactly; anything that is not a library id is ignored.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { tokenFromHash } from '../../../renderer/src/api/client'
import {
  deepLinkFromHash,
  linkProblem,
  hashWithLink,
} from '../../../renderer/src/features/session-view/deep-link'

const session = '0123456789abcdef'

test('the fragment gains and loses the session and entry; the token stays as it was', () => {
  const token = 'a+b/c=='
  const start = `#token=${encodeURIComponent(token)}`
  const linked = hashWithLink(start, { sessionId: session, entryId: 'e1 é/#&' })
  assert.equal(tokenFromHash(linked), token)
  assert.deepEqual(deepLinkFromHash(linked), { sessionId: session, entryId: 'e1 é/#&' })
  const leafOnly = hashWithLink(linked, { sessionId: session })
  assert.deepEqual(deepLinkFromHash(leafOnly), { sessionId: session })
  assert.equal(tokenFromHash(leafOnly), token)
  const none = hashWithLink(leafOnly, null)
  assert.equal(deepLinkFromHash(none), null)
  assert.equal(tokenFromHash(none), token)
  // The desktop app has no token: an empty fragment stays empty.
  assert.equal(hashWithLink('', null), '')
  assert.equal(hashWithLink('', { sessionId: session }), `#session=${session}`)
})

test('a focus (where a search hit landed) replaces the entry in the fragment and back', () => {
  const start = '#token=t'
  const entry = hashWithLink(start, { sessionId: session, entryId: 'leaf' })
  const focused = hashWithLink(entry, { sessionId: session, entryId: 'leaf', focusId: 'hit 1&' })
  // The focus opens its whole branch (to the branch's leaf): an entry beside it says nothing.
  assert.equal(new URLSearchParams(focused.slice(1)).get('entry'), null)
  assert.deepEqual(deepLinkFromHash(focused), { sessionId: session, focusId: 'hit 1&' })
  assert.equal(tokenFromHash(focused), 't')
  const back = hashWithLink(focused, { sessionId: session, entryId: 'other' })
  assert.deepEqual(deepLinkFromHash(back), { sessionId: session, entryId: 'other' })
  // A fragment written by hand with both: the focus wins, as the view would land there.
  assert.deepEqual(deepLinkFromHash(`#session=${session}&entry=a&focus=b`), {
    sessionId: session,
    focusId: 'b',
  })
})

test('only a library id opens a session: a path or anything else is refused in words', () => {
  for (const bad of ['/etc/passwd', '../x', session.toUpperCase(), `${session}0`, '']) {
    const hash = `#token=t&session=${encodeURIComponent(bad)}`
    assert.equal(deepLinkFromHash(hash), null, bad)
    assert.match(linkProblem(hash) ?? '', /names no session of the library/, bad)
  }
  assert.equal(linkProblem(`#token=t&session=${session}`), null)
  assert.equal(linkProblem('#token=t'), null)
})
