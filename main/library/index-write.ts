/**
 * Writing the library index: one session's read outcome lands in one transaction (its row,
 * the state its next append resumes from, its texts), and a file that is gone leaves no
 * trace. Parent links (a fork's header `parentSession`) are resolved when either side is
 * written: by exact path, else by file name (pi names files `<time>_<session id>.jsonl`, so
 * the name survives a moved or copied store).
 */
import type { DatabaseSync } from 'node:sqlite'
import { basename } from 'node:path'
import { listedFirstMessage, listingModified } from '../session'
import { appendChunks, deleteChunks } from './index-chunks'
import { inTransaction } from './index-db'
import { textsToKeep } from './other-kinds'
import { deleteSlotRows, writeSlotRows } from '../insights/slot-rows'
import { projectIdOf } from './project'
import type { SessionRecord, ReadOutcome } from './record'

/** What a record's next read resumes from, stored as JSON beside its row. */
type StoredState = Pick<
  SessionRecord,
  'parsedBytes' | 'endsWithNewline' | 'lineCount' | 'tailHex' | 'digest'
>

const UPSERT = `
INSERT INTO sessions (key, path, folder, root, file_name, project_id, size, mtime_ms, ino, status,
  listed_by_pi, problem, diagnostics, diagnostic_count, header_id, cwd, created, modified, name,
  first_message, message_count, user_message_count, image_count, entry_count, branch_count, label_count, models, input, output,
  cache_read, cache_write, cost, parent_session, parent_file_name, state, text_pending)
VALUES (:key, :path, :folder, :root, :fileName, :projectId, :size, :mtimeMs, :ino, :status,
  :listedByPi, :problem, :diagnostics, :diagnosticCount, :headerId, :cwd, :created, :modified,
  :name, :firstMessage, :messageCount, :userMessages, :images, :entryCount, :branchCount, :labelCount, :models, :input,
  :output, :cacheRead, :cacheWrite, :cost, :parentSession, :parentFileName, :state, 0)
ON CONFLICT (path) DO UPDATE SET folder = excluded.folder, root = excluded.root,
  project_id = excluded.project_id, size = excluded.size, mtime_ms = excluded.mtime_ms,
  ino = excluded.ino, status = excluded.status, listed_by_pi = excluded.listed_by_pi,
  problem = excluded.problem, diagnostics = excluded.diagnostics,
  diagnostic_count = excluded.diagnostic_count, header_id = excluded.header_id,
  cwd = excluded.cwd, created = excluded.created, modified = excluded.modified,
  name = excluded.name, first_message = excluded.first_message,
  message_count = excluded.message_count, user_message_count = excluded.user_message_count,
  image_count = excluded.image_count, entry_count = excluded.entry_count,
  branch_count = excluded.branch_count, label_count = excluded.label_count,
  models = excluded.models, input = excluded.input, output = excluded.output,
  cache_read = excluded.cache_read, cache_write = excluded.cache_write, cost = excluded.cost,
  parent_session = excluded.parent_session, parent_file_name = excluded.parent_file_name,
  state = excluded.state
RETURNING no`

/** Resolves the parent link of the rows selected by `where` (see the module comment). */
function resolveParents(db: DatabaseSync, where: string, ...args: (string | number)[]): void {
  db.prepare(
    `UPDATE sessions AS s SET parent_key = CASE WHEN s.parent_session IS NULL THEN NULL ELSE COALESCE(
      (SELECT p.key FROM sessions p WHERE p.path = s.parent_session AND p.no != s.no),
      (SELECT p.key FROM sessions p WHERE p.file_name = s.parent_file_name AND p.no != s.no
        ORDER BY p.path LIMIT 1)) END
    WHERE ${where}`,
  ).run(...args)
}

function rowValues(record: SessionRecord) {
  const d = record.digest
  const state: StoredState = {
    parsedBytes: record.parsedBytes,
    endsWithNewline: record.endsWithNewline,
    lineCount: record.lineCount,
    tailHex: record.tailHex,
    digest: d,
  }
  return {
    key: record.key,
    path: record.path,
    folder: record.folder,
    root: record.root,
    fileName: record.fileName,
    projectId: projectIdOf(d?.cwd ?? '', record.folder),
    size: record.size,
    mtimeMs: record.mtimeMs,
    ino: record.ino,
    status: record.status,
    listedByPi: d?.listing.listedByPi ? 1 : 0,
    problem: record.problem,
    diagnostics: JSON.stringify(record.diagnostics),
    diagnosticCount: record.diagnostics.length,
    headerId: d?.headerId ?? null,
    cwd: d?.cwd || null,
    created: d?.listing.created ?? null,
    modified: d ? listingModified(d.listing, record.mtimeMs) : record.mtimeMs,
    name: d?.listing.name ?? null,
    firstMessage: listedFirstMessage(d?.listing.firstMessage ?? null),
    messageCount: d?.listing.messageCount ?? 0,
    userMessages: d?.userMessages ?? 0,
    images: d?.images ?? 0,
    entryCount: d?.entryCount ?? 0,
    branchCount: d?.leafCount ?? 0,
    labelCount: d?.labelCount ?? 0,
    models: JSON.stringify(d?.models ?? []),
    input: d?.usage.input ?? 0,
    output: d?.usage.output ?? 0,
    cacheRead: d?.usage.cacheRead ?? 0,
    cacheWrite: d?.usage.cacheWrite ?? 0,
    cost: d?.usage.cost ?? 0,
    parentSession: d?.parentSession ?? null,
    parentFileName: d?.parentSession ? basename(d.parentSession) : null,
    state: JSON.stringify(state),
  }
}

