/**
 * The searchable texts in the index: a session's texts of each kind (search-texts.ts: pi's
 * user/assistant texts, pi spec 15.1, then tool output, thinking, commands and paths) are
 * stored in chunks of about CHUNK_CHARS, each the texts joined by SEPARATOR with the entry id
 * and role of every segment beside it, and indexed by FTS5 (trigram) in the background, pi's
 * messages in `message_fts` and the other kinds in `other_fts` (a search of pi's scope never
 * reads the larger other index); a chunk waiting for the index is listed in `pending_chunks`. A chunk's rowid is
 * `session no * 2^20 + kind * 2^18 + chunk no`, so one rowid range holds one session's texts
 * of one kind in file order, and a full-text hit tells its kind by its rowid alone. Appends
 * extend each kind's last chunk (or start one), so their cost follows the appended bytes.
 */
import type { DatabaseSync } from 'node:sqlite'
import type { SearchScope } from '../../preload/contract/library'
import { inTransaction } from './index-db'
import { kindOf, type SearchText } from './search-texts'

/** Characters a chunk grows to before the next text starts a new one. */
export const CHUNK_CHARS = 16_384
/** Between two texts of a chunk; no search term can hold it, so no match spans two texts. */
export const SEPARATOR = '\u001e'
/** Low bits of a chunk rowid that number the chunk within its session. */
export const SESSION_BITS = 20
const SESSION_SPAN = 2 ** SESSION_BITS
/** Low bits of a chunk rowid that number the chunk within its session's texts of one kind. */
export const KIND_BITS = 18
const KIND_SPAN = 2 ** KIND_BITS

/** Each kind's number in a chunk rowid (two bits between the session and the chunk number). */
export const KIND_NUMBERS: Record<SearchScope, number> = {
  messages: 0,
  'tool-output': 1,
  thinking: 2,
  commands: 3,
}

/** One text of a chunk: its entry, role (u/a; t, k, c for the other kinds) and length. */
export type Segment = [entryId: string, role: string, length: number]

const ROLE_CODES: Record<SearchText['role'], string> = {
  user: 'u',
  assistant: 'a',
  'tool-output': 't',
  thinking: 'k',
  commands: 'c',
}

/** The full-text table of the chunk with rowid `id`: its kind's (see the module comment). */
export function ftsTableOf(id: number): 'message_fts' | 'other_fts' {
  return Math.floor(id / KIND_SPAN) % 4 === KIND_NUMBERS.messages ? 'message_fts' : 'other_fts'
}

/** The rowid range of one session's chunks, of one kind or (without one) of all. */
export function chunkRange(no: number, kind?: SearchScope): [low: number, high: number] {
  if (kind === undefined) return [no * SESSION_SPAN, no * SESSION_SPAN + SESSION_SPAN - 1]
  const low = no * SESSION_SPAN + KIND_NUMBERS[kind] * KIND_SPAN
  return [low, low + KIND_SPAN - 1]
}

/** Removes a session's chunks, and their full-text entries where they were indexed. */
export function deleteChunks(db: DatabaseSync, no: number): void {
  const [low, high] = chunkRange(no)
  // Messages are the first kind: their range, then the other kinds' after it.
  const split = chunkRange(no, 'messages')[1]
  for (const [table, from, to] of [
    ['message_fts', low, split],
    ['other_fts', split + 1, high],
  ] as const) {
    db.prepare(
      `INSERT INTO ${table} (${table}, rowid, text) SELECT 'delete', id, text FROM chunks
        WHERE id BETWEEN ? AND ? AND id NOT IN (SELECT id FROM pending_chunks WHERE id BETWEEN ? AND ?)`,
    ).run(from, to, from, to)
  }
  db.prepare('DELETE FROM chunks WHERE id BETWEEN ? AND ?').run(low, high)
  db.prepare('DELETE FROM pending_chunks WHERE id BETWEEN ? AND ?').run(low, high)
}

interface Open {
  id: number
  text: string
  segments: Segment[]
  indexed: boolean
}

