/**
 * Writing a session's Insights rows into the library index (tables `usage_slots` and
 * `session_media`, main/library/index-db.ts): replaced whole each time the session's row is
 * written, removed with it. Runs inside the caller's write transaction.
 */
import type { DatabaseSync } from 'node:sqlite'
import { slotRows, type SessionSlots } from './slots'

/** Replaces the slots and image count stored for session `no`. */
export function writeSlotRows(
  db: DatabaseSync,
  no: number,
  slots: SessionSlots,
  images: number,
): void {
  deleteSlotRows(db, no)
  const insert = db.prepare(
    `INSERT INTO usage_slots (session_no, slot, model, input, output, cache_read, cache_write,
      cost, messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const r of slotRows(slots))
    insert.run(
      no,
      r.slot,
      r.model,
      r.input,
      r.output,
      r.cacheRead,
      r.cacheWrite,
      r.cost,
      r.messages,
    )
  if (images > 0)
    db.prepare('INSERT INTO session_media (session_no, images) VALUES (?, ?)').run(no, images)
}

/** Removes what is stored for session `no`. */
export function deleteSlotRows(db: DatabaseSync, no: number): void {
  db.prepare('DELETE FROM usage_slots WHERE session_no = ?').run(no)
  db.prepare('DELETE FROM session_media WHERE session_no = ?').run(no)
}
