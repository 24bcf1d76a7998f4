/**
 * A session's first message as listed (the title of a session without a name): cut to 500
 * characters, where pi's SessionInfo keeps it whole; the library still finds the words of the
 * whole message.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import {
  LISTED_FIRST_MESSAGE_CHARS,
  listedFirstMessage,
  readSessionInfo,
} from '../../../main/session'
import { query } from '../../helpers/library'
import { headerLine, messageLine } from '../../helpers/append'
import { tempDir } from '../../helpers/temp'

test('a first message over 500 characters is cut to 500, the last an ellipsis', () => {
  assert.equal(listedFirstMessage(null), '(no messages)')
  assert.equal(listedFirstMessage('fix the tide table'), 'fix the tide table')
  const exact = 'a'.repeat(LISTED_FIRST_MESSAGE_CHARS)
  assert.equal(listedFirstMessage(exact), exact)
  const cut = listedFirstMessage('b'.repeat(10_000))
  assert.equal(cut, `${'b'.repeat(LISTED_FIRST_MESSAGE_CHARS - 1)}…`)
  assert.equal(listedFirstMessage(cut), cut)
  // A surrogate pair across the cut goes whole.
  const emoji = listedFirstMessage(`${'c'.repeat(LISTED_FIRST_MESSAGE_CHARS - 2)}😀😀`)
  assert.equal(emoji, `${'c'.repeat(LISTED_FIRST_MESSAGE_CHARS - 2)}…`)
  // So does a flag (two pairs, one character to the reader) and a letter with its accent.
  const flag = listedFirstMessage(`${'d'.repeat(LISTED_FIRST_MESSAGE_CHARS - 3)}🇳🇴 tail`)
  assert.equal(flag, `${'d'.repeat(LISTED_FIRST_MESSAGE_CHARS - 3)}…`)
  const accent = listedFirstMessage(`${'e'.repeat(LISTED_FIRST_MESSAGE_CHARS - 2)}e\u0301 tail`)
  assert.equal(accent, `${'e'.repeat(LISTED_FIRST_MESSAGE_CHARS - 2)}…`)
})

test('a first prompt of megabytes lists 500 characters; its last words are still found', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-first-message-')
  const t = '2026-01-01T00:00:00.000Z'
  const prompt = `${'paste '.repeat(400_000)}zebratail`
  const file = join(root, 'big-prompt.jsonl')
  writeFileSync(
    file,
    [headerLine('s1', t, '/w'), messageLine('u1', null, 'user', prompt, t)].join('\n') + '\n',
  )
  // pi's own listing keeps the message whole.
  const info = await readSessionInfo(file)
  assert.equal(info?.firstMessage, prompt)
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const [row] = library.query(query()).rows
  assert.equal(row?.firstMessage, listedFirstMessage(prompt))
  assert.equal(row?.firstMessage.length, LISTED_FIRST_MESSAGE_CHARS)
  const found = library.query(query({ text: 'zebratail' })).rows
  assert.deepEqual(
    found.map((r) => r.fileName),
    ['big-prompt.jsonl'],
  )
  await library.close()
})
