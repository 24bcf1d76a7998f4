/**
 * Agreement with a peer: our per-session totals against `@ccusage/pi`'s (`ccusage-pi
 * session --json --piPath <sessions>`, a devDependency) on the whole fixture store. Where
 * both count the same entries the figures are equal; every difference is one of these
 * rules, each computed from the files by the small reader below and asserted as such:
 *  - OTHER_CARRIERS: ccusage counts usage on assistant messages only; we also count it on
 *    compaction, branch_summary and usage entries and on tool results (pi session format).
 *  - COPIED_HISTORY: a fork starts with a copy of its parent's entries (pi spec 14.5, 14.6).
 *    We count them once, in the parent; ccusage keeps the first copy it reads of an entry
 *    with the same timestamp and token total (its `pi:<timestamp>:<totalTokens>` key), so
 *    the copy lands in whichever file of the family it happens to read first.
 * Anything else (an entry ccusage reads differently, a second entry with the same key in
 * one file) fails the test with the session named.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, relative, sep } from 'node:path'
import { allRows, openFixtureLibrary } from '../../helpers/library'

type Figures = [input: number, output: number, cacheRead: number, cacheWrite: number, cost: number]
const ZERO: Figures = [0, 0, 0, 0, 0]
const add = (a: Figures, b: Figures): Figures => a.map((v, i) => v + (b[i] as number)) as Figures
const sub = (a: Figures, b: Figures): Figures => a.map((v, i) => v - (b[i] as number)) as Figures
const isZero = (f: Figures) => f.every((v) => Math.abs(v) < 1e-9)
const same = (a: Figures, b: Figures) => isZero(sub(a, b))

/**
 * ccusage's session key: the first path segment under the sessions folder (the project
 * folder; the file itself for a file directly in it) and the file name after its first `_`.
 */
function keyOf(sessionsDir: string, path: string): string {
  const name = basename(path, '.jsonl')
  const at = name.indexOf('_')
  const project = relative(sessionsDir, path).split(sep)[0]
  return `${project}/${at === -1 ? name : name.slice(at + 1)}`
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?(?:Z|[+-]\d{2}:\d{2})$/

/** One file's usage, split by who counts it (see the rules above). */
interface FileUsage {
  both: Figures
  otherCarriers: Figures
  copied: Figures
  /** ccusage keys of the copied entries. */
  copiedKeys: Set<string>
}

/** What the reader looks at in a pi usage object. */
interface LooseUsage {
  input?: unknown
  output?: unknown
  cacheRead?: unknown
  cacheWrite?: unknown
  totalTokens?: number
  cost?: { total?: unknown }
}

/** What the reader looks at in an entry line. */
interface LooseEntry {
  type?: string
  timestamp?: string
  parentSession?: unknown
  message?: { role?: string; usage?: LooseUsage }
  usage?: LooseUsage
}

/** Reads a session file line by line, as both tools do (unparseable lines skipped). */
function readUsage(path: string): FileUsage {
  const out: FileUsage = {
    both: ZERO,
    otherCarriers: ZERO,
    copied: ZERO,
    copiedKeys: new Set(),
  }
  let forkTime: number | null = null
  const keys = new Set<string>()
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    let e: LooseEntry
    try {
      e = JSON.parse(line.replace(/^\uFEFF/, ''))
    } catch {
      continue
    }
    if (!e || typeof e !== 'object') continue
    const stamp = String(e.timestamp)
    if (e.type === 'session' && forkTime === null && typeof e.parentSession === 'string')
      forkTime = Date.parse(stamp)
    const assistant = e.type === 'message' && e.message?.role === 'assistant'
    const other =
      ['compaction', 'branch_summary', 'usage'].includes(String(e.type)) ||
      (e.type === 'message' && e.message?.role === 'toolResult')
    const u = !assistant && !other ? null : e.type === 'message' ? e.message?.usage : e.usage
    if (!u || typeof u !== 'object') continue
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
    const f: Figures = [n(u.input), n(u.output), n(u.cacheRead), n(u.cacheWrite), n(u.cost?.total)]
    const time = Date.parse(stamp)
    if (forkTime !== null && time <= forkTime) {
      if (assistant) out.copied = add(out.copied, f)
      if (assistant)
        out.copiedKeys.add(`${e.timestamp}:${u.totalTokens ?? f[0] + f[1] + f[2] + f[3]}`)
      continue
    }
    if (other) {
      out.otherCarriers = add(out.otherCarriers, f)
      continue
    }
    assert.ok(
      ISO.test(stamp) && typeof u.input === 'number',
      `${path}: an entry ccusage reads differently`,
    )
    const key = `${e.timestamp}:${u.totalTokens ?? f[0] + f[1] + f[2] + f[3]}`
    assert.ok(!keys.has(key), `${path}: two entries with ccusage's key ${key}`)
    keys.add(key)
    out.both = add(out.both, f)
  }
  return out
}

