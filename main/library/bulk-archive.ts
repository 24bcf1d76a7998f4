/**
 * Archiving many sessions and bringing them back (archive.ts moves one file), with the
 * bulk rules of bulk.ts: running sessions left out unless included one by one, progress,
 * and a cancel between two sessions. Where a file came from is logged before it moves; a
 * star kept by path follows the file (stars.ts).
 */
import { ApiError } from '../../preload/contract/errors'
import type { ArchiveResult } from '../../preload/contract/archive'
import { ArchiveLog, archivePath, assertFree, moveSessionFile } from './archive'
import { bulkTargets, failuresOf, runBulk, type BulkDrive } from './bulk'
import { opaqueId } from './ids'
import type { SessionLibrary } from './library'

/** What a bulk archive is asked to do. */
export interface ArchiveRequest {
  sessionIds: readonly string[]
  /** Running sessions to archive anyway (the user's explicit choice, one by one). */
  includeRunning: readonly string[]
}

function archiveRootOf(library: SessionLibrary): string {
  const root = library.archiveRoot
  if (!root) throw new ApiError('conflict', 'No archive folder is set up')
  return root
}

/**
 * Moves sessions from pi's folders into the archive folder.
 * @returns moved (with the ids they have there) / failed with reasons / skipped as running /
 * cancelled count; never throws for one session's failure
 */
export async function archiveSessions(
  library: SessionLibrary,
  log: ArchiveLog,
  request: ArchiveRequest,
  drive: BulkDrive = {},
): Promise<ArchiveResult> {
  const archiveDir = archiveRootOf(library)
  const split = await bulkTargets(
    request.sessionIds,
    request.includeRunning,
    (id) => library.getSession(id).path,
  )
  const outcome = await runBulk(
    split.targets,
    async (sessionId) => {
      const record = library.getSession(sessionId)
      if (record.root === archiveDir)
        throw new ApiError('conflict', `${record.fileName} is already archived`)
      const to = archivePath(archiveDir, { ...record, cwd: library.getSummary(sessionId).cwd })
      // Checked before the log is touched: the name may be another archived file's.
      await assertFree(to)
      await log.put({ archived: to, original: record.path, archivedAt: Date.now() })
      try {
        await moveSessionFile(record.path, to)
      } catch (error) {
        await log.remove(to).catch(() => {})
        throw error
      }
      await library.stars.moved(record.path, to)
      return { sessionId, newSessionId: opaqueId('session', to) }
    },
    drive,
  )
  await library.refresh()
  return resultOf(split, outcome)
}

/**
 * Moves archived sessions back to the exact folder each came from; a taken name there is a
 * conflict and that session stays in the archive.
 */
export async function unarchiveSessions(
  library: SessionLibrary,
  log: ArchiveLog,
  sessionIds: readonly string[],
  drive: BulkDrive = {},
): Promise<ArchiveResult> {
  const archiveDir = archiveRootOf(library)
  const split = { targets: [...new Set(sessionIds)], skipped: [], failed: [] }
  const outcome = await runBulk(
    split.targets,
    async (sessionId) => {
      const record = library.getSession(sessionId)
      if (record.root !== archiveDir)
        throw new ApiError('conflict', `${record.fileName} is not archived`)
      const entry = await log.find(record.path)
      if (!entry) throw new ApiError('not_found', `No record of where ${record.fileName} came from`)
      await moveSessionFile(record.path, entry.original)
      await log.remove(record.path)
      await library.stars.moved(record.path, entry.original)
      return { sessionId, newSessionId: opaqueId('session', entry.original) }
    },
    drive,
  )
  await library.refresh()
  return resultOf(split, outcome)
}

function resultOf(
  split: Omit<Awaited<ReturnType<typeof bulkTargets>>, 'targets'>,
  outcome: Awaited<ReturnType<typeof runBulk<string, ArchiveResult['moved'][number]>>>,
): ArchiveResult {
  return {
    moved: outcome.done,
    failed: [
      ...split.failed,
      ...failuresOf(outcome.failed).map(({ item, ...why }) => ({ sessionId: item, ...why })),
    ],
    skipped: split.skipped,
    cancelled: outcome.cancelled.length,
  }
}
