/**
 * Handlers of the `trash:*` channels: move sessions to the OS trash (checked, logged in
 * "Recently deleted"), list them, restore one. File-system failures are told in words
 * (fs-errors.ts), including the half-done case: moved, but not logged.
 */
import { basename } from 'node:path'
import { homedir } from 'node:os'
import type { TRASH_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import type { BulkDrive } from '../library/bulk'
import { restoreSessions, trashSessions } from '../library/bulk-trash'
import { opaqueId } from '../library/ids'
import { RecentlyDeleted } from '../library/recently-deleted'
import { describeFsError } from '../library/fs-errors'
import { homeTrashDir, restoreFromTrash } from '../library/trash'
import type { HandlerContext, HandlersOf } from './context'

/** The `trash:*` part of the handler table. */
export function createTrashHandlers(context: HandlerContext): HandlersOf<typeof TRASH_CHANNELS> {
  const { library } = context
  const log = new RecentlyDeleted(context.dataDir)
  // Only freedesktop trashes have a layout we can restore from.
  const trashDir = process.platform === 'linux' ? homeTrashDir(process.env, homedir()) : null

  /** Runs a bulk action that can be cancelled by id and tells its progress as events. */
  const bulk = <T>(operationId: string | undefined, act: (drive: BulkDrive) => Promise<T>) =>
    library.operations.run(
      operationId,
      (p) => context.events?.emit('library:bulk-progressed', p),
      act,
    )

  return {
    'trash:move-sessions': ({ sessionIds, includeRunning, operationId }) =>
      bulk(operationId, (drive) =>
        trashSessions(library, log, trashDir, { sessionIds, includeRunning }, drive),
      ),
    'trash:restore-many': ({ deletedIds, operationId }) =>
      bulk(operationId, (drive) => restoreSessions(library, log, deletedIds, drive)),
    'trash:list': async () =>
      (await log.restorable()).map((d) => ({
        id: d.id,
        title: d.title,
        cwd: d.cwd,
        fileName: basename(d.original),
        deletedAt: d.deletedAt,
        size: d.size,
        inTrash: d.inTrash,
        restorable: d.inTrash && d.trashPath !== null && d.infoPath !== null,
        batchId: d.batchId,
      })),
    'trash:restore': async ({ deletedId }) => {
      const entry = (await log.list()).find((d) => d.id === deletedId)
      if (!entry) throw new ApiError('not_found', 'No such deleted session')
      await restoreFromTrash(entry)
      await logged(log.dataDir, entry.original, 'back in its folder', () => log.remove(deletedId))
      await library.refresh()
      return { sessionId: opaqueId('session', entry.original) }
    },
  }
}

/**
 * Runs a change of the "Recently deleted" list after the file already moved: a failure then
 * says both halves (where the file is, and that the list could not be updated), in words.
 */
function logged<T>(
  dataDir: string,
  file: string,
  where: string,
  run: () => Promise<T>,
): Promise<T> {
  return run().catch((error: unknown) => {
    const why = describeFsError(dataDir, error, 'write').message
    const message = `${file} is ${where}, but “Recently deleted” could not be updated: ${why}`
    throw Object.assign(new ApiError('io', message), { cause: error })
  })
}
