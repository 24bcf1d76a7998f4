/**
 * The library's record store: the index database with the writes and reads the library
 * needs, by path for the scan and by opaque id for the API. Synchronous (node:sqlite): a
 * query answers from the index, never from memory proportional to the library.
 */
import type { DatabaseSync } from 'node:sqlite'
import type {
  LibraryRow,
  ProjectSummary,
  SessionQuery,
  SessionSelection,
} from '../../preload/contract/library'
import { chunkTexts, readChunks, type StoredText } from './index-chunks'
import { indexPath, openIndex, useWriteLock, type OpenIndex } from './index-db'
import { runQuery, type QueryOutcome } from './index-query'
import { listModels, listProjects, rowByKey, rowsByHeaderId, textProgress } from './index-rows'
import { locateByKey, removeSessions, type SessionLocation } from './index-write'
import { indexTextSlice, otherKindsIndexed, wantOtherKinds } from './other-kinds'
import type { FileIdentity, SessionStatus } from './record'
import { describeSelection, selectSessions } from './select'
import type { RowMarks } from './marks'
import { WriteLock } from './write-lock'

/** What the scan compares a file with: its stored identity and status. */
export interface StoredIdentity extends FileIdentity {
  status: SessionStatus
}

/** The index of one library. */
export class LibraryIndex {
  /** The index file; null when the index lives in memory. */
  readonly file: string | null
  /**
   * What the user should know about the index itself, as one sentence: why an existing one
   * was rebuilt, or that none could be created on disk; null when all is well.
   */
  readonly problem: string | null
  private readonly db: DatabaseSync
  /** The writers' lock, shared with every thread that writes this index. */
  readonly lock = new WriteLock()

  /**
   * Opens the index in `dataDir` (in memory when null, or when no index can be created
   * there: a read-only or full disk must not keep the library from opening; `rebuilt` says
   * so).
   */
  constructor(dataDir: string | null) {
    let opened: OpenIndex
    let file = dataDir === null ? null : indexPath(dataDir)
    let problem: string | null = null
    try {
      opened = openIndex(dataDir)
      if (opened.rebuilt) problem = `Library index rebuilt: ${opened.rebuilt}`
    } catch (error) {
      opened = openIndex(null)
      problem = `Library index kept in memory for this run: it could not be created in ${dataDir} (${(error as Error).message})`
      file = null
    }
    this.db = opened.db
    this.problem = problem
    this.file = file
    useWriteLock(this.db, this.lock)
  }

  /** The connection (for reads and writes on this thread). */
  get connection(): DatabaseSync {
    return this.db
  }

  /** Every stored file's identity, by path (one small row each, for the stat pass). */
  identities(): Map<string, StoredIdentity> {
    const rows = this.db
      .prepare('SELECT path, size, mtime_ms, ino, status FROM sessions')
      .all() as {
      path: string
      size: number
      mtime_ms: number
      ino: number
      status: SessionStatus
    }[]
    return new Map(
      rows.map((r) => [
        r.path,
        { size: r.size, mtimeMs: r.mtime_ms, ino: r.ino, status: r.status },
      ]),
    )
  }

  /** Where the session with this id is. */
  locate(key: string): SessionLocation | undefined {
    return locateByKey(this.db, key)
  }

  /** Forgets files that are gone. */
  remove(paths: readonly string[]): void {
    removeSessions(this.db, paths)
  }

  /** One slice of the text work on this connection (other-kinds.ts `indexTextSlice`). */
  indexTexts(maxChars: number): Promise<number> {
    return indexTextSlice(this.db, maxChars, false)
  }

  /**
   * Asks for the search's other kinds (other-kinds.ts).
   * @returns whether this was the first ask (background work to start)
   */
  wantOtherKinds(): boolean {
    return wantOtherKinds(this.db)
  }

  /** Sessions whose other kinds are searchable; null while none was asked for. */
  otherKindsIndexed(): number | null {
    return otherKindsIndexed(this.db)
  }

  /** Runs a session query; `marks` tell which sessions are starred. */
  query(query: SessionQuery, marks: RowMarks): QueryOutcome {
    return runQuery(this.db, query, marks)
  }

  /** The sessions behind `ids` with the selection's totals (select.ts). */
  describe(ids: readonly string[]): ReturnType<typeof describeSelection> {
    return describeSelection(this.db, ids)
  }

  /** Every session a query matches, with the selection's totals. */
  select(query: SessionQuery, marks: RowMarks): SessionSelection {
    return selectSessions(this.db, query, marks)
  }

  /** Projects with their totals, without the sessions in `archiveRoot` (index-rows.ts). */
  projects(archiveRoot: string | null): ProjectSummary[] {
    return listProjects(this.db, archiveRoot)
  }

  /** Every model seen. */
  models(): string[] {
    return listModels(this.db)
  }

  /** The row of a session id, or undefined. */
  row(key: string, marks: RowMarks): LibraryRow | undefined {
    return rowByKey(this.db, key, marks)
  }

  /** The rows of the sessions whose header id is `headerId` (index-rows.ts rowsByHeaderId). */
  rowsWithHeader(headerId: string, marks: RowMarks): LibraryRow[] {
    return rowsByHeaderId(this.db, headerId, marks)
  }

  /** A session's searchable texts in file order (pi spec 15.1), as stored. */
  texts(key: string): StoredText[] {
    const found = this.db.prepare('SELECT no FROM sessions WHERE key = ?').get(key) as
      { no: number } | undefined
    if (!found) return []
    return [...readChunks(this.db, found.no)].flatMap((row) => chunkTexts(row.text, row.segments))
  }

  /** Sessions whose texts wait for the full-text index, of all sessions. */
  textProgress(): { pending: number; total: number } {
    return textProgress(this.db)
  }

  /** Closes the connection. */
  close(): void {
    if (this.db.isOpen) this.db.close()
  }
}
