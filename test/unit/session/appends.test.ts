/**
 * Safe appends next to a running pi (pi spec 13.2, 17): whole lines, newline repair, labels and names
 * parented on the file's actual last entry, re-reading a file that shrank or was replaced,
 * lazy first write and rollback (pi 1.6.0, spec 13).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import {
  LineInProgressError,
  parseSessionText,
  SessionManager,
} from '../../../main/session/index.js'
import { LIVE_MS } from '../../../preload/contract/timing.js'
import { assistant, user } from './samples.js'

let dir: string
let n = 0
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-appends-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

/** A persisted session with two turns, written by us. */
function session(): { m: SessionManager; path: string; first: string } {
  const m = SessionManager.create('/home/ayla/src/appends', join(dir, `s${n++}`))
  const first = m.appendMessage(user('one'))
  m.appendMessage(assistant('reply one'))
  m.appendMessage(user('two'))
  m.appendMessage(assistant('reply two'))
  return { m, path: m.getSessionFile() as string, first }
}

describe('safe appends', () => {
  it('each append adds exactly one complete line', () => {
    const { m, path } = session()
    const before = readFileSync(path, 'utf8')
    const id = m.appendSessionInfo('named')
    const after = readFileSync(path, 'utf8')
    assert.ok(after.startsWith(before))
    assert.equal(after.slice(before.length), `${JSON.stringify(m.getEntry(id))}\n`)
  })

  it('completes a missing final newline of a quiet file first instead of gluing the entry onto the last line', () => {
    for (const tail of ['valid', 'truncated']) {
      const { m, path, first } = session()
      const text = readFileSync(path, 'utf8').replace(/\n$/, '')
      writeFileSync(path, tail === 'valid' ? text : `${text}\n{"type":"message","id":"brok`)
      // Quiet: its writer is gone, so its unfinished line is damage (timing.ts, LIVE_MS).
      const quiet = new Date(Date.now() - 2 * LIVE_MS)
      utimesSync(path, quiet, quiet)
      const reopened = SessionManager.open(path)
      const id = reopened.appendLabelChange(first, 'after repair')
      const parsed = parseSessionText(readFileSync(path, 'utf8'))
      assert.equal(parsed.entries[parsed.entries.length - 1]?.id, id, tail)
      assert.deepEqual(
        parsed.diagnostics.map((d) => d.kind),
        tail === 'valid' ? [] : ['malformed-json'],
      )
      assert.equal(parsed.entries.length, m.getEntries().length + 1)
    }
  })

  it('a line another writer is still writing gets time to end: ours follows it whole', async () => {
    const { m, path, first } = session()
    // pi's next line, as a reader can see it while pi's write lands: only its first half.
    const piEntry = { ...m.getEntry(first), id: 'pi000001', parentId: m.getLeafId() }
    const piLine = JSON.stringify(piEntry)
    appendFileSync(path, piLine.slice(0, 40))
    const ours = SessionManager.open(path)
    // The rest of pi's line lands 10 ms after our write starts, from another thread.
    const go = new Int32Array(new SharedArrayBuffer(4))
    const writer = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads')
       const { appendFileSync } = require('node:fs')
       parentPort.postMessage('ready')
       Atomics.wait(workerData.go, 0, 0)
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
       appendFileSync(workerData.path, workerData.rest)`,
      { eval: true, workerData: { go, path, rest: `${piLine.slice(40)}\n` } },
    )
    await new Promise((resolve) => writer.once('message', resolve))
    const file = (ours as unknown as { file: { append(line: string): void } }).file
    const write = file.append.bind(file)
    file.append = (line) => {
      Atomics.store(go, 0, 1)
      Atomics.notify(go, 0)
      write(line)
    }
    const label = ours.appendLabelChange(first, 'while pi writes')
    await new Promise((resolve) => writer.once('exit', resolve))
    const lines = readFileSync(path, 'utf8').split('\n')
    assert.equal(lines.pop(), '', 'the file ends with a line break')
    assert.deepEqual(lines.slice(-2), [piLine, JSON.stringify(ours.getEntry(label))])
    assert.deepEqual(parseSessionText(lines.join('\n')).diagnostics, [])
  })

  it('an unfinished line in a file written a moment ago is refused, not completed: the file is untouched', () => {
    const { m, path, first } = session()
    appendFileSync(path, '{"type":"message","id":"pi000001","parentId":')
    const before = readFileSync(path)
    assert.throws(() => m.appendLabelChange(first, 'refused'), LineInProgressError)
    assert.ok(readFileSync(path).equals(before), 'byte-identical')
    assert.equal(m.getLabel(first), undefined, 'the entry is rolled back')
  })

  it('a label or name on a file pi appended to meanwhile is parented on the actual last entry', () => {
    const { path, first } = session()
    const ours = SessionManager.open(path)
    ours.branch(first) // even after moving our leaf to an older entry
    const pi = PiSessionManager.open(path)
    // Our message types allow damaged shapes (content: null); pi's do not.
    type PiMessage = Parameters<PiSessionManager['appendMessage']>[0]
    pi.appendMessage(user('three, from pi') as PiMessage)
    const piLast = pi.appendMessage(assistant('reply three, from pi') as PiMessage)
    const label = ours.appendLabelChange(first, 'bookmark')
    assert.equal(ours.getEntry(label)?.parentId, piLast)
    const name = ours.appendSessionInfo('Named next to pi')
    assert.equal(ours.getEntry(name)?.parentId, label)
    // pi resumes at the last line, and its context still holds its own latest turn.
    const resumed = PiSessionManager.open(path)
    assert.equal(resumed.getLeafId(), name)
    const texts = resumed.buildSessionContext().messages.map((x) => JSON.stringify(x))
    assert.ok(texts.some((t) => t.includes('reply three, from pi')))
    assert.equal(resumed.getLabel(first), 'bookmark')
    assert.equal(resumed.getSessionName(), 'Named next to pi')
  })

  it('a pi line landing between our read and our write is read in; a repeat hangs on it', () => {
    const { path, first } = session()
    const ours = SessionManager.open(path)
    type PiMessage = Parameters<PiSessionManager['appendMessage']>[0]
    // pi writes its line after our catch-up with the file, just before our own line lands.
    const file = (ours as unknown as { file: { append(line: string): void } }).file
    const write = file.append.bind(file)
    let piLine = ''
    file.append = (line) => {
      piLine = PiSessionManager.open(path).appendMessage(user('three, from pi') as PiMessage)
      file.append = write
      write(line)
    }
    const label = ours.appendLabelChange(first, 'bookmark')
    const onDisk = () =>
      readFileSync(path, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; parentId: string | null })
    // Our label sits after pi's line on an older branch: pi would resume without its message.
    assert.deepEqual(
      onDisk()
        .slice(-2)
        .map((e) => e.id),
      [piLine, label],
    )
    assert.notEqual(ours.getEntry(label)?.parentId, piLine)

    ours.resumeAfterOthers([label])
    const repeat = ours.appendLabelChange(first, 'bookmark')
    assert.equal(ours.getEntry(repeat)?.parentId, piLine, 'the repeat hangs on pi’s line')
    assert.equal(ours.getEntry(piLine)?.type, 'message', 'pi’s line is read in')
    assert.equal(ours.getEntries().length, onDisk().length - 1, 'each line once, nothing missed')
    const resumed = PiSessionManager.open(path)
    assert.equal(resumed.getLeafId(), repeat)
    const texts = resumed.buildSessionContext().messages.map((x) => JSON.stringify(x))
    assert.ok(texts.some((t) => t.includes('three, from pi')))
    assert.equal(resumed.getLabel(first), 'bookmark')
  })

  it('a file replaced meanwhile (new inode) is re-read, not appended to blindly', () => {
    const { path, first } = session()
    const ours = SessionManager.open(path)
    const other = SessionManager.create('/home/ayla/src/appends', join(dir, `replacement${n++}`))
    const otherFirst = other.appendMessage(user('replacement content'))
    other.appendMessage(assistant('replacement reply'))
    renameSync(other.getSessionFile() as string, path)
    assert.throws(() => ours.appendLabelChange(first, 'gone'), /Entry .* not found/)
    const label = ours.appendLabelChange(otherFirst, 'on the new content')
    const parsed = parseSessionText(readFileSync(path, 'utf8'))
    assert.deepEqual(
      parsed.entries.map((e) => e.id),
      [...other.getEntries().map((e) => e.id), label],
    )
    assert.equal(ours.getEntry(label)?.parentId, other.getLeafId())
  })

  it('a file that shrank (rewritten in place) is re-read', () => {
    const { path, m } = session()
    const ours = SessionManager.open(path)
    const lines = readFileSync(path, 'utf8').split('\n')
    truncateSync(path, 0)
    appendFileSync(path, `${lines.slice(0, 3).join('\n')}\n`) // header + two entries, same inode
    const kept = m.getEntries()[1]?.id as string
    const id = ours.appendSessionInfo('after shrink')
    assert.equal(ours.getEntry(id)?.parentId, kept)
    assert.deepEqual(
      parseSessionText(readFileSync(path, 'utf8')).entries.map((e) => e.id),
      [m.getEntries()[0]?.id, kept, id],
    )
  })

  it('new sessions are written at the first user or assistant message (pi 1.6.0), all at once', () => {
    const m = SessionManager.create('/home/ayla/src/appends', join(dir, `lazy${n++}`))
    m.appendModelChange('anthropic', 'claude-sonnet-4-5')
    m.appendThinkingLevelChange('high')
    const path = m.getSessionFile() as string
    assert.equal(existsSync(path), false, 'setup-only sessions are never written')
    m.appendMessage(user('first prompt'))
    const parsed = parseSessionText(readFileSync(path, 'utf8'))
    assert.equal(parsed.header?.id, m.getSessionId())
    assert.deepEqual(parsed.entries, m.getEntries())
  })

  it('a failed write rolls the entry back (pi 1.6.0) and keeps memory in line with the file', () => {
    const { m, path } = session()
    const leaf = m.getLeafId()
    const count = m.getEntries().length
    rmSync(path)
    assert.throws(() => m.appendMessage(user('lost')), /ENOENT/)
    assert.equal(m.getLeafId(), leaf)
    assert.equal(m.getEntries().length, count)
    assert.equal(existsSync(path), false, 'an append never recreates a deleted file')
  })

  it('a new session whose file appeared meanwhile fails with EEXIST and rolls back', () => {
    const m = SessionManager.create('/home/ayla/src/appends', join(dir, `exists${n++}`))
    const path = m.getSessionFile() as string
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, 'someone else\n')
    assert.throws(() => m.appendMessage(user('hello')), /EEXIST/)
    assert.equal(m.getEntries().length, 0)
    assert.equal(readFileSync(path, 'utf8'), 'someone else\n')
  })

  it('appends to a 0-byte file opened by path (pi would have initialised it on open)', () => {
    const path = join(dir, `empty${n++}.jsonl`)
    writeFileSync(path, '')
    const m = SessionManager.open(path)
    assert.equal(readFileSync(path, 'utf8'), '', 'opening wrote nothing')
    m.appendMessage(user('hello'))
    const parsed = parseSessionText(readFileSync(path, 'utf8'))
    assert.equal(parsed.header?.id, m.getSessionId())
    assert.equal(parsed.entries.length, 1)
  })
})

describe('pi 1.6.0 API details', () => {
  it('appendContextEdit validates like pi (order and messages)', () => {
    const m = SessionManager.inMemory('/x')
    m.appendCustomEntry('state')
    const u = m.appendMessage(user('hi'))
    const a = m.appendMessage(assistant('hello'))
    const setting = m.getEntries()[0]?.id as string
    assert.throws(
      () => m.appendContextEdit(u, { nope: 1 } as never),
      /^Error: Context edit replacement must be null or contain string\/array content$/,
    )
    assert.throws(() => m.appendContextEdit('nope0000', null), /^Error: Entry nope0000 not found$/)
    assert.throws(
      () => m.appendContextEdit(setting, null),
      new RegExp(`^Error: Entry ${setting} does not contribute editable model content$`),
    )
    m.branch(u)
    assert.throws(
      () => m.appendContextEdit(a, null),
      new RegExp(`^Error: Entry ${a} is not on the active branch$`),
    )
    m.branch(a)
    const edit = m.appendContextEdit(a, { content: 'edited' })
    assert.deepEqual((m.getEntry(edit) as { replacement: unknown }).replacement, {
      content: [{ type: 'text', text: 'edited' }],
    })
    assert.deepEqual((m.buildSessionContext().messages[1] as { content: unknown }).content, [
      { type: 'text', text: 'edited' },
    ])
  })

  it('custom session ids are validated with pi 1.6.0 message', () => {
    assert.throws(
      () => SessionManager.inMemory('/x', { id: '-bad' }),
      /Session id must be non-empty/,
    )
    assert.equal(
      SessionManager.inMemory('/x', { id: 'ayla-review.2026' }).getSessionId(),
      'ayla-review.2026',
    )
  })

  it('appendSessionInfo turns line breaks into spaces (1.6.0); blank clears the name', () => {
    const m = SessionManager.inMemory('/x')
    m.appendSessionInfo('  two\r\nlines ')
    assert.equal(m.getSessionName(), 'two lines')
    m.appendSessionInfo('   ')
    assert.equal(m.getSessionName(), undefined)
  })
})
