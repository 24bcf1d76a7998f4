/**
 * "No hangs, no silent loss" (pi spec 16, 17): damaged fixtures yield diagnostics with line and kind
 * while every parsable entry stays available; files pi throws on or hides open read-only;
 * cycles never hang; odd content loads.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURE_STORE, readManifest } from '../../helpers/fixtures.js'
import {
  buildSessionInfo,
  loadSessionFileSync,
  parseSessionText,
  SessionLineParser,
  SessionManager,
  SessionReadOnlyError,
  type DiagnosticKind,
  type LoadedSession,
} from '../../../main/session/index.js'
import { finishParse } from '../../../main/session/load.js'

const files = readManifest().files.filter((f) => f.persisted && f.file.endsWith('.jsonl'))
const fixture = (scenario: string) => {
  const f = files.find((x) => x.scenario === scenario)
  assert.ok(f, scenario)
  return join(FIXTURE_STORE, f.file)
}
/** Physical lines of a fixture (1-based index = position + 1). */
const physicalLines = (path: string) => readFileSync(path, 'utf8').split('\n')
const parses = (line: string) => {
  try {
    JSON.parse(line)
    return true
  } catch {
    return false
  }
}
const lineOf = (path: string, test: (line: string) => boolean) =>
  physicalLines(path).findIndex(test) + 1
const idAt = (path: string, line: number) =>
  (JSON.parse(physicalLines(path)[line - 1] as string) as { id: string }).id

/**
 * Expected diagnostics per damaged fixture: kind and the physical line it must point at, located
 * in the fixture file itself (pi spec 16 describes each kind of damage).
 */
const EXPECTED: Record<string, (path: string) => [DiagnosticKind, number][]> = {
  'damaged-truncated-last-line': (p) => [['truncated-last-line', physicalLines(p).length]],
  'damaged-garbage-line': (p) => [
    ['malformed-json', lineOf(p, (l) => l.trim() !== '' && !parses(l))],
  ],
  'damaged-json-non-objects': (p) => [
    ['non-object-line', lineOf(p, (l) => l === '42')],
    ['non-object-line', lineOf(p, (l) => l.startsWith('"'))],
    ['unknown-type', lineOf(p, (l) => l === '{}')],
  ],
  'damaged-null-line': (p) => [['null-line', lineOf(p, (l) => l === 'null')]],
  'damaged-empty': () => [['missing-header', 0]],
  'damaged-whitespace-only': () => [['missing-header', 0]],
  'damaged-missing-header': () => [['missing-header', 1]],
  'damaged-header-not-first': (p) => [
    ['malformed-json', lineOf(p, (l) => l.trim() !== '' && !parses(l))],
  ],
  'damaged-bom': () => [['bom', 1]],
  'damaged-header-id-not-string': () => [['invalid-header', 1]],
  'damaged-null-content': (p) => [['null-content', lineOf(p, (l) => l.includes('"content":null'))]],
  'damaged-orphan': (p) => [['dangling-parent', findDangling(p)]],
  'damaged-self-parent': (p) => [
    [
      'cycle',
      lineOf(
        p,
        (l) =>
          parses(l) &&
          JSON.parse(l).id !== undefined &&
          JSON.parse(l).id === JSON.parse(l).parentId,
      ),
    ],
  ],
  'damaged-parent-cycle': (p) => [['cycle', firstCycleLine(p)]],
  'damaged-duplicate-ids': (p) => [['duplicate-id', secondOccurrence(p)]],
  'damaged-duplicate-id-self-chain': (p) => [
    ['duplicate-id', secondOccurrence(p)],
    ['cycle', secondOccurrence(p)],
  ],
}

function objects(path: string): { line: number; obj: Record<string, unknown> }[] {
  return physicalLines(path).flatMap((l, i) =>
    parses(l) && JSON.parse(l) && typeof JSON.parse(l) === 'object'
      ? [{ line: i + 1, obj: JSON.parse(l) }]
      : [],
  )
}
function findDangling(path: string): number {
  const all = objects(path)
  const ids = new Set(all.map((o) => o.obj.id))
  return all.find((o) => typeof o.obj.parentId === 'string' && !ids.has(o.obj.parentId))?.line ?? -1
}
function secondOccurrence(path: string): number {
  const seen = new Set<unknown>()
  for (const { line, obj } of objects(path)) {
    if (obj.type === 'session') continue
    if (seen.has(obj.id)) return line
    seen.add(obj.id)
  }
  return -1
}
/** First line (file order) of an entry whose parent chain returns to it. */
function firstCycleLine(path: string): number {
  const all = objects(path).filter((o) => o.obj.type !== 'session')
  const byId = new Map(all.map((o) => [o.obj.id, o]))
  for (const o of all) {
    let cur = byId.get(o.obj.parentId)
    for (let steps = 0; cur && steps <= all.length; steps++) {
      if (cur === o) return o.line
      cur = byId.get(cur.obj.parentId)
    }
  }
  return -1
}

