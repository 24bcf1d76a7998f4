/**
 * Appends that cannot tear: every write path (label, rename, extract, the legacy rewrite)
 * either lands whole or leaves the file byte-identical, with short writes, ENOSPC and EIO
 * injected through the write seam of main/session/write.ts.
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import {
  PartialWriteError,
  SessionManager,
  parseSessionText,
  setWriteSeam,
  type WriteSeam,
} from '../../../main/session/index.js'
import { FIXTURE_STORE, readManifest } from '../../helpers/fixtures.js'
import { assistant, user } from './samples.js'

let dir: string
let n = 0
let restore: (() => void) | null = null
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-write-faults-'))
})
afterEach(() => {
  restore?.()
  restore = null
})
after(() => rmSync(dir, { recursive: true, force: true }))

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected, write`), { code })
}

/** A write that lands `first` bytes and then fails with `code` (a full disk's short write). */
function shortThen(code: string, first: number): WriteSeam['write'] {
  let calls = 0
  return (fd, data, offset, length) => {
    if (calls++ > 0) throw errno(code)
    return writeSync(fd, data, offset, Math.min(first, length))
  }
}

function session(): { m: SessionManager; path: string; first: string } {
  const m = SessionManager.create('/home/ayla/src/faults', join(dir, `s${n++}`))
  const first = m.appendMessage(user('one'))
  m.appendMessage(assistant('reply one'))
  return { m, path: m.getSessionFile() as string, first }
}

describe('write seam: failed writes leave the file byte-identical', () => {
  for (const [what, write] of [
    ['a short write then ENOSPC', shortThen('ENOSPC', 60)],
    ['a short write then EIO', shortThen('EIO', 1)],
    [
      'ENOSPC before any byte',
      () => {
        throw errno('ENOSPC')
      },
    ],
    ['a write that reports 0 bytes', () => 0],
  ] as [string, WriteSeam['write']][]) {
    it(`label and rename after ${what}`, () => {
      const { m, path, first } = session()
      const before = readFileSync(path)
      const leaf = m.getLeafId()
      restore = setWriteSeam({ write })
      assert.throws(() => m.appendLabelChange(first, 'lost'), /ENOSPC|EIO/)
      assert.throws(() => m.appendSessionInfo('lost'), /ENOSPC|EIO/)
      restore()
      restore = null
      assert.deepEqual(readFileSync(path), before, 'file unchanged')
      assert.equal(m.getLeafId(), leaf, 'state rolled back')
      // The next append (ours, then pi's) lands as a whole line of its own.
      const id = m.appendSessionInfo('kept')
      const pi = PiSessionManager.open(path)
      pi.appendMessage(
        user('pi after the failure') as Parameters<PiSessionManager['appendMessage']>[0],
      )
      const parsed = parseSessionText(readFileSync(path, 'utf8'))
      assert.deepEqual(parsed.diagnostics, [])
      assert.equal(parsed.entries.at(-2)?.id, id)
      assert.equal(PiSessionManager.open(path).getEntries().length, parsed.entries.length)
    })
  }

  it('a failed first write of an extracted branch leaves no file behind', () => {
    const { m, first } = session()
    const folder = dirname(m.getSessionFile() as string)
    const names = readdirSync(folder)
    restore = setWriteSeam({ write: shortThen('ENOSPC', 100) })
    assert.throws(() => m.createBranchedSession(first), /ENOSPC/)
    assert.deepEqual(readdirSync(folder), names)
  })

  it('a new file whose partial bytes cannot be cut off is removed: the state is as before', () => {
    const { m, first } = session()
    const folder = dirname(m.getSessionFile() as string)
    const names = readdirSync(folder)
    restore = setWriteSeam({
      write: shortThen('ENOSPC', 100),
      truncate: () => {
        throw errno('EIO')
      },
    })
    assert.throws(
      () => m.createBranchedSession(first),
      (e: unknown) =>
        !(e instanceof PartialWriteError) && (e as { code?: string }).code === 'ENOSPC',
    )
    assert.deepEqual(readdirSync(folder), names)
  })

  it('the legacy rewrite: a failed copy or rewrite leaves the file and no backup', () => {
    const legacy = readManifest().files.find((f) => f.scenario === 'legacy-v1')
    assert.ok(legacy)
    for (const fail of ['copyExclusive', 'replaceFile'] as const) {
      const path = join(dir, `legacy-${fail}-${basename(legacy.file)}`)
      cpSync(join(FIXTURE_STORE, legacy.file), path)
      const before = readFileSync(path)
      const m = SessionManager.open(path)
      const target = m.getEntries()[0]?.id as string
      restore = setWriteSeam({
        [fail]: () => {
          throw errno('ENOSPC')
        },
      })
      assert.throws(() => m.appendLabelChange(target, 'x'), /ENOSPC/)
      restore()
      restore = null
      assert.deepEqual(readFileSync(path), before, fail)
      assert.deepEqual(
        readdirSync(dir).filter((f) => f.startsWith(basename(path)) && f.endsWith('.bak')),
        [],
        `${fail}: no backup left`,
      )
    }
  })

  it('when the partial bytes cannot be cut off, the error says what the file holds', () => {
    const { m, path, first } = session()
    const size = readFileSync(path).length
    restore = setWriteSeam({
      write: shortThen('ENOSPC', 60),
      truncate: () => {
        throw errno('EIO')
      },
    })
    let error: unknown
    try {
      m.appendLabelChange(first, 'torn')
    } catch (e) {
      error = e
    }
    assert.ok(error instanceof PartialWriteError)
    assert.equal(error.code, 'ENOSPC')
    assert.equal(error.offset, size)
    assert.equal(error.bytes, 60)
    assert.match(
      error.message,
      new RegExp(`60 bytes of an unfinished line \\(from byte ${size}\\)`),
    )
    assert.match(error.message, /removing them failed too \(EIO\)/)
    assert.equal(readFileSync(path).length, size + 60, 'the message describes the real file')
  })

  it('never cuts bytes another writer appended after ours', () => {
    const { m, path, first } = session()
    let calls = 0
    restore = setWriteSeam({
      write: (fd, data, offset, length) => {
        if (calls++ > 0) throw errno('ENOSPC')
        const written = writeSync(fd, data, offset, Math.min(10, length))
        appendFileSync(path, 'OTHER')
        return written
      },
    })
    assert.throws(() => m.appendLabelChange(first, 'x'), /another program appended after them/)
    assert.ok(readFileSync(path, 'utf8').endsWith('OTHER'))
    assert.equal(existsSync(path), true)
  })
})
