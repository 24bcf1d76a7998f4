/**
 * The searchable texts in the index: a session's user/assistant texts (pi spec 15.1) are
 * stored in chunks of about CHUNK_CHARS, each the texts joined by SEPARATOR with the entry id
 * and role of every segment beside it, and indexed by FTS5 (trigram) in the background; a
 * chunk waiting for the index is listed in `pending_chunks`. A
 * chunk's rowid is `session no * 2^20 + chunk no`, so one rowid range holds one session's
 * texts in file order. Appends extend the last chunk (or start one), so their cost follows
 * the appended bytes.
 */
import type { DatabaseSync } from 'node:sqlite'
import type { ListingText } from '../session'
import { inTransaction } from './index-db'

/** Characters a chunk grows to before the next text starts a new one. */
export const CHUNK_CHARS = 16_384
/** Between two texts of a chunk; no search term can hold it, so no match spans two texts. */
export const SEPARATOR = '\u001e'
/** Low bits of a chunk rowid that number the chunk within its session. */
export const SESSION_BITS = 20
const SESSION_SPAN = 2 ** SESSION_BITS

/** One text of a chunk: its entry, role (u/a) and length in characters. */
export type Segment = [entryId: string, role: 'u' | 'a', length: number]

/** The rowid range of one session's chunks. */
export function chunkRange(no: number): [low: number, high: number] {
  return [no * SESSION_SPAN, no * SESSION_SPAN + SESSION_SPAN - 1]
}

/** Removes a session's chunks, and their full-text entries where they were indexed. */
export function deleteChunks(db: DatabaseSync, no: number): void {
  const [low, high] = chunkRange(no)
  db.prepare(
    `INSERT INTO chunks_fts (chunks_fts, rowid, text) SELECT 'delete', id, text FROM chunks
      WHERE id BETWEEN ? AND ? AND id NOT IN (SELECT id FROM pending_chunks WHERE id BETWEEN ? AND ?)`,
  ).run(low, high, low, high)
  db.prepare('DELETE FROM chunks WHERE id BETWEEN ? AND ?').run(low, high)
  db.prepare('DELETE FROM pending_chunks WHERE id BETWEEN ? AND ?').run(low, high)
}

interface Open {
  id: number
  text: string
  segments: Segment[]
  indexed: boolean
}

function lastChunk(db: DatabaseSync, no: number): Open | null {
  const [low, high] = chunkRange(no)
  const row = db
    .prepare(
      `SELECT id, text, segments, id NOT IN (SELECT id FROM pending_chunks) AS indexed FROM chunks
        WHERE id BETWEEN ? AND ? ORDER BY id DESC LIMIT 1`,
    )
    .get(low, high) as { id: number; text: string; segments: string; indexed: number } | undefined
  if (!row) return null
  return {
    id: row.id,
    text: row.text,
    segments: JSON.parse(row.segments) as Segment[],
    indexed: row.indexed === 1,
  }
}

/**
 * Adds texts after a session's stored ones (all of a new file's, or an append's).
 * @returns whether anything now waits for the full-text index
 */
export function appendChunks(db: DatabaseSync, no: number, texts: readonly ListingText[]): boolean {
  if (texts.length === 0) return false
  let open = lastChunk(db, no)
  const store = db.prepare('INSERT OR REPLACE INTO chunks (id, text, segments) VALUES (?, ?, ?)')
  const wait = db.prepare('INSERT OR IGNORE INTO pending_chunks (id) VALUES (?)')
  const put = {
    run(id: number, text: string, segments: string) {
      store.run(id, text, segments)
      wait.run(id)
    },
  }
  if (open && open.text.length >= CHUNK_CHARS) open = null
  if (open?.indexed) {
    // The chunk grows: its full-text entry is replaced once the indexer reaches it again.
    db.prepare("INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', ?, ?)").run(
      open.id,
      open.text,
    )
  }
  let current: Open = open ?? { id: nextId(db, no), text: '', segments: [], indexed: false }
  for (const { entryId, role, text } of texts) {
    if (current.text.length >= CHUNK_CHARS) {
      put.run(current.id, current.text, JSON.stringify(current.segments))
      current = { id: current.id + 1, text: '', segments: [], indexed: false }
    }
    const clean = text.replaceAll(SEPARATOR, ' ')
    current.text += (current.segments.length > 0 ? SEPARATOR : '') + clean
    current.segments.push([entryId, role === 'user' ? 'u' : 'a', clean.length])
  }
  put.run(current.id, current.text, JSON.stringify(current.segments))
  return true
}

function nextId(db: DatabaseSync, no: number): number {
  const [low, high] = chunkRange(no)
  const row = db
    .prepare('SELECT max(id) AS id FROM chunks WHERE id BETWEEN ? AND ?')
    .get(low, high) as { id: number | null }
  return row.id === null ? low : row.id + 1
}

/** One text of a stored chunk, with where it came from. */
export interface StoredText {
  entryId: string
  role: 'user' | 'assistant'
  text: string
}

/** Splits a stored chunk back into its texts. */
export function chunkTexts(text: string, segments: string): StoredText[] {
  const out: StoredText[] = []
  let at = 0
  for (const [entryId, role, length] of JSON.parse(segments) as Segment[]) {
    out.push({
      entryId,
      role: role === 'u' ? 'user' : 'assistant',
      text: text.slice(at, at + length),
    })
    at += length + SEPARATOR.length
  }
  return out
}

/** A session's stored chunks in file order, read lazily (a caller that stops early reads no more). */
export function readChunks(db: DatabaseSync, no: number): Iterable<StoredChunk> {
  const [low, high] = chunkRange(no)
  return db
    .prepare('SELECT text, segments FROM chunks WHERE id BETWEEN ? AND ? ORDER BY id')
    .iterate(low, high) as Iterable<StoredChunk>
}

/** One stored chunk: its texts joined by SEPARATOR, and their segments as JSON. */
export interface StoredChunk {
  text: string
  segments: string
}

/**
 * Indexes pending chunks of the newest sessions whose texts wait, up to about `maxChars`
 * characters, in one transaction of its own.
 * @returns how many chunks were indexed (0: nothing waits)
 */
export function indexPendingChunks(db: DatabaseSync, maxChars: number): number {
  return inTransaction(db, () => indexPendingIn(db, maxChars))
}

function indexPendingIn(db: DatabaseSync, maxChars: number): number {
  let chars = 0
  let count = 0
  const next = db.prepare(
    'SELECT no FROM sessions WHERE text_pending = 1 ORDER BY modified DESC LIMIT 1',
  )
  const pick = db.prepare(
    `SELECT c.id, c.text FROM pending_chunks p JOIN chunks c ON c.id = p.id
      WHERE p.id BETWEEN ? AND ? ORDER BY p.id LIMIT 8`,
  )
  const add = db.prepare('INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)')
  // Waiting is marked apart from the text: un-marking never rewrites a chunk's pages.
  const mark = db.prepare('DELETE FROM pending_chunks WHERE id = ?')
  const done = db.prepare('UPDATE sessions SET text_pending = 0 WHERE no = ?')
  while (chars < maxChars) {
    const session = next.get() as { no: number } | undefined
    if (!session) break
    const [low, high] = chunkRange(session.no)
    const rows = pick.all(low, high) as { id: number; text: string }[]
    for (const row of rows) {
      add.run(row.id, row.text)
      mark.run(row.id)
      chars += row.text.length
      count += 1
    }
    if (rows.length < 8) done.run(session.no)
  }
  return count
}
