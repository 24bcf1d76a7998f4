/**
 * Moving many sessions to the OS trash and bringing many back, through the trash module
 * (trash.ts: the `trash` package, never unlink) and logged in "Recently deleted" as one
 * deletion. Running sessions are left out unless included one by one (bulk.ts); a cancel
 * stops between two sessions, and every session moved so far is logged before the result
 * returns, so each session is either in the trash and listed, or untouched.
 */
import { randomUUID } from 'node:crypto'
import { ApiError } from '../../preload/contract/errors'
import type { TrashMoveResult, TrashRestoreResult } from '../../preload/contract/trash'
import { bulkTargets, failuresOf, runBulk, type BulkDrive } from './bulk'
import { describeFsError } from './fs-errors'
import { opaqueId } from './ids'
import type { SessionLibrary } from './library'
import type { DeletedSession, RecentlyDeleted } from './recently-deleted'
import { moveToTrash, restoreFromTrash } from './trash'

/** Log entries written at once while a bulk move runs (one write per batch, not per session). */
const LOG_BATCH = 50

/** What a bulk move to the trash is asked to do. */
export interface TrashRequest {
  sessionIds: readonly string[]
  /** Running sessions to move anyway (the user's explicit choice, one by one). */
  includeRunning: readonly string[]
}

/**
 * Moves the sessions to the trash, in order, logging them as one deletion.
 * @param trashDir the freedesktop trash (for restore), null elsewhere
 * @returns moved / failed (with reasons) / skipped as running / cancelled count; never throws
 * for one session's failure
 */
export async function trashSessions(
  library: SessionLibrary,
  log: RecentlyDeleted,
  trashDir: string | null,
  request: TrashRequest,
  drive: BulkDrive = {},
): Promise<TrashMoveResult> {
  const batchId = randomUUID()
  const result: TrashMoveResult = { moved: [], failed: [], skipped: [], cancelled: 0, batchId }
  const { targets, skipped, failed } = await bulkTargets(
    request.sessionIds,
    request.includeRunning,
    (id) => library.getSession(id).path,
  )
  result.skipped = skipped
  result.failed = failed
  let pending: { sessionId: string; entry: DeletedSession }[] = []
  const flush = async () => {
    const batch = pending
    pending = []
    try {
      await log.addMany(batch.map((p) => p.entry))
      for (const p of batch) result.moved.push({ sessionId: p.sessionId, deletedId: p.entry.id })
    } catch (error) {
      const why = describeFsError(log.dataDir, error, 'write').message
      for (const p of batch) {
        const message = `${p.entry.original} is in the trash, but “Recently deleted” could not be updated: ${why}`
        result.failed.push({ sessionId: p.sessionId, code: 'io', message })
      }
    }
  }
  const outcome = await runBulk(
    targets,
    async (sessionId) => {
      const summary = library.getSummary(sessionId)
      const record = library.getSession(sessionId)
      const trashed = await moveToTrash(record.path, trashDir)
      pending.push({
        sessionId,
        entry: {
          id: randomUUID(),
          headerId: summary.headerId,
          title: summary.name ?? summary.firstMessage,
          cwd: summary.cwd,
          original: record.path,
          size: record.size,
          deletedAt: Date.now(),
          trashPath: trashed.trashPath,
          infoPath: trashed.infoPath,
          batchId,
        },
      })
      if (pending.length >= LOG_BATCH) await flush()
    },
    drive,
  )
  await flush()
  for (const { item, ...why } of failuresOf(outcome.failed))
    result.failed.push({ sessionId: item, ...why })
  result.cancelled = outcome.cancelled.length
  await library.refresh()
  return result
}

/**
 * Puts deleted sessions back where they were (never overwriting: trash.ts), dropping their
 * log entries in one write at the end.
 * @returns restored / failed with reasons / cancelled count
 */
export async function restoreSessions(
  library: SessionLibrary,
  log: RecentlyDeleted,
  deletedIds: readonly string[],
  drive: BulkDrive = {},
): Promise<TrashRestoreResult> {
  const entries = new Map((await log.list()).map((d) => [d.id, d]))
  const result: TrashRestoreResult = { restored: [], failed: [], cancelled: 0 }
  const outcome = await runBulk(
    [...new Set(deletedIds)],
    async (deletedId) => {
      const entry = entries.get(deletedId)
      if (!entry) throw new ApiError('not_found', 'No such deleted session')
      await restoreFromTrash(entry)
      return { deletedId, sessionId: opaqueId('session', entry.original) }
    },
    drive,
  )
  for (const { item, ...why } of failuresOf(outcome.failed))
    result.failed.push({ deletedId: item, ...why })
  result.cancelled = outcome.cancelled.length
  try {
    await log.removeMany(outcome.done.map((d) => d.deletedId))
    result.restored = outcome.done
  } catch (error) {
    const why = describeFsError(log.dataDir, error, 'write').message
    for (const d of outcome.done) {
      const message = `${entries.get(d.deletedId)?.original} is back in its folder, but “Recently deleted” could not be updated: ${why}`
      result.failed.push({ deletedId: d.deletedId, code: 'io', message })
    }
  }
  await library.refresh()
  return result
}
