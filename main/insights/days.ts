/**
 * Usage by session, local day and model, per time zone (table `usage_days`): what every
 * chart reads, a few rows per session instead of one per quarter hour. A zone's rows are
 * built from the slots the first time a chart asks for it (`usage_zones` lists the zones
 * built); from then on each written session refreshes its own rows in every built zone.
 */
import type { DatabaseSync } from 'node:sqlite'
import { inTransaction } from '../library/index-db'
import { SLOT_MS, slotRows, type SessionSlots } from './slots'
import { checkQuarterOffsets, localDays, localDaySql } from './zone'

/**
 * Builds `zone`'s rows if they are not there yet, in one write transaction.
 * @throws ApiError invalid_argument when the zone's offset over the slots is not a whole
 *   number of quarter hours (nothing is written then)
 */
export function ensureZone(db: DatabaseSync, zone: string): void {
  const known = db.prepare('SELECT 1 FROM usage_zones WHERE zone = ?')
  if (known.get(zone)) return
  inTransaction(db, () => {
    if (known.get(zone)) return
    const span = db.prepare('SELECT min(slot) AS lo, max(slot) AS hi FROM usage_slots').get() as {
      lo: number | null
      hi: number | null
    }
    if (span.lo !== null && span.hi !== null) {
      const to = span.hi + SLOT_MS
      checkQuarterOffsets(zone, span.lo, to)
      db.prepare(
        `INSERT INTO usage_days (zone, day, session_no, model, project_id, input, output,
          cache_read, cache_write, cost, messages)
        SELECT :zone, ${localDaySql('slot', zone, span.lo, to)} AS day, session_no, model,
          max(project_id), sum(input), sum(output), sum(cache_read), sum(cache_write),
          sum(cost), sum(messages)
        FROM usage_slots GROUP BY day, session_no, model`,
      ).run({ zone })
    }
    db.prepare('INSERT INTO usage_zones (zone) VALUES (?)').run(zone)
  })
}

/**
 * Writes session `no`'s rows in every built zone from its slots (after its old rows were
 * deleted). Runs inside the caller's write transaction.
 */
export function writeSessionDays(
  db: DatabaseSync,
  no: number,
  projectId: string,
  slots: SessionSlots,
): void {
  const rows = slotRows(slots)
  if (rows.length === 0) return
  const zones = (db.prepare('SELECT zone FROM usage_zones').all() as { zone: string }[]).map(
    (z) => z.zone,
  )
  if (zones.length === 0) return
  const from = Math.min(...rows.map((r) => r.slot))
  const to = Math.max(...rows.map((r) => r.slot)) + SLOT_MS
  const insert = db.prepare(
    `INSERT INTO usage_days (zone, day, session_no, model, project_id, input, output, cache_read,
      cache_write, cost, messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const zone of zones) {
    const dayOf = localDays(zone, from, to)
    const cells = new Map<string, { day: number; model: string; sums: number[] }>()
    for (const r of rows) {
      const day = dayOf(r.slot)
      const key = `${day}\t${r.model}`
      const cell = cells.get(key) ?? { day, model: r.model, sums: [0, 0, 0, 0, 0, 0] }
      const add = [r.input, r.output, r.cacheRead, r.cacheWrite, r.cost, r.messages]
      cell.sums = cell.sums.map((v, i) => v + (add[i] as number))
      cells.set(key, cell)
    }
    for (const { day, model, sums } of cells.values())
      insert.run(zone, day, no, model, projectId, ...sums)
  }
}
