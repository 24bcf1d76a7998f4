/**
 * Insights benchmark: the figures of the whole Insights view (usage per period, activity,
 * the three top lists, disk use: the six queries the view asks main for) on a generated
 * store, timed in a fresh process right after the library opens on its index (median of
 * `--runs` processes), then after one change of range, scope, period or zone. The index is
 * built once into a data folder of its own under the temp folder (kept for the next run; the
 * store is only read). `--ccusage 1` also prints @ccusage/pi's totals for the store.
 * `--dense N` then times the view on an in-memory copy of the index whose every session is
 * given N quarter hours of synthetic usage over a year and five models (generated stores
 * date all their entries within minutes, which leaves the slot table small).
 * Needs `npm run build` (the read worker).
 *
 * Usage: node --import tsx bench/insights.ts [--store <dir>] [--runs 7] [--ccusage 1] [--dense 60]
 * (default store: bench/out/store-2000-50-1000mb)
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { activityByDay, diskUse, topItems, usageOverTime } from '../main/insights'
import { openIndex } from '../main/library/index-db'
import { SessionLibrary } from '../main/library/library'
import type { InsightsScope, UsageQuery } from '../preload/contract/insights'
import { numberArg } from './args'
import { median } from './stats'

const at = process.argv.indexOf('--store')
const store = resolve(at > 0 ? (process.argv[at + 1] as string) : 'bench/out/store-2000-50-1000mb')
const runs = numberArg('runs', 7)
const root = join(store, 'agent', 'sessions')
const dataDir = join(tmpdir(), 'pi-insights-bench', basename(store))

/** The six queries of the view for one scope (what the renderer asks for on open). */
function wholeView(db: DatabaseSync, scope: InsightsScope, usage: Omit<UsageQuery, 'scope'>) {
  return {
    usage: usageOverTime(db, { scope, ...usage }),
    activity: activityByDay(db, scope),
    top: (['project', 'model', 'session'] as const).map((kind) =>
      topItems(db, { scope, kind, by: 'cost', limit: 10 }),
    ),
    disk: diskUse(db, scope),
  }
}

async function openLibrary(): Promise<{ library: SessionLibrary; openMs: number }> {
  const worker = { path: resolve('out/main/read-worker.js') }
  const t = performance.now()
  const library = new SessionLibrary([{ path: root, source: 'cli' }], {
    dataDir,
    watch: false,
    worker,
  })
  await library.start()
  await library.whenIdle()
  return { library, openMs: performance.now() - t }
}

/** One process: open, the whole view, then one change at a time; prints one JSON line. */
async function child(): Promise<void> {
  const { library, openMs } = await openLibrary()
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  const all: InsightsScope = { projectId: null, from: null, to: null, timeZone: zone }
  const byDay = { period: 'day', stackBy: 'model' } as const
  const last = library.readIndex(
    (db) => (db.prepare('SELECT max(slot) AS t FROM usage_slots').get() as { t: number }).t,
  )
  const day = (n: number) => new Date(last - n * 86_400_000).toISOString().slice(0, 10)
  const project = library.listProjects().projects[0]?.id ?? null
  const cases: [string, InsightsScope, Omit<UsageQuery, 'scope'>][] = [
    ['open: all time, all projects, by day and model', all, byDay],
    ['range: last 30 days', { ...all, from: day(29), to: day(0) }, byDay],
    ['range: last 7 days', { ...all, from: day(6), to: day(0) }, byDay],
    ['scope: one project', { ...all, projectId: project }, byDay],
    ['period: month, stacked by project', all, { period: 'month', stackBy: 'project' }],
    ['zone: Asia/Kolkata', { ...all, timeZone: 'Asia/Kolkata' }, byDay],
  ]
  const times: Record<string, number> = { 'library open on its index': openMs }
  for (const [name, scope, usage] of cases) {
    const t = performance.now()
    library.readIndex((db) => wholeView(db, scope, usage))
    times[name] = performance.now() - t
  }
  await library.close()
  console.log(JSON.stringify(times))
}

function facts(): string {
  const { DatabaseSync: Db } = process.getBuiltinModule('node:sqlite')
  const db = new Db(join(dataDir, 'library.sqlite'), { readOnly: true })
  const count = (table: string) =>
    (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  const text = `${count('sessions')} sessions, ${count('usage_slots')} usage slots`
  db.close()
  return text
}

function ccusage(): void {
  const cli = resolve('node_modules/@ccusage/pi/dist/index.js')
  const t = performance.now()
  const run = spawnSync(process.execPath, [cli, 'session', '--json', '--piPath', root], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  })
  const seconds = ((performance.now() - t) / 1000).toFixed(1)
  const sessions = (
    JSON.parse(run.stdout) as {
      sessions: { totalCost: number; inputTokens: number; outputTokens: number }[]
    }
  ).sessions
  const sum = (f: (s: (typeof sessions)[number]) => number) =>
    sessions.reduce((n, s) => n + f(s), 0)
  console.log(
    `@ccusage/pi session --json (${seconds} s): ${sessions.length} sessions, $${sum((s) => s.totalCost).toFixed(4)}, input ${sum((s) => s.inputTokens)}, output ${sum((s) => s.outputTokens)}`,
  )
}

