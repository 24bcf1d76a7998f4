/**
 * The library index: one SQLite database (node:sqlite, WAL) in the app's data folder, or in
 * memory when the library keeps nothing on disk. It holds one row per session with every
 * listing field the rows, sorts, filters and project totals need, the state an append is
 * resumed from, and the sessions' searchable texts in chunks with a trigram full-text index
 * (FTS5: pi matches by case-insensitive substring, pi spec 15.5): one for pi's message texts,
 * one for the other kinds, which are kept only once a search asked for them (other-kinds.ts),
 * and for the Insights charts
 * each session's usage and messages by quarter hour and model (main/insights/slots.ts), the
 * same by local day for each time zone asked for (main/insights/days.ts), and its disk facts (size, images, damage), small rows the charts scan instead of the sessions'. A database that is missing,
 * foreign, of another schema version or unreadable is rebuilt from the session files, which
 * are the only truth: the index is never trusted beyond its own header checks.
 */
import { DatabaseSync } from 'node:sqlite'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { WriteLock } from './write-lock'

/** Bump when the schema or a stored shape changes: an older index is then rebuilt. */
export const INDEX_SCHEMA_VERSION = 9
/** `PRAGMA application_id` of our index ("piSs"): anything else at our path is foreign. */
const APPLICATION_ID = 0x70695373

/** Milliseconds a connection waits for another writer (a read worker, the text indexer). */
const BUSY_TIMEOUT_MS = 10_000

/** The index file inside `dataDir`. */
export function indexPath(dataDir: string): string {
  return join(dataDir, 'library.sqlite')
}

const SCHEMA = `
CREATE TABLE sessions (
  no INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  path TEXT NOT NULL UNIQUE,
  folder TEXT NOT NULL,
  root TEXT NOT NULL,
  file_name TEXT NOT NULL,
  project_id TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  ino INTEGER NOT NULL,
  status TEXT NOT NULL,
  listed_by_pi INTEGER NOT NULL,
  problem TEXT,
  diagnostics TEXT NOT NULL,
  diagnostic_count INTEGER NOT NULL,
  header_id TEXT,
  cwd TEXT,
  created REAL,
  modified REAL NOT NULL,
  name TEXT,
  first_message TEXT NOT NULL,
  message_count INTEGER NOT NULL,
  user_message_count INTEGER NOT NULL,
  image_count INTEGER NOT NULL,
  entry_count INTEGER NOT NULL,
  branch_count INTEGER NOT NULL,
  label_count INTEGER NOT NULL,
  models TEXT NOT NULL,
  input REAL NOT NULL,
  output REAL NOT NULL,
  cache_read REAL NOT NULL,
  cache_write REAL NOT NULL,
  cost REAL NOT NULL,
  parent_session TEXT,
  parent_file_name TEXT,
  parent_key TEXT,
  state TEXT,
  -- 1: texts wait for the full-text index; 2: only other kinds wait (other-kinds.ts)
  text_pending INTEGER NOT NULL,
  other_texts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_recent ON sessions (modified DESC, file_name DESC);
CREATE INDEX sessions_project ON sessions (project_id, modified DESC);
CREATE INDEX sessions_file_name ON sessions (file_name);
CREATE INDEX sessions_parent ON sessions (parent_key);
CREATE INDEX sessions_parent_session ON sessions (parent_session);
CREATE INDEX sessions_parent_file ON sessions (parent_file_name);
CREATE INDEX sessions_pending ON sessions (text_pending, modified DESC);
CREATE INDEX sessions_other ON sessions (other_texts, modified DESC);
CREATE TABLE flags (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE chunks (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL,
  segments TEXT NOT NULL
);
CREATE TABLE pending_chunks (id INTEGER PRIMARY KEY);
CREATE VIRTUAL TABLE message_fts USING fts5(
  text, content='chunks', content_rowid='id', tokenize='trigram'
);
INSERT INTO message_fts (message_fts, rank) VALUES ('automerge', 16);
CREATE VIRTUAL TABLE other_fts USING fts5(
  text, content='chunks', content_rowid='id', tokenize='trigram'
);
INSERT INTO other_fts (other_fts, rank) VALUES ('automerge', 16);
CREATE TABLE usage_slots (
  session_no INTEGER NOT NULL,
  project_id TEXT NOT NULL,
  slot REAL NOT NULL,
  model TEXT NOT NULL,
  input REAL NOT NULL,
  output REAL NOT NULL,
  cache_read REAL NOT NULL,
  cache_write REAL NOT NULL,
  cost REAL NOT NULL,
  messages INTEGER NOT NULL
);
CREATE INDEX usage_slots_session ON usage_slots (session_no);
CREATE INDEX usage_slots_slot ON usage_slots (slot);
CREATE TABLE usage_days (
  zone TEXT NOT NULL,
  day INTEGER NOT NULL,
  session_no INTEGER NOT NULL,
  model TEXT NOT NULL,
  project_id TEXT NOT NULL,
  input REAL NOT NULL,
  output REAL NOT NULL,
  cache_read REAL NOT NULL,
  cache_write REAL NOT NULL,
  cost REAL NOT NULL,
  messages INTEGER NOT NULL,
  PRIMARY KEY (zone, day, session_no, model)
) WITHOUT ROWID;
CREATE INDEX usage_days_session ON usage_days (session_no);
CREATE TABLE usage_zones (zone TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE session_facts (
  session_no INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL,
  size INTEGER NOT NULL,
  images INTEGER NOT NULL,
  damaged INTEGER NOT NULL
);
CREATE INDEX session_facts_project ON session_facts (project_id, size DESC);
`

