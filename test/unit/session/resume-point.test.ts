/**
 * pi's resume point on odd last lines: our leaf equals pi 1.6.0's `getLeafId()` and our context
 * at it has pi's message count (values recorded from pi 1.6.0; re-checked live against pi 1.6.0
 * when `npm run bench:setup` installed it), and the session view says in one sentence when pi
 * would resume with an empty or shortened context. Fixtures: conformance.test.ts.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { SessionManager } from '../../../main/session/index.js'
import { loadViewSource } from '../../../main/api/session-view/source.js'
import { buildOverview } from '../../../main/api/session-view/overview.js'

const header = JSON.stringify({
  type: 'session',
  version: 3,
  id: '019b0000-0000-7000-8000-000000000001',
  timestamp: '2026-01-05T14:00:00.000Z',
  cwd: '/x',
})
function message(id: string, parentId: string | null, role: 'user' | 'assistant', text: string) {
  const body =
    role === 'user'
      ? { role, content: text, timestamp: 1 }
      : {
          role,
          content: [{ type: 'text', text }],
          api: 'a',
          provider: 'p',
          model: 'm',
          stopReason: 'stop',
          timestamp: 2,
        }
  return JSON.stringify({
    type: 'message',
    id,
    parentId,
    timestamp: '2026-01-05T14:00:01.000Z',
    message: body,
  })
}
const base = [
  header,
  message('a1', null, 'user', 'one'),
  message('b1', 'a1', 'assistant', 'r1'),
  message('a2', 'b1', 'user', 'two'),
  message('b2', 'a2', 'assistant', 'r2'),
]

/** Last line -> what pi 1.6.0 reported (getLeafId, buildSessionContext().messages.length). */
const CASES: Record<
  string,
  { last: string; leafId: string | null; context: number; note: RegExp | null }
> = {
  'id-less custom record': {
    last: '{"type":"custom","customType":"x","data":1}',
    leafId: null,
    context: 0,
    note: /^pi would resume this session with an empty context: its last entry \(a custom entry on line 6\) has no id/,
  },
  'id-less empty object': { last: '{}', leafId: null, context: 0, note: /empty context/ },
  'id-less message with a parent': {
    last: JSON.stringify({
      type: 'message',
      parentId: 'b2',
      timestamp: 't',
      message: { role: 'user', content: 'three', timestamp: 3 },
    }),
    leafId: null,
    context: 5,
    note: null,
  },
  'detached session_info': {
    last: JSON.stringify({
      type: 'session_info',
      id: 's1',
      parentId: null,
      timestamp: 't',
      name: 'n',
    }),
    leafId: 's1',
    context: 0,
    note: /^pi would resume this session with an empty context: its last entry \(a session_info entry on line 6\) has no parent\.$/,
  },
  'session_info with a missing parent': {
    last: JSON.stringify({
      type: 'session_info',
      id: 's1',
      parentId: 'gone',
      timestamp: 't',
      name: 'n',
    }),
    leafId: 's1',
    context: 0,
    note: /names a parent that does not exist/,
  },
  'label hanging on an older entry': {
    last: JSON.stringify({
      type: 'label',
      id: 'l1',
      parentId: 'a1',
      timestamp: 't',
      targetId: 'a1',
      label: 'L',
    }),
    leafId: 'l1',
    context: 1,
    note: /^pi would resume this session with a shortened context \(1 of 4 messages\): its last entry \(a label entry on line 6\) hangs on an older entry\.$/,
  },
  'label at the end': {
    last: JSON.stringify({
      type: 'label',
      id: 'l1',
      parentId: 'b2',
      timestamp: 't',
      targetId: 'a1',
      label: 'L',
    }),
    leafId: 'l1',
    context: 4,
    note: null,
  },
  'a number line': {
    last: '42',
    leafId: null,
    context: 0,
    note: /empty context: the last line \(line 6\) is not an entry/,
  },
  'a string line': { last: '"x"', leafId: null, context: 0, note: /empty context/ },
  'malformed JSON': { last: '{"type":"message","id":"zz",', leafId: 'b2', context: 4, note: null },
  'a null line': { last: 'null', leafId: 'b2', context: 4, note: null },
}

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-resume-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

function fileFor(name: string, last: string): string {
  const path = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`)
  writeFileSync(path, [...base, last].join('\n') + '\n')
  return path
}

describe('resume point on odd last lines (pi 1.6.0 getLeafId)', () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      const path = fileFor(name, c.last)
      const bytes = readFileSync(path)
      const m = SessionManager.open(path)
      assert.equal(m.getLeafId(), c.leafId, 'leaf')
      assert.equal(m.buildSessionContext().messages.length, c.context, 'context messages')
      const overview = await buildOverview(await loadViewSource(path), 'id', 'f.jsonl')
      assert.equal(overview.leafId, c.leafId, 'leaf shown')
      if (c.note === null) assert.equal(overview.resumeNote, null)
      else assert.match(overview.resumeNote ?? '(none)', c.note)
      assert.deepEqual(readFileSync(path), bytes, 'reading never writes')
    })
  }

  it('a label after an id-less last line hangs on that record’s parent, not on an older entry', () => {
    const path = fileFor('append-after-idless', CASES['id-less message with a parent']!.last)
    const m = SessionManager.open(path)
    m.appendLabelChange('a1', 'mine')
    assert.equal(SessionManager.open(path).buildSessionContext().messages.length, 4)
  })
})

const node22 = resolve('bench/peers/node_modules/node/bin/node')
const pi160 = resolve('bench/peers/node_modules/@earendil-works/pi-coding-agent/dist/index.js')
const live = existsSync(node22) && existsSync(pi160)

describe('the recorded values are what pi 1.6.0 reports', () => {
  it(
    'pi 1.6.0, live',
    { skip: live ? false : 'pi 1.6.0 is not installed (run `npm run bench:setup`)' },
    () => {
      const files = Object.entries(CASES).map(([name, c]) => fileFor(`live-${name}`, c.last))
      const script = `const { SessionManager } = await import(${JSON.stringify(`file://${pi160}`)});
        console.log(JSON.stringify(process.argv.slice(1).map((f) => { const m = SessionManager.open(f);
        return [m.getLeafId() ?? null, m.buildSessionContext().messages.length] })))`
      const run = spawnSync(node22, ['--input-type=module', '-e', script, ...files], {
        encoding: 'utf8',
      })
      assert.equal(run.status, 0, run.stderr)
      const got = JSON.parse(run.stdout) as [string | null, number][]
      assert.deepEqual(
        got,
        Object.values(CASES).map((c) => [c.leafId, c.context]),
      )
    },
  )
})