/** ccusage's per-session figures for the sessions folder `dir`. */
function ccusageSessions(dir: string): Map<string, Figures> {
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('@ccusage/pi/package.json')),
    'dist',
    'index.js',
  )
  const run = spawnSync(process.execPath, [cli, 'session', '--json', '--piPath', dir], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  })
  assert.equal(run.status, 0, run.stderr)
  const { sessions } = JSON.parse(run.stdout) as {
    sessions: {
      projectPath: string
      sessionId: string
      inputTokens: number
      outputTokens: number
      cacheReadTokens: number
      cacheCreationTokens: number
      totalCost: number
    }[]
  }
  return new Map(
    sessions.map((s) => [
      `${s.projectPath}/${s.sessionId}`,
      [
        s.inputTokens,
        s.outputTokens,
        s.cacheReadTokens,
        s.cacheCreationTokens,
        s.totalCost,
      ] as Figures,
    ]),
  )
}

test('our per-session totals agree with @ccusage/pi, each difference by a named rule', async () => {
  const { store, library, close } = await openFixtureLibrary()
  try {
    const theirs = ccusageSessions(store.sessionsDir)
    const rows = allRows(library)
    const sessions = rows
      .map((row) => ({ row, path: library.getSession(row.id).path }))
      .filter(({ path }) => path.startsWith(store.sessionsDir))
    const rules = { equal: 0, otherCarriers: 0, copiedHistory: 0, creditedElsewhere: 0 }
    const families = new Map<string, { ours: Figures; theirs: Figures }>()
    for (const { row, path } of sessions) {
      const key = keyOf(store.sessionsDir, path)
      if (row.status === 'unreadable') {
        // e.g. a folder named like a session file: neither side counts anything.
        assert.equal(theirs.has(key), false, key)
        assert.equal(row.cost, 0)
        continue
      }
      const usage = readUsage(path)
      const ours: Figures = [
        row.tokens.input,
        row.tokens.output,
        row.tokens.cacheRead,
        row.tokens.cacheWrite,
        row.cost,
      ]
      const peer = theirs.get(key) ?? ZERO
      // Our side: exactly the entries both count, plus the carriers ccusage does not read.
      assert.ok(same(ours, add(usage.both, usage.otherCarriers)), `${key}: ours ${ours} vs files`)
      if (!isZero(usage.otherCarriers)) rules.otherCarriers += 1
      // Their side: the entries both count, give or take copied history (COPIED_HISTORY).
      const residual = sub(peer, usage.both)
      if (usage.copiedKeys.size === 0 && row.forkIds.length === 0) {
        assert.ok(isZero(residual), `${key}: ccusage ${peer} vs both ${usage.both}`)
        if (isZero(usage.otherCarriers)) rules.equal += 1
        continue
      }
      rules.copiedHistory += 1
      if (!isZero(residual)) rules.creditedElsewhere += 1
      if (usage.copiedKeys.size > 0)
        assert.ok(
          isZero(residual) || same(residual, usage.copied),
          `${key}: a fork gets all its copy or none`,
        )
      // A family (a parent and its forks) counts each entry once on both sides.
      const root = row.forkIds.length > 0 && !row.parentId ? row.id : (row.parentId ?? row.id)
      const family = families.get(root) ?? { ours: ZERO, theirs: ZERO }
      families.set(root, { ours: add(family.ours, usage.both), theirs: add(family.theirs, peer) })
    }
    for (const [root, { ours, theirs: peer }] of families)
      assert.ok(same(ours, peer), `family of ${root}: ours ${ours} vs ccusage ${peer}`)
    // Every rule is seen on the fixtures, and most sessions agree outright.
    assert.ok(rules.equal >= 20, `equal: ${rules.equal}`)
    assert.ok(rules.otherCarriers >= 3, `other carriers: ${rules.otherCarriers}`)
    assert.ok(rules.copiedHistory >= 4, `copied history: ${rules.copiedHistory}`)
    console.log(`ccusage agreement: ${JSON.stringify(rules)}`)
  } finally {
    await close()
  }
})