/** An open index: the connection and why it had to be rebuilt, if it was. */
export interface OpenIndex {
  db: DatabaseSync
  /** Why an existing index was discarded and rebuilt; null when it was used or new. */
  rebuilt: string | null
}

/** Page cache of one connection, KiB (SQLite's default is 2 MiB; merging the index wants more). */
const CACHE_KIB = 32 * 1024

/**
 * WAL pages between checkpoints (SQLite's default is 1,000): each checkpoint ends in an
 * fsync, and a first launch writes the texts of the whole library.
 */
const CHECKPOINT_PAGES = 8192

function configure(db: DatabaseSync, file: string | null): void {
  if (file) db.exec(`PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = ${CHECKPOINT_PAGES}`)
  db.exec(
    `PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA cache_size = -${CACHE_KIB}`,
  )
}

/** Why the database at hand is not our index of this version; null when it is. */
function mismatch(db: DatabaseSync): string | null {
  const app = (db.prepare('PRAGMA application_id').get() as { application_id: number })
    .application_id
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get()
  if (app === 0 && version === 0 && (tables?.n as number) === 0) return 'new'
  if (app !== APPLICATION_ID) return 'the file is not a Pi Sessions index'
  if (version !== INDEX_SCHEMA_VERSION)
    return `the index is of schema ${version}, this version uses ${INDEX_SCHEMA_VERSION}`
  // A quick look at the tables we read first: a damaged page here throws.
  db.prepare('SELECT count(*) FROM sessions WHERE no < 2').get()
  return null
}

function create(db: DatabaseSync): void {
  db.exec('BEGIN')
  db.exec(SCHEMA)
  db.exec(
    `PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${INDEX_SCHEMA_VERSION}`,
  )
  db.exec('COMMIT')
}

function removeIndexFiles(file: string): void {
  // The index is ours and derived from the session files: a bad one is simply replaced.
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
}

/**
 * Opens (or creates) the library index.
 * @param dataDir the app's data folder; null keeps the index in memory
 * @returns the connection and, when an existing file could not be used, why it was rebuilt
 * @throws Error only when even a fresh index cannot be created (e.g. the folder is read-only)
 */
export function openIndex(dataDir: string | null): OpenIndex {
  if (dataDir === null) {
    const db = new DatabaseSync(':memory:')
    configure(db, null)
    create(db)
    return { db, rebuilt: null }
  }
  mkdirSync(dataDir, { recursive: true })
  const file = indexPath(dataDir)
  let rebuilt: string | null = null
  if (existsSync(file)) {
    try {
      const db = new DatabaseSync(file)
      try {
        configure(db, file)
        const why = mismatch(db)
        if (why === null) return { db, rebuilt: null }
        if (why === 'new') {
          create(db)
          return { db, rebuilt: null }
        }
        rebuilt = why
      } catch (error) {
        rebuilt = `the index could not be read (${(error as Error).message})`
      }
      db.close()
    } catch (error) {
      rebuilt = `the index could not be opened (${(error as Error).message})`
    }
    removeIndexFiles(file)
  }
  const db = new DatabaseSync(file)
  configure(db, file)
  create(db)
  return { db, rebuilt }
}

/** The cross-thread write lock of each connection that has one. */
const locks = new WeakMap<DatabaseSync, WriteLock>()

/**
 * Opens an existing index from another thread (a read worker), as a second connection.
 * @param lock the shared memory of the library's write lock (write-lock.ts)
 * @throws Error when the file cannot be opened
 */
export function connectIndex(file: string, lock?: SharedArrayBuffer): DatabaseSync {
  const db = new DatabaseSync(file)
  configure(db, file)
  if (lock) locks.set(db, new WriteLock(lock))
  return db
}

/** Gives a connection the library's write lock (write-lock.ts). */
export function useWriteLock(db: DatabaseSync, lock: WriteLock): void {
  locks.set(db, lock)
}

/**
 * Runs `work` in one write transaction, rolled back if it throws. The connection's write
 * lock, when it has one, is held throughout; BEGIN IMMEDIATE takes SQLite's own up front, so
 * two writers wait for each other instead of failing half-way.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  const lock = locks.get(db)
  lock?.acquire()
  try {
    db.exec('BEGIN IMMEDIATE')
    try {
      const result = work()
      db.exec('COMMIT')
      return result
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  } finally {
    lock?.release()
  }
}
