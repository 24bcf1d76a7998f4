/**
 * An edit next to a pi whose line is still landing (pi spec 13.2: pi takes no lock; a reader
 * sees a write arrive in pieces): the edit waits for the line, never cuts it in two, and says
 * so in words when the line does not land; a pi line slipping in between our read and our
 * write is answered by one repeat.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, readFileSync } from 'node:fs'
import { setLabel } from '../../../main/library/edits'
import { SessionManager } from '../../../main/session/index.js'
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

/** Runs `before` and `after` around `manager`'s first write only: pi's lines slip in there. */
function aroundFirstWrite(manager: SessionManager, before: () => void, after = () => {}): void {
  const file = (manager as unknown as { file: { append(line: string): void } }).file
  const write = file.append.bind(file)
  let first = true
  file.append = (ours) => {
    if (!first) return write(ours)
    first = false
    before()
    write(ours)
    after()
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
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const manager = SessionManager.open(copy.path)
    // pi's line lands after the manager read the file's end, just before our first write.
    aroundFirstWrite(manager, () => appendFileSync(copy.path, piLine(copy.path, 'pi000001')))
    await setLabel(copy.path, target, 'overtaken', manager)
    const lines = linesOf(copy.path)
    const labels = lines.filter((l) => l.type === 'label')
    assert.equal(labels.length, 2, 'the first try and one repeat')
    assert.equal(lines.at(-1)?.parentId, 'pi000001', 'the repeat hangs on pi’s line')
    assert.equal(lines.at(-1)?.label, 'overtaken')
  } finally {
    copy.cleanup()
  }
})

test('a repeat that meets pi’s next line on its way is given up: the label written stands, and no refusal says nothing was', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-on-its-way-')
  try {
    const target = (linesOf(copy.path)[1] as Line).id
    const manager = SessionManager.open(copy.path)
    // pi's line lands just before our first write, and pi's next line starts right after it.
    let next = ''
    aroundFirstWrite(
      manager,
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
    copy.cleanup()
  }
})
