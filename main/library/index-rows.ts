/**
 * Reading the library index: session rows (pi spec 15.1 fields plus status, usage and
 * lineage), projects with their totals (grouped by header cwd, pi spec 1.2), and the models
 * seen. Everything is a query: nothing proportional to the library is kept in memory.
 */
import type { DatabaseSync } from 'node:sqlite'
import { basename } from 'node:path'
import type { ProjectSummary, LibraryRow } from '../../preload/contract/library'
import { ARCHIVED_SQL, markParams, NO_MARKS, STARRED_SQL, type RowMarks } from './marks'

/** The columns of a full row. */
const ROW_COLUMNS = `no, key, project_id, header_id, file_name, cwd, name, first_message, created,
  modified, message_count, entry_count, branch_count, label_count, models, input, output,
  cache_read, cache_write, cost, parent_key, parent_file_name, size, mtime_ms, status,
  listed_by_pi, diagnostic_count, problem, user_message_count, image_count,
  (SELECT COALESCE(p.name, p.first_message) FROM sessions p WHERE p.key = sessions.parent_key)
    AS parent_title,
  ${STARRED_SQL} AS starred, ${ARCHIVED_SQL} AS archived`

/** A row as SQLite returns it. */
interface Row {
  no: number
  key: string
  project_id: string
  header_id: string | null
  file_name: string
  cwd: string | null
  name: string | null
  first_message: string
  created: number | null
  modified: number
  message_count: number
  entry_count: number
  branch_count: number
  label_count: number
  models: string
  input: number
  output: number
  cache_read: number
  cache_write: number
  cost: number
  parent_key: string | null
  parent_file_name: string | null
  parent_title: string | null
  size: number
  mtime_ms: number
  status: LibraryRow['status']
  listed_by_pi: number
  diagnostic_count: number
  problem: string | null
  user_message_count: number
  image_count: number
  starred: number
  archived: number
}

function toSummary(row: Row, forkIds: string[]): LibraryRow {
  return {
    id: row.key,
    projectId: row.project_id,
    headerId: row.header_id,
    fileName: row.file_name,
    cwd: row.cwd,
    name: row.name,
    firstMessage: row.first_message,
    created: row.created,
    modified: row.modified,
    messageCount: row.message_count,
    entryCount: row.entry_count,
    branchCount: row.branch_count,
    labelCount: row.label_count,
    models: JSON.parse(row.models) as string[],
    tokens: {
      input: row.input,
      output: row.output,
      cacheRead: row.cache_read,
      cacheWrite: row.cache_write,
    },
    cost: row.cost,
    parentId: row.parent_key,
    parentFileName: row.parent_file_name,
    parentTitle: row.parent_title,
    forkIds,
    size: row.size,
    fileModified: row.mtime_ms,
    status: row.status,
    listedByPi: row.listed_by_pi === 1,
    diagnosticCount: row.diagnostic_count,
    problem: row.problem,
    userMessageCount: row.user_message_count,
    imageCount: row.image_count,
    starred: row.starred === 1,
    archived: row.archived === 1,
  }
}

/** The forks of each session in `keys` (sessions whose parent link points at it), in file name order. */
function forksOf(db: DatabaseSync, keys: readonly string[]): Map<string, string[]> {
  const forks = new Map<string, string[]>()
  if (keys.length === 0) return forks
  const rows = db
    .prepare(
      'SELECT parent_key, key FROM sessions WHERE parent_key IN (SELECT value FROM json_each(?)) ORDER BY path',
    )
    .all(JSON.stringify(keys)) as { parent_key: string; key: string }[]
  for (const { parent_key, key } of rows) {
    const known = forks.get(parent_key)
    if (known) known.push(key)
    else forks.set(parent_key, [key])
  }
  return forks
}

/**
 * The rows of the sessions numbered `nos`, in that order (numbers not in the index are
 * left out).
 */
