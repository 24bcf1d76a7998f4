/**
 * Handlers of the `trash:*` channels: move sessions to the OS trash (checked, logged in
 * "Recently deleted"), list them, restore one.
 */
import { basename } from 'node:path'
import { homedir } from 'node:os'
import type { TRASH_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import type { TrashMoveResult } from '../../preload/contract/trash'
import { opaqueId } from '../library/ids'
import { RecentlyDeleted } from '../library/recently-deleted'
import { homeTrashDir, moveToTrash, restoreFromTrash } from '../library/trash'
import type { HandlerContext, HandlersOf } from './context'

/** The `trash:*` part of the handler table. */
export function createTrashHandlers(context: HandlerContext): HandlersOf<typeof TRASH_CHANNELS> {
  const { library } = context
  const log = new RecentlyDeleted(context.dataDir)
  // Only freedesktop trashes have a layout we can restore from.
  const trashDir = process.platform === 'linux' ? homeTrashDir(process.env, homedir()) : null

  return {
    'trash:move-sessions': async ({ sessionIds }) => {
      const result: TrashMoveResult = { moved: [], failed: [] }
      for (const sessionId of new Set(sessionIds)) {
        try {
          const summary = library.getSummary(sessionId)
          const record = library.getSession(sessionId)
          const trashed = await moveToTrash(record.path, trashDir)
          const entry = await log.add({
            sessionId: summary.sessionId,
            title: summary.name ?? summary.firstMessage,
            cwd: summary.cwd,
            original: record.path,
            size: record.size,
            deletedAt: Date.now(),
            trashPath: trashed.trashPath,
            infoPath: trashed.infoPath,
          })
          result.moved.push({ sessionId, deletedId: entry.id })
        } catch (error) {
          const code = error instanceof ApiError ? error.code : 'io'
          result.failed.push({ sessionId, code, message: (error as Error).message })
        }
      }
      await library.refresh()
      return result
    },
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
      })),
    'trash:restore': async ({ deletedId }) => {
      const entry = (await log.list()).find((d) => d.id === deletedId)
      if (!entry) throw new ApiError('not_found', 'No such deleted session')
      await restoreFromTrash(entry)
      await log.remove(deletedId)
      await library.refresh()
      return { sessionId: opaqueId('session', entry.original) }
    },
  }
}
