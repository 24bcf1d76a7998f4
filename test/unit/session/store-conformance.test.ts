/**
 * Store-level conformance with pi 1.6.0 (expected.json `store.pi160`): list per folder,
 * listAll (with every SessionInfo field), custom session dir, findMostRecentSession, findById
 * and the cwd -> folder encoding.
 *
 * Intended difference: sessions that have a header but that pi hides from listings because its
 * text extraction throws or its loader rejects the first line (BOM, a `content: null` message)
 * are listed by us (pi spec 17: no silent loss); they are checked to be present, and everything
 * else must match pi exactly.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { homedir } from 'node:os'
import { basename, join } from 'node:path'
import {
  copyFixtureStore,
  readExpected,
  readManifest,
  type TempStore,
} from '../../helpers/fixtures.js'
import { existsSync, statSync } from 'node:fs'
import {
  buildSessionInfo,
  encodeSessionDirName,
  loadSessionFile,
  findById,
  findMostRecentSession,
  SessionManager,
  type SessionInfo,
} from '../../../main/session/index.js'
import { createHash } from 'node:crypto'

type Json = Record<string, unknown>
const exp = readExpected().store.pi160 as Record<string, Json>
const manifest = readManifest()
const GENERATED_ROOT = manifest.generatedRoot
/** Files pi hides from listings although they carry a header (see the file comment). */
const HIDDEN_BY_PI = new Set(
  manifest.files
    .filter((f) => f.scenario === 'damaged-bom' || f.scenario === 'damaged-null-content')
    .map((f) => basename(f.file)),
)

let store: TempStore
const names = (list: SessionInfo[]) => list.map((s) => basename(s.path))
const withoutHidden = (list: string[]) => list.filter((n) => !HIDDEN_BY_PI.has(n))

function recorded(info: SessionInfo): Json {
  const sub = (p: string) => p.replace(store.root, '<ROOT>')
  return {
    path: sub(info.path),
    id: info.id,
    cwd: info.cwd,
    name: info.name ?? null,
    parentSessionPath: info.parentSessionPath?.replace(GENERATED_ROOT, '<ROOT>') ?? null,
    created: Number.isNaN(info.created.getTime()) ? 'Invalid Date' : info.created.toISOString(),
    modified: info.modified.toISOString(),
    messageCount: info.messageCount,
    firstMessage: info.firstMessage,
    allMessagesTextLength: info.allMessagesText.length,
    allMessagesTextHash: createHash('sha256')
      .update(JSON.stringify(info.allMessagesText))
      .digest('hex')
      .slice(0, 16),
    allMessagesText: info.allMessagesText,
  }
}

/**
 * expected.json shortens long allMessagesText to a prefix + "…" (its length and hash cover the
 * full text): compare the prefix, then take ours so deepEqual checks everything else.
 */
function alignTruncated(ours: Json, want: Json): Json {
  const text = want.allMessagesText as string
  if (!text.endsWith('…') || (want.allMessagesTextLength as number) <= text.length) return want
  assert.ok((ours.allMessagesText as string).startsWith(text.slice(0, -1)), 'text prefix')
  return { ...want, allMessagesText: ours.allMessagesText }
}