function lastChunk(db: DatabaseSync, no: number, kind: SearchScope): Open | null {
  const [low, high] = chunkRange(no, kind)
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
 * Adds texts after a session's stored ones (all of a new file's, or an append's), each
 * after the stored texts of its kind.
 * @returns whether anything now waits for the full-text index
 */
export function appendChunks(db: DatabaseSync, no: number, texts: readonly SearchText[]): boolean {
  const byKind = new Map<SearchScope, SearchText[]>()
  for (const text of texts) {
    const kind = kindOf(text)
    // Pushed, not copied: a copy per text cost 33 s for a session of 77,000 texts.
    const ofKind = byKind.get(kind)
    if (ofKind) ofKind.push(text)
    else byKind.set(kind, [text])
  }
  for (const [kind, ofKind] of byKind) appendKind(db, no, kind, ofKind)
  return texts.length > 0
}

function appendKind(
  db: DatabaseSync,
  no: number,
  kind: SearchScope,
  texts: readonly SearchText[],
): void {
  const last = lastChunk(db, no, kind)
  // A full last chunk stays as it is; the texts start the next one.
  const open = last && last.text.length < CHUNK_CHARS ? last : null
  const store = db.prepare('INSERT OR REPLACE INTO chunks (id, text, segments) VALUES (?, ?, ?)')
  const wait = db.prepare('INSERT OR IGNORE INTO pending_chunks (id) VALUES (?)')
  const put = {
    run(id: number, text: string, segments: string) {
      store.run(id, text, segments)
      wait.run(id)
    },
  }
  if (open?.indexed) {
    // The chunk grows: its full-text entry is replaced once the indexer reaches it again.
    const table = ftsTableOf(open.id)
    db.prepare(`INSERT INTO ${table} (${table}, rowid, text) VALUES ('delete', ?, ?)`).run(
      open.id,
      open.text,
    )
  }
  const id = last ? last.id + 1 : chunkRange(no, kind)[0]
  let current: Open = open ?? { id, text: '', segments: [], indexed: false }
  for (const { entryId, role, text } of texts) {
    if (current.text.length >= CHUNK_CHARS) {
      put.run(current.id, current.text, JSON.stringify(current.segments))
      current = { id: current.id + 1, text: '', segments: [], indexed: false }
    }
    const clean = text.replaceAll(SEPARATOR, ' ')
    current.text += (current.segments.length > 0 ? SEPARATOR : '') + clean
    current.segments.push([entryId, ROLE_CODES[role], clean.length])
  }
  put.run(current.id, current.text, JSON.stringify(current.segments))
}

/** One text of a stored chunk, with where it came from. */
export interface StoredText {
  entryId: string
  role: 'user' | 'assistant'
  text: string
}

/** Splits a stored chunk of messages back into its texts. */
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

/**
 * A session's stored chunks of one kind in file order, read lazily (a caller that stops
 * early reads no more).
 */
export function readChunks(
  db: DatabaseSync,
  no: number,
  kind: SearchScope = 'messages',
): Iterable<StoredChunk> {
  const [low, high] = chunkRange(no, kind)
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
    'SELECT no FROM sessions WHERE text_pending > 0 ORDER BY modified DESC LIMIT 1',
  )
  const pick = db.prepare(
    `SELECT c.id, c.text FROM pending_chunks p JOIN chunks c ON c.id = p.id
      WHERE p.id BETWEEN ? AND ? ORDER BY p.id LIMIT 8`,
  )
  // Each chunk goes to its kind's full-text table.
  const add = {
    message_fts: db.prepare('INSERT INTO message_fts (rowid, text) VALUES (?, ?)'),
    other_fts: db.prepare('INSERT INTO other_fts (rowid, text) VALUES (?, ?)'),
  }
  // Waiting is marked apart from the text: un-marking never rewrites a chunk's pages.
  const mark = db.prepare('DELETE FROM pending_chunks WHERE id = ?')
  const done = db.prepare('UPDATE sessions SET text_pending = 0 WHERE no = ?')
  while (chars < maxChars) {
    const session = next.get() as { no: number } | undefined
    if (!session) break
    const [low, high] = chunkRange(session.no)
    const rows = pick.all(low, high) as { id: number; text: string }[]
    for (const row of rows) {
      add[ftsTableOf(row.id)].run(row.id, row.text)
      mark.run(row.id)
      chars += row.text.length
      count += 1
    }
    if (rows.length < 8) done.run(session.no)
  }
  return count
}
