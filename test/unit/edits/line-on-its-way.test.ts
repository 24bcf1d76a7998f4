/**
 * An edit next to a pi whose line is still landing (pi spec 13.2: pi takes no lock; a reader
 * sees a write arrive in pieces): the edit waits for the line, never cuts it in two, and says
 * so in words when the line does not land; a pi line slipping in between our read and our
 * write is answered by a repeat until pi resumes after pi's own line.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, readFileSync } from 'node:fs'
import { setLabel } from '../../../main/library/edits'
import { SessionManager } from '../../../main/session/index.js'
import { SessionFile } from '../../../main/session/session-file.js'
import { copyFixtureFile } from '../../helpers/fixtures'

type Line = { type: string; id: string; parentId: string | null; label?: string }

/** The file's lines, each parsed (throws on a line that is not JSON). */
function linesOf(path: string): Line[] {
  const text = readFileSync(path, 'utf8')
  assert.ok(text.endsWith('\n'), 'the file ends with a line break')
  return text
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l) as Line)
}

/** pi's next entry after the file's last one, as the line pi writes. */
function piLine(path: string, id: string): string {
  const last = linesOf(path).at(-1) as Line
  const message = { role: 'user', content: `pi writes ${'x'.repeat(2000)}`, timestamp: 1 }
  const entry = { type: 'message', id, parentId: last.id, timestamp: new Date().toISOString() }
  return `${JSON.stringify({ ...entry, message })}\n`
}

/**
 * Runs `before` and `after` around the next `count` appends of any session file (the n-th,
 * from 1, passed in): pi's lines slip in there. A re-read of the file gives the manager a new
 * file object, so the hook sits on the class. Returns the undo.
 */
function aroundWrites(
  count: number,
  before: (n: number) => void,
  after: (n: number) => void = () => {},
): () => void {
  const proto = SessionFile.prototype
  const write = proto.append
  let n = 0
  proto.append = function (this: SessionFile, ours: string) {
    n++
    if (n > count) return write.call(this, ours)
    before(n)
    write.call(this, ours)
    after(n)
  }
  return () => {
    proto.append = write
  }
}

test('a label made while pi’s line is half written waits for it: pi’s line stays whole, the label follows it', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const line = piLine(copy.path, 'pi000001')
    appendFileSync(copy.path, line.slice(0, 1000))
    // The rest lands 400 ms later: well past the write's own settle time, as on a slow disk.
    const rest = new Promise<void>((done) =>
      setTimeout(() => done(appendFileSync(copy.path, line.slice(1000))), 400),
    )
    await setLabel(copy.path, target, 'while pi writes')
    await rest
    const lines = linesOf(copy.path)
    assert.equal(`${JSON.stringify(lines.at(-2))}\n`, line, 'pi’s line, whole')
    const label = lines.at(-1) as Line
    assert.equal(label.type, 'label')
    assert.equal(label.parentId, 'pi000001', 'the label hangs on pi’s new entry')
    assert.equal(lines.filter((l) => l.type === 'label').length, 1)
  } finally {
    copy.cleanup()
  }
})

test('a line still unfinished after the wait refuses the edit in words; the file is untouched', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    appendFileSync(copy.path, piLine(copy.path, 'pi000001').slice(0, 1000))
    const before = readFileSync(copy.path)
    await assert.rejects(setLabel(copy.path, target, 'refused'), (error: Error) => {
      assert.match(error.message, /pi is still writing the last line of this session/)
      assert.match(error.message, /nothing was written/)
      return true
    })
    assert.ok(readFileSync(copy.path).equals(before), 'byte-identical')
  } finally {
    copy.cleanup()
  }
})

test('a pi line landing between our read and our write is answered by one repeat, not two', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  let restore = () => {}
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const manager = SessionManager.open(copy.path)
    // pi's line lands after the manager read the file's end, just before our first write.
    restore = aroundWrites(1, () => appendFileSync(copy.path, piLine(copy.path, 'pi000001')))
    await setLabel(copy.path, target, 'overtaken', manager)
    const lines = linesOf(copy.path)
    const labels = lines.filter((l) => l.type === 'label')
    assert.equal(labels.length, 2, 'the first try and one repeat')
    assert.equal(lines.at(-1)?.parentId, 'pi000001', 'the repeat hangs on pi’s line')
    assert.equal(lines.at(-1)?.label, 'overtaken')
  } finally {
    restore()
    copy.cleanup()
  }
})

test('a repeat that meets pi’s next line on its way is given up: the label written stands, and no refusal says nothing was', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  let restore = () => {}
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const manager = SessionManager.open(copy.path)
    // pi's line lands just before our first write, and pi's next line starts right after it.
    let next = ''
    restore = aroundWrites(
      1,
      () => appendFileSync(copy.path, piLine(copy.path, 'pi000001')),
      () => {
        next = piLine(copy.path, 'pi000002')
        appendFileSync(copy.path, next.slice(0, 1000))
      },
    )
    const result = await setLabel(copy.path, target, 'overtaken', manager)
    assert.deepEqual(result, { previous: null, current: 'overtaken' })
    // pi finishes its line: every line is whole, one label, pi's two entries in order.
    appendFileSync(copy.path, next.slice(1000))
    const lines = linesOf(copy.path)
    assert.deepEqual(
      lines.slice(-3).map((l) => [l.type, l.id === 'pi000001' || l.id === 'pi000002' ? l.id : '']),
      [
        ['message', 'pi000001'],
        ['label', ''],
        ['message', 'pi000002'],
      ],
    )
    assert.equal(lines.at(-2)?.label, 'overtaken')
    assert.equal(lines.filter((l) => l.type === 'label').length, 1)
  } finally {
    restore()
    copy.cleanup()
  }
})

test('pi lines slipping in before three writes in a row: the repeats go on until the label follows pi’s last line', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  let restore = () => {}
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const manager = SessionManager.open(copy.path)
    restore = aroundWrites(3, (n) => appendFileSync(copy.path, piLine(copy.path, `pi00000${n}`)))
    await setLabel(copy.path, target, 'overtaken', manager)
    const lines = linesOf(copy.path)
    assert.equal(lines.filter((l) => l.type === 'label').length, 4, 'three overtaken, one settled')
    // pi resumes at the file's last entry (pi spec 9): our label, on pi's last line.
    assert.equal(lines.at(-1)?.type, 'label')
    assert.equal(lines.at(-1)?.parentId, 'pi000003')
    assert.equal(lines.at(-1)?.label, 'overtaken')
  } finally {
    restore()
    copy.cleanup()
  }
})

test('a pi line that lands after an overtaken label settles it: pi resumes on its own line, no repeat', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  let restore = () => {}
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const manager = SessionManager.open(copy.path)
    restore = aroundWrites(
      1,
      () => appendFileSync(copy.path, piLine(copy.path, 'pi000001')),
      () => {
        // pi's next entry hangs on pi's own last one, not on ours.
        const line = JSON.parse(piLine(copy.path, 'pi000002')) as Line
        appendFileSync(copy.path, `${JSON.stringify({ ...line, parentId: 'pi000001' })}\n`)
      },
    )
    await setLabel(copy.path, target, 'overtaken', manager)
    const lines = linesOf(copy.path)
    assert.equal(lines.filter((l) => l.type === 'label').length, 1)
    assert.equal(lines.at(-1)?.id, 'pi000002')
    assert.equal(lines.at(-2)?.label, 'overtaken')
  } finally {
    restore()
    copy.cleanup()
  }
})