describe('store conformance with pi 1.6.0 (expected.json store.pi160)', () => {
  before(() => {
    store = copyFixtureStore()
    process.env.PI_CODING_AGENT_DIR = store.agentDir
  })
  after(() => store.cleanup())

  for (const [folder, e] of Object.entries(exp.list as Record<string, Json>)) {
    it(`list(cwd) of ${folder}: same sessions, order and progress`, async () => {
      const calls: [number, number, number | undefined][] = []
      const got = await SessionManager.list(e.cwd as string, undefined, (l, t, p) =>
        calls.push([l, t, p?.length]),
      )
      assert.deepEqual(withoutHidden(names(got)), e.order)
      const extra = names(got).length - withoutHidden(names(got)).length
      const progress = e.progress as {
        calls: number
        last: number[]
        partialPublishedAtLoaded: number[]
      }
      assert.equal(calls.length, progress.calls)
      const last = calls[calls.length - 1] as [number, number, number]
      assert.deepEqual([last[0], last[1], last[2] - extra], progress.last)
      assert.deepEqual(
        calls.filter((c) => c[2] !== undefined).map((c) => c[0]),
        progress.partialPublishedAtLoaded,
      )
    })
  }

  it('listAll(): same sessions in the same order with the same SessionInfo', async () => {
    const e = exp.listAll as { count: number; order: string[]; sessions: Json[]; progress: Json }
    const calls: number[] = []
    const got = await SessionManager.listAll((loaded) => calls.push(loaded))
    const kept = got.filter((s) => !HIDDEN_BY_PI.has(basename(s.path)))
    assert.equal(kept.length, e.count)
    assert.deepEqual(
      kept.map((s) => s.path.replace(`${store.root}/`, '')),
      e.order,
    )
    const ours = kept.map(recorded)
    const want = e.sessions.map((s, k) =>
      alignTruncated(ours[k] as Json, { ...s, id: String(s.id) }),
    )
    assert.deepEqual(ours, want)
    assert.equal(calls.length, (e.progress as { calls: number }).calls)
    assert.deepEqual(
      got
        .filter((s) => HIDDEN_BY_PI.has(basename(s.path)))
        .map((s) => basename(s.path))
        .sort(),
      [...HIDDEN_BY_PI].sort(),
      'the sessions pi hides are listed by us',
    )
  })

  it("buildSessionInfo's listedByPi matches which files pi 1.6.0's listAll shows", async () => {
    const shown = new Set((exp.listAll as { order: string[] }).order)
    for (const f of manifest.files) {
      const path = join(store.root, f.file)
      if (
        !f.file.startsWith('agent/sessions/--') ||
        !existsSync(path) ||
        statSync(path).isDirectory()
      )
        continue
      const { listedByPi } = buildSessionInfo(
        path,
        await loadSessionFile(path),
        statSync(path).mtime,
      )
      assert.equal(listedByPi, shown.has(f.file), f.scenario)
    }
  })

  it('custom session dir: list(cwd, dir) filters by header cwd, listAll(dir) does not', async () => {
    const e = exp.customDir as { cwds: string[]; list: Record<string, Json>; listAll: Json }
    for (const cwd of e.cwds) {
      const got = await SessionManager.list(cwd, store.customDir)
      assert.deepEqual(names(got), e.list[cwd]?.order)
      assert.deepEqual(
        got.map((s) => s.cwd),
        e.list[cwd]?.cwds,
      )
    }
    assert.deepEqual(names(await SessionManager.listAll(store.customDir)), e.listAll.order)
  })

  it('findMostRecentSession per folder (mtime order, header check, cwd filter)', () => {
    for (const [folder, file] of Object.entries(
      exp.findMostRecentSession as Record<string, string>,
    )) {
      const dir =
        folder === '<custom-session-dir>' ? store.customDir : join(store.sessionsDir, folder)
      assert.equal(basename(findMostRecentSession(dir) ?? ''), file, folder)
    }
    for (const [cwd, file] of Object.entries(
      exp.findMostRecentSessionFiltered as Record<string, string>,
    )) {
      assert.equal(basename(findMostRecentSession(store.customDir, cwd) ?? ''), file, cwd)
    }
  })

  it('findById by header id', () => {
    for (const [key, rel] of Object.entries(exp.findById as Record<string, string | null>)) {
      if (key === '<unknown id>') {
        assert.equal(findById('/home/ayla/src/orbit-notes', 'no-such-session-id'), undefined)
        continue
      }
      const [cwd, id] = key.split(' :: ') as [string, string]
      assert.equal(findById(cwd, id), rel === null ? undefined : join(store.root, rel))
    }
  })

  it('cwd -> folder name encoding (pi spec 1.2, Linux table)', () => {
    const table = (exp.cwdEncoding as { table: Record<string, string> }).table
    const encode = (p: string) => p.replace(/^[/\\]/, '').replace(/[/\\:]/g, '-')
    for (const [cwd, folder] of Object.entries(table)) {
      const want = folder
        .replace('<PROCESS_CWD_ENCODED>', encode(process.cwd()))
        .replace('<HOME_ENCODED>', encode(homedir()))
      assert.equal(encodeSessionDirName(cwd), want, cwd)
    }
  })
})
