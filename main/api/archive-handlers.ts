/**
 * Handlers of the `archive:*` channels: archive and unarchive sessions in bulk (ids only,
 * the library resolves paths), and the archive folder (default in the data folder, or one
 * the user chose). The folder cannot change while it still holds archived sessions.
 */
import { isAbsolute, resolve } from 'node:path'
import { mkdir, realpath } from 'node:fs/promises'
import type { ARCHIVE_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import { ArchiveLog, archiveFolder } from '../library/archive'
import { archiveSessions, unarchiveSessions } from '../library/bulk-archive'
import type { BulkDrive } from '../library/bulk'
import { inWords } from '../library/fs-errors'
import { allRoots } from '../library/roots'
import type { HandlerContext, HandlersOf } from './context'

/** The `archive:*` part of the handler table. */
export function createArchiveHandlers(
  context: HandlerContext,
): HandlersOf<typeof ARCHIVE_CHANNELS> {
  const { library, settings, resolved } = context
  const log = new ArchiveLog(context.dataDir)
  const bulk = <T>(operationId: string | undefined, act: (drive: BulkDrive) => Promise<T>) =>
    library.operations.run(
      operationId,
      (p) => context.events?.emit('library:bulk-progressed', p),
      act,
    )
  const folder = () => {
    const chosen = settings.get().archiveDir
    return { path: archiveFolder(context.dataDir, chosen), isDefault: chosen === null }
  }
  return {
    'archive:move-sessions': ({ sessionIds, includeRunning, operationId }) =>
      bulk(operationId, (drive) =>
        archiveSessions(library, log, { sessionIds, includeRunning }, drive),
      ),
    'archive:restore-sessions': ({ sessionIds, operationId }) =>
      bulk(operationId, (drive) => unarchiveSessions(library, log, sessionIds, drive)),
    'archive:get-folder': async () => folder(),
    'archive:set-folder': async ({ path }) => {
      if (path !== null && !isAbsolute(path))
        throw new ApiError('invalid_argument', 'The folder must be an absolute path')
      if ((await log.list()).length > 0)
        throw new ApiError(
          'conflict',
          'The archive folder still holds archived sessions: unarchive them first',
        )
      return inWords('add-folder', path ?? context.dataDir, async () => {
        const next = path === null ? null : resolve(path)
        if (next !== null) await mkdir(next, { recursive: true })
        const chosen = next === null ? null : await realpath(next)
        const saved = await settings.update((s) => ({ ...s, archiveDir: chosen }))
        const dir = archiveFolder(context.dataDir, saved.archiveDir)
        await mkdir(dir, { recursive: true })
        await library.setRoots(allRoots(resolved, saved.extraRoots, dir))
        return folder()
      })
    },
  }
}