/** Diagnostic kinds that make pi 1.6.0 or 0.73.1 throw on or hide the file (pi spec 16). */
const READ_ONLY = new Set([
  'damaged-whitespace-only',
  'damaged-missing-header',
  'damaged-bom',
  'damaged-header-id-not-string',
  'damaged-null-content',
  'damaged-null-line',
])

describe('damaged fixtures: diagnostics, no silent loss, read-only where pi refuses', () => {
  for (const [scenario, expected] of Object.entries(EXPECTED)) {
    it(scenario, () => {
      const path = fixture(scenario)
      const m = SessionManager.open(path)
      const got = loadSessionFileSync(path).diagnostics.map((d) => [d.kind, d.line])
      assert.deepEqual(got, expected(path))
      // An empty file is a new session (pi initialises it), not a damaged one.
      if (scenario !== 'damaged-empty')
        assert.deepEqual(
          m.getDiagnostics().map((d) => [d.kind, d.line]),
          got,
        )
      // Every line that is a JSON object (and not the header) is an entry, in file order.
      const want = objects(path)
        .filter((o) => o.obj.type !== 'session')
        .map((o) => o.line)
      const lines = m.getEntries().map((e) => m.getEntryLine(e.id))
      if (
        scenario !== 'damaged-duplicate-ids' &&
        scenario !== 'damaged-duplicate-id-self-chain' &&
        scenario !== 'damaged-json-non-objects'
      ) {
        assert.deepEqual(lines, want)
      }
      assert.equal(m.getEntries().length, want.length)
      assert.equal(m.isReadOnly(), READ_ONLY.has(scenario))
      if (m.isReadOnly()) {
        const before = readFileSync(path)
        const target = m.getEntries()[0]?.id ?? 'x'
        assert.throws(() => m.appendLabelChange(target, 'nope'), SessionReadOnlyError)
        assert.ok(readFileSync(path).equals(before))
      }
    })
  }

  it('duplicate ids and cycles point at the entry concerned', () => {
    const path = fixture('damaged-duplicate-ids')
    const d = SessionManager.open(path).getDiagnostics()[0]
    assert.equal(d?.entryId, idAt(path, d?.line ?? 0))
  })
})

describe('no hangs on parentId cycles', () => {
  const header =
    '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}'
  const msg = (id: string, parentId: string | null, text: string) =>
    JSON.stringify({
      type: 'message',
      id,
      parentId,
      timestamp: '2026-01-01T00:00:01.000Z',
      message: { role: 'user', content: text, timestamp: 1 },
    })

  it("pi's worst case: twins whose subtree contains the later twin (pi's getTree loops)", () => {
    // X and Y share id d; Z's parent is d (-> Y, the index winner); Y's parent is Z.
    const text = [
      header,
      msg('r', null, 'root'),
      msg('d', 'r', 'X'),
      msg('z', 'd', 'Z'),
      msg('d', 'z', 'Y'),
    ].join('\n')
    const loaded = parseSessionText(text)
    assert.ok(loaded.diagnostics.some((x) => x.kind === 'cycle'))
    const m = SessionManager.inMemory('/x', undefined, [loaded.header, ...loaded.entries])
    const tree = m.getTree()
    const count = (nodes: typeof tree): number =>
      nodes.reduce((n, x) => n + 1 + count(x.children), 0)
    assert.equal(count(tree), 4, 'every entry once')
    assert.ok(m.getBranch().length > 0)
    assert.ok(Array.isArray(m.buildSessionContext().messages))
    assert.ok(m.buildContextEntries().length > 0)
    m.createBranchedSession('z')
    assert.ok(m.getEntries().length > 0)
    assert.ok(buildSessionInfo('/x.jsonl', loaded, new Date()).info)
  })

  it('a 50,000-entry cycle terminates everywhere', () => {
    const n = 50_000
    const lines = [header]
    for (let i = 0; i < n; i++) lines.push(msg(`e${i}`, `e${(i + n - 1) % n}`, `m${i}`))
    const loaded = parseSessionText(lines.join('\n'))
    const cycles = loaded.diagnostics.filter((d) => d.kind === 'cycle')
    assert.equal(cycles.length, 1)
    // Named by its count and six of its ids, not all 50,000 (that filled the window).
    assert.equal(
      cycles[0]?.message,
      'parentId cycle of 50,000 entries: e0 -> e49999 -> e49998 -> … -> e3 -> e2 -> e1 (pi never returns from such a branch)',
    )
    const m = SessionManager.inMemory('/x', undefined, [loaded.header, ...loaded.entries])
    assert.equal(m.getBranch().length, n)
    assert.equal(m.getTree().length, 1)
    assert.equal(m.buildSessionContext().messages.length, n)
  })
})