export function rowsByNo(
  db: DatabaseSync,
  nos: readonly number[],
  marks: RowMarks = NO_MARKS,
): LibraryRow[] {
  if (nos.length === 0) return []
  const rows = db
    .prepare(`SELECT ${ROW_COLUMNS} FROM sessions WHERE no IN (SELECT value FROM json_each(:nos))`)
    .all({ nos: JSON.stringify(nos), ...markParams(marks) }) as unknown as Row[]
  const byNo = new Map(rows.map((row) => [row.no, row]))
  const forks = forksOf(
    db,
    rows.map((row) => row.key),
  )
  const out: LibraryRow[] = []
  for (const no of nos) {
    const row = byNo.get(no)
    if (row) out.push(toSummary(row, forks.get(row.key) ?? []))
  }
  return out
}

/** The row of the session with opaque id `key`, or undefined. */
export function rowByKey(
  db: DatabaseSync,
  key: string,
  marks: RowMarks = NO_MARKS,
): LibraryRow | undefined {
  const found = db.prepare('SELECT no FROM sessions WHERE key = ?').get(key) as
    { no: number } | undefined
  return found ? rowsByNo(db, [found.no], marks)[0] : undefined
}

/**
 * The rows of the sessions whose header carries session id `headerId` (pi spec 1: the
 * header's `id`), the file changed last first, at most `limit`: where a session's file went
 * when it moved (one row), or copies of it (more). A scan, not an index: asked only when an
 * open session's file is gone.
 */
export function rowsByHeaderId(
  db: DatabaseSync,
  headerId: string,
  marks: RowMarks = NO_MARKS,
  limit = 5,
): LibraryRow[] {
  const found = db
    .prepare('SELECT no FROM sessions WHERE header_id = ? ORDER BY mtime_ms DESC, key LIMIT ?')
    .all(headerId, limit) as { no: number }[]
  return rowsByNo(
    db,
    found.map((f) => f.no),
    marks,
  )
}

/**
 * Projects with counts and totals, newest activity first. Sessions in the archive folder
 * (`archiveRoot`) are not counted: like pi, the projects show what is not archived.
 */
export function listProjects(
  db: DatabaseSync,
  archiveRoot: string | null = null,
): ProjectSummary[] {
  const rows = db
    .prepare(
      `SELECT project_id, max(cwd) AS cwd, json_group_array(DISTINCT folder) AS folders,
        min(folder) AS folder, count(*) AS sessions, sum(status != 'ok') AS damaged,
        sum(status = 'unreadable') AS unreadable,
        max(modified) AS last_modified, sum(message_count) AS messages, sum(input) AS input,
        sum(output) AS output, sum(cache_read) AS cache_read, sum(cache_write) AS cache_write,
        sum(cost) AS cost
      FROM sessions WHERE root IS NOT :archiveRoot GROUP BY project_id`,
    )
    .all({ archiveRoot }) as {
    project_id: string
    cwd: string | null
    folders: string
    folder: string
    sessions: number
    damaged: number
    unreadable: number
    last_modified: number
    messages: number
    input: number
    output: number
    cache_read: number
    cache_write: number
    cost: number
  }[]
  const projects: ProjectSummary[] = rows.map((p) => ({
    id: p.project_id,
    cwd: p.cwd,
    displayName: p.cwd ?? `${basename(p.folder)} (cwd unknown)`,
    folders: (JSON.parse(p.folders) as string[]).sort(),
    sessionCount: p.sessions,
    damagedCount: p.damaged,
    unreadableCount: p.unreadable,
    lastModified: p.last_modified,
    messageCount: p.messages,
    tokens: {
      input: p.input,
      output: p.output,
      cacheRead: p.cache_read,
      cacheWrite: p.cache_write,
    },
    cost: p.cost,
  }))
  return projects.sort(
    (a, b) => b.lastModified - a.lastModified || a.displayName.localeCompare(b.displayName),
  )
}

/** Every `provider/model` seen, sorted. */
export function listModels(db: DatabaseSync): string[] {
  const rows = db
    .prepare('SELECT DISTINCT j.value AS model FROM sessions, json_each(sessions.models) AS j')
    .all() as { model: string }[]
  return rows.map((r) => r.model).sort()
}

/** Sessions whose texts wait for the full-text index, and all sessions. */
export function textProgress(db: DatabaseSync): { pending: number; total: number } {
  const row = db
    .prepare(
      'SELECT coalesce(sum(text_pending = 1), 0) AS pending, count(*) AS total FROM sessions',
    )
    .get() as { pending: number; total: number }
  return row
}
