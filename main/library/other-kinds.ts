/**
 * The search's other kinds (tool output, thinking, commands and paths: search-texts.ts) are
 * kept in the index only once a search first asks for one of them. They are most of a
 * library's text (a file read or a build log per tool call), so a library searched as pi
 * searches it (messages only) keeps an index of the size it had. From the first such search
 * on, every read keeps them, and the sessions read before are read again in the background,
 * newest first, for their other kinds alone; a session says whether its other kinds are kept
 * (`other_texts`), so an append adds them exactly where the earlier texts are there too.
 */
import type { DatabaseSync } from 'node:sqlite'
import { appendChunks, indexPendingChunks } from './index-chunks'
import { inTransaction } from './index-db'
import { readRecord, sameIdentity, type ReadOutcome } from './record'
import { kindOf, type SearchText } from './search-texts'

const FLAG = 'other_kinds'

/** Whether a search has asked for the other kinds (from then on they are kept). */
export function otherKindsWanted(db: DatabaseSync): boolean {
  const row = db.prepare('SELECT value FROM flags WHERE name = ?').get(FLAG) as
    { value: number } | undefined
  return row?.value === 1
}

/**
 * Asks for the other kinds: reads from now on keep them, and the background reads the
 * sessions read before again (`indexTextSlice`).
 * @returns whether this was the first ask (the background has work to start)
 */
export function wantOtherKinds(db: DatabaseSync): boolean {
  if (otherKindsWanted(db)) return false
  inTransaction(db, () =>
    db.prepare('INSERT OR REPLACE INTO flags (name, value) VALUES (?, 1)').run(FLAG),
  )
  return true
}

/**
 * Which of a read's texts the index keeps for session `no`, inside the transaction that
 * stores them: all of them when its other kinds are kept, else pi's messages alone. A full
 * read decides anew (as asked now); an append follows what the session's stored texts are.
 */
export function textsToKeep(
  db: DatabaseSync,
  no: number,
  fullRead: boolean,
  texts: readonly SearchText[],
): readonly SearchText[] {
  let keep: boolean
  if (fullRead) {
    keep = otherKindsWanted(db)
    db.prepare('UPDATE sessions SET other_texts = ? WHERE no = ?').run(keep ? 1 : 0, no)
  } else {
    const row = db.prepare('SELECT other_texts FROM sessions WHERE no = ?').get(no) as
      { other_texts: number } | undefined
    keep = row?.other_texts === 1
  }
  return keep ? texts : texts.filter((text) => kindOf(text) === 'messages')
}

/**
 * Sessions whose other kinds are searchable (kept and in the full-text index), or null
 * while no search has asked for them.
 */
export function otherKindsIndexed(db: DatabaseSync): number | null {
  if (!otherKindsWanted(db)) return null
  const row = db
    .prepare('SELECT count(*) AS n FROM sessions WHERE other_texts = 1 AND text_pending = 0')
    .get() as { n: number }
  return row.n
}

/** Sessions a pass could not finish because their file changed meanwhile, per connection. */
const retryLater = new WeakMap<DatabaseSync, Set<number>>()

/**
 * One slice of the background's text work: waiting chunks into the full-text index first;
 * when none wait, the other kinds of up to about `maxChars` characters of sessions read
 * before they were asked for.
 * @param blocking parse without yielding (a worker thread)
 * @returns chunks indexed plus sessions completed (0: nothing left to do)
 * @throws Error when the index cannot be written
 */
export async function indexTextSlice(
  db: DatabaseSync,
  maxChars: number,
  blocking: boolean,
): Promise<number> {
  const indexed = indexPendingChunks(db, maxChars)
  if (indexed > 0 || !otherKindsWanted(db)) return indexed
  let skipped = retryLater.get(db)
  if (!skipped) retryLater.set(db, (skipped = new Set()))
  let chars = 0
  let done = 0
  const next = db.prepare(
    `SELECT no, path, folder, root FROM sessions WHERE other_texts = 0
      ORDER BY modified DESC LIMIT ?`,
  )
  while (chars < maxChars) {
    const rows = next.all(skipped.size + 1) as {
      no: number
      path: string
      folder: string
      root: string
    }[]
    const row = rows.find((r) => !skipped.has(r.no))
    if (!row) break
    const outcome = await readRecord(
      { path: row.path, folder: row.folder, root: row.root },
      undefined,
      blocking,
    )
    const added = inTransaction(db, () => storeOtherKinds(db, row.no, outcome))
    if (added === null) skipped.add(row.no)
    else {
      chars += added
      done += 1
    }
  }
  // Nothing else to do: the sessions skipped are tried again on the next pass.
  if (done === 0) skipped.clear()
  return done
}

/**
 * Adds the other kinds of a full read of session `no` to its stored messages; they wait for
 * the full-text index like any read's texts (marked apart, so pi's messages still count as
 * indexed meanwhile).
 * @returns the characters added, or null when the file is no longer the version stored
 *   (the scan reads it again first; this session is retried on a later pass)
 */
function storeOtherKinds(db: DatabaseSync, no: number, outcome: ReadOutcome): number | null {
  const stored = db
    .prepare(
      'SELECT size, mtime_ms AS mtimeMs, ino, status, other_texts, text_pending FROM sessions WHERE no = ?',
    )
    .get(no) as
    | {
        size: number
        mtimeMs: number
        ino: number
        status: string
        other_texts: number
        text_pending: number
      }
    | undefined
  // Gone, or completed by a read that kept every kind: nothing to add.
  if (!stored || stored.other_texts === 1) return 0
  const markDone = () => db.prepare('UPDATE sessions SET other_texts = 1 WHERE no = ?').run(no)
  if (outcome.kind === 'failed' && stored.status === 'unreadable') {
    markDone()
    return 0
  }
  if (outcome.kind !== 'full' || !sameIdentity(stored, outcome.record)) return null
  const others = outcome.texts.filter((text) => kindOf(text) !== 'messages')
  markDone()
  if (appendChunks(db, no, others) && stored.text_pending === 0)
    db.prepare('UPDATE sessions SET text_pending = 2 WHERE no = ?').run(no)
  return others.reduce((sum, text) => sum + text.text.length, 0)
}