/**
 * Times the view on an in-memory copy of the index's Insights tables (sessions without their
 * stored state, no texts) with `perSession` synthetic slots per session.
 */
function dense(perSession: number): void {
  const { db } = openIndex(null)
  db.prepare('ATTACH ? AS src').run(join(dataDir, 'library.sqlite'))
  const columns = (db.prepare('PRAGMA src.table_info(sessions)').all() as { name: string }[])
    .map((c) => (c.name === 'state' ? 'NULL' : c.name))
    .join(', ')
  db.exec(`INSERT INTO sessions SELECT ${columns} FROM src.sessions;
    INSERT INTO usage_slots SELECT * FROM src.usage_slots;
    INSERT INTO session_facts SELECT * FROM src.session_facts; DETACH src`)
  const end = (db.prepare('SELECT max(slot) AS t FROM usage_slots').get() as { t: number }).t
  const sessions = db.prepare('SELECT no, project_id FROM sessions').all() as {
    no: number
    project_id: string
  }[]
  const insert = db.prepare(
    `INSERT INTO usage_slots (session_no, project_id, slot, model, input, output, cache_read,
      cache_write, cost, messages) VALUES (?, ?, ?, ?, 1200, 180, 800, 10, 0.00654, 2)`,
  )
  const quarter = 15 * 60 * 1000
  db.exec('BEGIN')
  for (const { no, project_id } of sessions) {
    const start = end - ((no * 7919) % 365) * 86_400_000
    for (let i = 0; i < perSession; i++)
      insert.run(no, project_id, start + i * quarter, `p/model-${(no + i) % 5}`)
  }
  db.exec('COMMIT')
  const count = (table: string) =>
    (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  const all: InsightsScope = { projectId: null, from: null, to: null, timeZone: zone }
  const day = (n: number) => new Date(end - n * 86_400_000).toISOString().slice(0, 10)
  const t = performance.now()
  wholeView(db, all, { period: 'day', stackBy: 'model' })
  const firstMs = performance.now() - t
  console.log(
    `dense: ${count('usage_slots')} usage slots; first view in a zone (builds its ${count('usage_days')} day rows): ${firstMs.toFixed(0)} ms`,
  )
  for (const [name, scope] of [
    ['all time', all],
    ['last 30 days', { ...all, from: day(29), to: day(0) }],
    ['one project', { ...all, projectId: sessions[0]?.project_id ?? null }],
  ] as const) {
    const times = Array.from({ length: runs }, () => {
      const started = performance.now()
      wholeView(db, scope, { period: 'day', stackBy: 'model' })
      return performance.now() - started
    })
    console.log(`dense, ${name}: median ${median(times).toFixed(1)} ms (${runs} runs)`)
  }
  db.close()
}

if (process.argv.includes('--child')) await child()
else {
  if (!existsSync(root)) throw new Error(`No store at ${store} (bench/gen-store.ts makes one)`)
  mkdirSync(dataDir, { recursive: true })
  const built = existsSync(join(dataDir, 'library.sqlite'))
  console.log(`store ${store}; index ${dataDir} (${built ? 'reused' : 'building: minutes'})`)
  if (!built) {
    const { library, openMs } = await openLibrary()
    console.log(`index built in ${(openMs / 1000).toFixed(1)} s`)
    const totals = library.listProjects().projects
    console.log(
      `Pi Sessions: ${totals.reduce((n, p) => n + p.sessionCount, 0)} sessions, $${totals.reduce((n, p) => n + p.cost, 0).toFixed(4)}, input ${totals.reduce((n, p) => n + p.tokens.input, 0)}, output ${totals.reduce((n, p) => n + p.tokens.output, 0)}`,
    )
    await library.close()
  }
  console.log(facts())
  const results = Array.from({ length: runs }, () => {
    const args = ['--import', 'tsx', 'bench/insights.ts', '--child', '--store', store]
    const out = execFileSync(process.execPath, args, { encoding: 'utf8' })
    return JSON.parse(out.trim().split('\n').at(-1) as string) as Record<string, number>
  })
  for (const name of Object.keys(results[0] ?? {})) {
    const times = results.map((r) => r[name] as number)
    console.log(
      `${name}: median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; ${runs} processes)`,
    )
  }
  if (numberArg('ccusage', 0) === 1) ccusage()
  if (numberArg('dense', 0) > 0) dense(numberArg('dense', 0))
}
