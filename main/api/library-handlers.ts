/**
 * Handlers of the `library:*` channels.
 */
import { isAbsolute, resolve } from 'node:path'
import { realpath } from 'node:fs/promises'
import type { LIBRARY_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import { inWords } from '../library/fs-errors'
import { copyDemoLibrary } from '../library/demo'
import { allRoots, isDirectory } from '../library/roots'
import type { HandlerContext, HandlersOf } from './context'

/** The `library:*` part of the handler table. */
export function createLibraryHandlers(
  context: HandlerContext,
): HandlersOf<typeof LIBRARY_CHANNELS> {
  const { library, settings, resolved } = context
  /** Remembers `path` (real path) as a library folder and rescans. */
  const addRoot = (path: string) =>
    inWords('add-folder', path, async () => {
      const real = await realpath(resolve(path))
      const next = await settings.update((s) => ({
        ...s,
        extraRoots: s.extraRoots.includes(real) ? s.extraRoots : [...s.extraRoots, real],
      }))
      await library.setRoots(allRoots(resolved, next.extraRoots, library.archiveRoot))
      return { path: real }
    })
  return {
    'library:list-projects': async () => library.listProjects(),
    'library:query-sessions': async (query) => library.query(query),
    'library:get-session': async ({ sessionId }) => library.getSummary(sessionId),
    'library:select-sessions': async (query) => library.select(query),
    'library:describe-sessions': async ({ sessionIds }) => library.describe(sessionIds),
    'library:sessions-with-header': async ({ headerId }) => ({
      sessions: library.sessionsWithHeader(headerId),
    }),
    'library:cancel-bulk': async ({ operationId }) => ({
      cancelled: library.operations.cancel(operationId),
    }),
    'library:star-sessions': async ({ sessionIds, starred }) => ({
      changed: await library.star(sessionIds, starred),
    }),
    'library:refresh': async () => {
      void library.refresh()
      return { ...library.listProjects().progress, scanning: true }
    },
    'library:add-root': async ({ path }) => {
      if (!isAbsolute(path))
        throw new ApiError('invalid_argument', 'The folder must be an absolute path')
      if (!isDirectory(path)) throw new ApiError('not_found', `No folder at ${path}`)
      return addRoot(path)
    },
    'library:open-demo': async () => {
      const shipped = context.demoDir
      if (!shipped || !isDirectory(shipped))
        throw new ApiError('not_found', 'This installation has no demo library')
      const copy = await inWords('add-folder', context.dataDir, () =>
        copyDemoLibrary(shipped, context.dataDir),
      )
      return addRoot(copy)
    },
    'library:remove-root': async ({ path }) => {
      const had = settings.get().extraRoots.includes(path)
      if (!had) {
        const builtIn = resolved.roots.some((r) => r.path === path)
        if (builtIn) throw new ApiError('conflict', 'pi’s own session folder cannot be removed')
        return { removed: false }
      }
      const next = await settings.update((s) => ({
        ...s,
        extraRoots: s.extraRoots.filter((r) => r !== path),
      }))
      await library.setRoots(allRoots(resolved, next.extraRoots, library.archiveRoot))
      return { removed: true }
    },
  }
}
