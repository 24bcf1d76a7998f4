/**
 * Writing a session's Insights rows into the library index (tables `usage_slots`,
 * `usage_days` and `session_facts`, main/library/index-db.ts): replaced whole each time the session's row is
 * written, removed with it. Runs inside the caller's write transaction. The project id and
 * the file's facts are copied beside the slots so the charts read these small rows alone.
 */
import type { DatabaseSync } from 'node:sqlite'
import { writeSessionDays } from './days'
import { slotRows, type SessionSlots } from './slots'

/** What the Insights rows of one session are made from. */
export interface SessionFacts {
  projectId: string
  /** File size in bytes. */
  size: number
  /** Not read cleanly (status other than ok). */
  damaged: boolean
  /** The digest's slots and image count (main/library/digest.ts); none for an unread file. */
  slots: SessionSlots
  images: number
}

/** Replaces the slots and facts stored for session `no`. */
export function writeSlotRows(db: DatabaseSync, no: number, facts: SessionFacts): void {
  deleteSlotRows(db, no)
  const insert = db.prepare(
    `INSERT INTO usage_slots (session_no, project_id, slot, model, input, output, cache_read,
      cache_write, cost, messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const r of slotRows(facts.slots))
    insert.run(
      no,
      facts.projectId,
      r.slot,
      r.model,
      r.input,
      r.output,
      r.cacheRead,
      r.cacheWrite,
      r.cost,
      r.messages,
    )
  writeSessionDays(db, no, facts.projectId, facts.slots)
  db.prepare(
    'INSERT INTO session_facts (session_no, project_id, size, images, damaged) VALUES (?, ?, ?, ?, ?)',
  ).run(no, facts.projectId, facts.size, facts.images, facts.damaged ? 1 : 0)
}

/** Removes what is stored for session `no`. */
export function deleteSlotRows(db: DatabaseSync, no: number): void {
  db.prepare('DELETE FROM usage_slots WHERE session_no = ?').run(no)
  db.prepare('DELETE FROM usage_days WHERE session_no = ?').run(no)
  db.prepare('DELETE FROM session_facts WHERE session_no = ?').run(no)
}