/**
 * Stores one read outcome (nothing for an unchanged file or one that is not a pi session):
 * the row, the resume state and the texts the index keeps (other-kinds.ts), replacing the
 * stored ones after a full read, after them for an append.
 */
export function writeOutcome(db: DatabaseSync, outcome: ReadOutcome): void {
  if (outcome.kind === 'unchanged') return
  // Another program's file is not listed (a file that turned into one leaves the index).
  if (outcome.kind === 'foreign') return removeSessions(db, [outcome.record.path])
  const { record } = outcome
  inTransaction(db, () => {
    const values = rowValues(record)
    const { no } = db.prepare(UPSERT).get(values) as { no: number }
    if (outcome.kind !== 'appended') deleteChunks(db, no)
    writeSlotRows(db, no, {
      projectId: values.projectId,
      size: record.size,
      damaged: record.status !== 'ok',
      slots: record.digest?.slots ?? {},
      images: record.digest?.images ?? 0,
    })
    const texts = textsToKeep(db, no, outcome.kind !== 'appended', outcome.texts)
    if (appendChunks(db, no, texts))
      db.prepare('UPDATE sessions SET text_pending = 1 WHERE no = ?').run(no)
    resolveParents(
      db,
      'no = ? OR parent_session = ? OR parent_file_name = ?',
      no,
      record.path,
      record.fileName,
    )
  })
}

/** Removes the sessions at `paths` (files that are gone) with their texts. */
export function removeSessions(db: DatabaseSync, paths: readonly string[]): void {
  if (paths.length === 0) return
  inTransaction(db, () => {
    const find = db.prepare('SELECT no, file_name FROM sessions WHERE path = ?')
    for (const path of paths) {
      const row = find.get(path) as { no: number; file_name: string } | undefined
      if (!row) continue
      deleteChunks(db, row.no)
      deleteSlotRows(db, row.no)
      db.prepare('DELETE FROM sessions WHERE no = ?').run(row.no)
      resolveParents(db, 'parent_session = ? OR parent_file_name = ?', path, row.file_name)
    }
  })
}

/** Columns a stored record is rebuilt from. */
const RECORD_COLUMNS =
  'key, path, folder, root, file_name, size, mtime_ms, ino, status, problem, diagnostics, state'

/** A stored row as read back. */
interface StoredRow {
  key: string
  path: string
  folder: string
  root: string
  file_name: string
  size: number
  mtime_ms: number
  ino: number
  status: SessionRecord['status']
  problem: string | null
  diagnostics: string
  state: string | null
}

function toRecord(row: StoredRow): SessionRecord {
  const state = JSON.parse(row.state ?? 'null') as StoredState | null
  return {
    key: row.key,
    path: row.path,
    folder: row.folder,
    root: row.root,
    fileName: row.file_name,
    size: row.size,
    mtimeMs: row.mtime_ms,
    ino: row.ino,
    status: row.status,
    problem: row.problem,
    diagnostics: JSON.parse(row.diagnostics) as SessionRecord['diagnostics'],
    parsedBytes: state?.parsedBytes ?? 0,
    endsWithNewline: state?.endsWithNewline ?? false,
    lineCount: state?.lineCount ?? 0,
    tailHex: state?.tailHex ?? '',
    digest: state?.digest ?? null,
  }
}

/** The stored record of the file at `path`, if any (what its next read resumes from). */
export function loadRecordByPath(db: DatabaseSync, path: string): SessionRecord | undefined {
  const row = db.prepare(`SELECT ${RECORD_COLUMNS} FROM sessions WHERE path = ?`).get(path)
  return row ? toRecord(row as unknown as StoredRow) : undefined
}

/** Where a session's file is, by opaque id: what the API needs to act on it. */
export type SessionLocation = Pick<
  SessionRecord,
  'key' | 'path' | 'folder' | 'root' | 'fileName' | 'size' | 'status'
>

/**
 * Where the session with opaque id `key` is, if the index knows it (without its stored
 * state, which can be large: every entry id of the file).
 */
export function locateByKey(db: DatabaseSync, key: string): SessionLocation | undefined {
  const row = db
    .prepare('SELECT key, path, folder, root, file_name, size, status FROM sessions WHERE key = ?')
    .get(key) as (Omit<SessionLocation, 'fileName'> & { file_name: string }) | undefined
  if (!row) return undefined
  const { file_name: fileName, ...rest } = row
  return { ...rest, fileName }
}