describe('odd content loads', () => {
  const header =
    '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}'
  it('toolCall arguments:null, content:null, U+2028/U+2029, control characters', () => {
    const text = 'a\u2028b\u2029c\u0000\u0001\u0007\u001b[31m\u007f\u0085 tab\there'
    const entries = [
      {
        type: 'message',
        id: 'a1',
        parentId: null,
        timestamp: '2026-01-01T00:00:01.000Z',
        message: {
          role: 'assistant',
          content: [{ type: 'toolCall', id: 'c', name: 'bash', arguments: null }],
          provider: 'p',
          model: 'm',
          api: 'x',
          usage: null,
          stopReason: 'toolUse',
          timestamp: 1,
        },
      },
      {
        type: 'message',
        id: 'a2',
        parentId: 'a1',
        timestamp: '2026-01-01T00:00:02.000Z',
        message: { role: 'user', content: null, timestamp: 2 },
      },
      {
        type: 'message',
        id: 'a3',
        parentId: 'a2',
        timestamp: '2026-01-01T00:00:03.000Z',
        message: { role: 'user', content: text, timestamp: 3 },
      },
    ]
    // JSON.stringify leaves U+2028/U+2029 raw and escapes control characters, as pi writes them.
    const raw = [header, ...entries.map((e) => JSON.stringify(e))].join('\n') + '\n'
    assert.ok(raw.includes('\u2028'))
    const loaded = parseSessionText(raw)
    assert.equal(loaded.entries.length, 3)
    const m = SessionManager.inMemory('/x', undefined, [loaded.header, ...loaded.entries])
    const ctx = m.buildSessionContext().messages
    assert.equal(ctx.length, 3)
    assert.deepEqual(
      (ctx[1] as { content: unknown }).content,
      [],
      'pi 1.6.0 turns null content into []',
    )
    assert.equal((ctx[2] as { content: unknown }).content, text)
    assert.equal(buildSessionInfo('/x.jsonl', loaded, new Date()).info?.allMessagesText, text)
  })

  it('a 10 MB single line (base64 image) loads, also when split across many chunks', () => {
    const data = 'QUJD'.repeat(2.5 * 2 ** 20)
    const entry = {
      type: 'message',
      id: 'img',
      parentId: null,
      timestamp: '2026-01-01T00:00:01.000Z',
      message: {
        role: 'user',
        content: [{ type: 'image', data, mimeType: 'image/png' }],
        timestamp: 1,
      },
    }
    const bytes = Buffer.from(`${header}\n${JSON.stringify(entry)}\n`)
    const parser = new SessionLineParser()
    for (let i = 0; i < bytes.length; i += 65_536) parser.push(bytes.subarray(i, i + 65_536))
    const loaded: LoadedSession = finishParse(parser.end(), false, 0)
    assert.equal(loaded.entries.length, 1)
    const content = (loaded.entries[0] as { message: { content: { data: string }[] } }).message
      .content
    assert.equal(content[0]?.data.length, data.length)
  })

  it('multi-byte characters split across chunk borders decode the same', () => {
    const entry = {
      type: 'message',
      id: 'u',
      parentId: null,
      timestamp: '2026-01-01T00:00:01.000Z',
      message: { role: 'user', content: 'Müşteri ✨ 🚀 çalışıyor', timestamp: 1 },
    }
    const bytes = Buffer.from(
      `${header}\n${JSON.stringify(entry)}\n${JSON.stringify({ ...entry, id: 'v', parentId: 'u' })}`,
    )
    const whole = parseSessionText(bytes.toString('utf8'))
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const parser = new SessionLineParser()
      for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size))
      const loaded = finishParse(parser.end(), false, 0)
      assert.deepEqual(loaded.entries, whole.entries, `chunk size ${size}`)
      assert.deepEqual(loaded.lines, whole.lines)
    }
  })

  it('lines of every length from 1 byte to 600 KB, mixed, read as pi reads them line by line', () => {
    // The parser decodes many lines at once in windows cut at a line break: a line shorter
    // than a window, one longer than several, and multi-byte characters on either side of a
    // cut must all come out whole, whatever the window's size and the chunks pushed.
    let seed = 12345
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const lines = [header]
    let parent: string | null = null
    for (let i = 0; i < 120; i++) {
      const length = Math.floor(2 ** (random() * 19.2))
      const text = (i % 3 === 0 ? 'ü✨' : 'ab').repeat(Math.ceil(length / 2)).slice(0, length)
      const id = `e${i}`
      lines.push(
        JSON.stringify({
          type: 'message',
          id,
          parentId: parent,
          timestamp: '2026-01-01T00:00:01.000Z',
          message: { role: 'user', content: text, timestamp: i },
        }),
      )
      parent = id
    }
    const bytes = Buffer.from(`${lines.join('\n')}\n`)
    assert.ok(bytes.length > 4 * 2 ** 20, 'several windows of every size in play')
    const expected = lines.slice(1).map((line) => JSON.parse(line) as unknown)
    for (const size of [bytes.length, 1 << 20, 256 * 1024, 65_521]) {
      const parser = new SessionLineParser()
      for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size))
      const loaded = finishParse(parser.end(), false, 0)
      assert.deepEqual(loaded.diagnostics, [], `chunks of ${size}`)
      assert.deepEqual(loaded.entries, expected, `chunks of ${size}`)
      assert.deepEqual(
        loaded.lines,
        expected.map((_, i) => i + 2),
      )
    }
  })

  it('bytes that are not UTF-8 read as U+FFFD, as pi reads them, and their line is reported', () => {
    const entry = (id: string, parentId: string | null, text: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `{"type":"message","id":"${id}","parentId":${JSON.stringify(parentId)},"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","timestamp":1,"content":"`,
        ),
        text,
        Buffer.from('"}}\n'),
      ])
    // Line 2: Latin-1 "café" (0xE9 alone); line 3: valid UTF-8 "é ✨"; line 4: a lone 0xFF.
    const bytes = Buffer.concat([
      Buffer.from(`${header}\n`),
      entry('a', null, Buffer.from([0x63, 0x61, 0x66, 0xe9])),
      entry('b', 'a', Buffer.from('é ✨')),
      entry('c', 'b', Buffer.from([0x78, 0xff, 0x79])),
    ])
    // pi reads the file with readFileSync(path, 'utf8'): each bad byte becomes U+FFFD.
    const asPi = bytes
      .toString('utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as unknown)
    for (const size of [bytes.length, 1, 3, 7, 64]) {
      const parser = new SessionLineParser()
      for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size))
      const loaded = finishParse(parser.end(), false, 0)
      assert.deepEqual(loaded.entries, asPi, `chunk size ${size}`)
      assert.deepEqual(
        loaded.diagnostics.map((d) => [d.kind, d.line]),
        [
          ['not-utf8', 2],
          ['not-utf8', 4],
        ],
        `chunk size ${size}`,
      )
    }
    const text = (loaded: LoadedSession, i: number) =>
      (loaded.entries[i] as { message: { content: string } }).message.content
    const whole = finishParse(
      (() => {
        const parser = new SessionLineParser()
        parser.push(bytes)
        return parser.end()
      })(),
      false,
      0,
    )
    assert.equal(text(whole, 0), 'caf\uFFFD')
    assert.equal(text(whole, 1), 'é ✨')
  })

  it('a last line torn inside a character is cut short, not also "not UTF-8"', () => {
    const line = `{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"✨`
    const bytes = Buffer.from(`${header}\n${line}`)
    const parser = new SessionLineParser()
    parser.push(bytes.subarray(0, bytes.length - 1))
    const loaded = finishParse(parser.end(), false, 0)
    assert.deepEqual(
      loaded.diagnostics.map((d) => [d.kind, d.line]),
      [['truncated-last-line', 2]],
    )
  })

  it('glued lines (a write appended to an unterminated line) are recovered as fused-lines', () => {
    const a = JSON.stringify({
      type: 'message',
      id: 'a',
      parentId: null,
      timestamp: 't',
      message: { role: 'user', content: 'x', timestamp: 1 },
    })
    const b = JSON.stringify({
      type: 'label',
      id: 'b',
      parentId: 'a',
      timestamp: 't',
      targetId: 'a',
      label: 'l',
    })
    const glued = parseSessionText(`${header}\n${a}${b}\n`)
    assert.deepEqual(
      glued.entries.map((e) => e.id),
      ['a', 'b'],
    )
    assert.deepEqual(
      glued.diagnostics.map((d) => [d.kind, d.line]),
      [['fused-lines', 2]],
    )
    const truncated = parseSessionText(`${header}\n${a.slice(0, 30)}${b}\n`)
    assert.deepEqual(
      truncated.entries.map((e) => e.id),
      ['b'],
    )
    assert.deepEqual(
      truncated.diagnostics.map((d) => d.kind),
      ['fused-lines', 'dangling-parent'],
    )
  })
})
