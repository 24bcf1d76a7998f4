/**
 * "Reading never writes" (pi spec 17, ARCHITECTURE rule 8): opening, listing, discovering and
 * creating sessions leave the store byte-for-byte and folder-for-folder as it was; only the
 * first edit of a legacy file rewrites it, atomically and with a backup.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import {
  copyFixtureStore,
  fixtureFile,
  readManifest,
  type TempStore,
} from '../../helpers/fixtures.js'
import {
  findById,
  findMostRecentSession,
  loadSessionFile,
  parseSessionText,
  SessionManager,
} from '../../../main/session/index.js'

let store: TempStore
before(() => {
  store = copyFixtureStore()
  process.env.PI_CODING_AGENT_DIR = store.agentDir
})
after(() => store.cleanup())

/** Every path under the store with its type, size, mtime and content hash. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      const st = statSync(path)
      if (st.isDirectory()) {
        out.set(relative(root, path), 'dir')
        walk(path)
      } else {
        const hash = createHash('sha256').update(readFileSync(path)).digest('hex')
        out.set(relative(root, path), `${st.size}:${st.mtimeMs}:${hash}`)
      }
    }
  }
  walk(root)
  return out
}

describe('reading never writes', () => {
  it('open / openAsync / list / listAll / continueRecent / create / findById leave the store untouched', async () => {
    const manifest = readManifest()
    const before = snapshot(store.root)
    for (const f of manifest.files) {
      const path = join(store.root, f.file)
      if (!existsSync(path) || statSync(path).isDirectory()) continue
      const m = SessionManager.open(path)
      m.getTree()
      m.buildSessionContext()
      await SessionManager.openAsync(path)
    }
    for (const cwd of new Set(
      manifest.files.map((f) => f.cwd).filter((c): c is string => typeof c === 'string'),
    )) {
      await SessionManager.list(cwd)
      SessionManager.continueRecent(cwd)
      findById(cwd, 'no-such-id')
    }
    await SessionManager.list('/home/ayla/never/used')
    await SessionManager.listAll()
    await SessionManager.listAll(store.customDir)
    await SessionManager.list('/home/ayla/src/alpha', store.customDir)
    SessionManager.continueRecent('/home/ayla/never/used')
    SessionManager.create('/home/ayla/never/used')
    SessionManager.create('/home/ayla/src/orbit-notes').appendModelChange(
      'anthropic',
      'claude-sonnet-4-5',
    )
    findMostRecentSession(join(store.sessionsDir, 'missing-folder'))
    assert.deepEqual(snapshot(store.root), before)
  })

  it('legacy v1/v2 files are migrated in memory only', () => {
    for (const scenario of ['legacy-v1', 'legacy-v1-forward-index', 'legacy-v2-hookmessage']) {
      const f = fixtureFile(scenario)
      const path = join(store.root, f.file)
      const bytes = readFileSync(path)
      const m = SessionManager.open(path)
      assert.equal(m.getHeader()?.version, 3)
      assert.ok(m.getEntries().every((e) => typeof e.id === 'string'))
      assert.ok(m.isLegacyFile())
      assert.ok(readFileSync(path).equals(bytes), scenario)
      // Same ids on every open (derived, not random): the app names entries by id.
      assert.deepEqual(
        SessionManager.open(path)
          .getEntries()
          .map((e) => e.id),
        m.getEntries().map((e) => e.id),
      )
    }
  })

  it('the first edit of a legacy file rewrites it atomically and keeps the original as a backup', async () => {
    const f = fixtureFile('legacy-v2-hookmessage')
    const path = join(store.root, f.file)
    const original = readFileSync(path)
    const inoBefore = statSync(path).ino
    const m = SessionManager.open(path)
    const target = m.getEntries()[0]?.id as string
    m.appendLabelChange(target, 'first edit')
    const backup = m.getBackupPath() as string
    assert.ok(backup && existsSync(backup))
    assert.ok(readFileSync(backup).equals(original), 'backup holds the original bytes')
    assert.ok(!basename(backup).endsWith('.jsonl'), 'pi does not list the backup')
    assert.notEqual(statSync(path).ino, inoBefore, 'replaced by rename, not rewritten in place')
    assert.deepEqual(
      readdirSync(dirname(path)).filter(
        (n) => n.includes(basename(path)) && n !== basename(path) && n !== basename(backup),
      ),
      [],
      'no temp file left behind',
    )
    const rewritten = parseSessionText(readFileSync(path, 'utf8'))
    assert.equal(rewritten.header?.version, 3)
    assert.deepEqual(rewritten.entries, m.getEntries())
    assert.equal(rewritten.diagnostics.length, 0)
    assert.ok(!m.isLegacyFile())
    // Later edits are plain appends: no second backup, one more line.
    const lines = readFileSync(path, 'utf8').split('\n').length
    m.appendSessionInfo('renamed')
    assert.equal(readFileSync(path, 'utf8').split('\n').length, lines + 1)
    assert.equal(readdirSync(dirname(path)).filter((n) => n.endsWith('.bak')).length, 1)
    const reread = await loadSessionFile(path)
    assert.deepEqual(reread.entries, m.getEntries())
  })
})
