/**
 * Handlers of the `session:*` view channels (session view and branch tree). The renderer
 * names sessions by library id and entries by id/position; paths never cross the boundary
 * (ARCHITECTURE.md rule 5).
 */
import { basename } from 'node:path'
import type { SESSION_VIEW_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import type { SessionLink } from '../../preload/contract/session-view'
import type { SessionLocation } from '../library/index-write'
import type { HandlerContext, HandlersOf } from './context'
import { SourceCache, memoize } from './session-view/cache'
import { imageAt } from './session-view/images'
import { buildOverview } from './session-view/overview'
import { pathPage } from './session-view/page'

/**
 * The library record of an id. A session may be asked for before the first scan has read it
 * (a deep link at startup): wait for the running scan once before giving up.
 * @throws ApiError `not_found` for ids the library does not know
 */
async function recordOf(context: HandlerContext, id: string): Promise<SessionLocation> {
  try {
    return context.library.getSession(id)
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'not_found') throw error
    await context.library.whenIdle()
    return context.library.getSession(id)
  }
}

function linkOf(context: HandlerContext, id: string): SessionLink | null {
  try {
    const row = context.library.getSummary(id)
    return { id, title: row.name ?? row.firstMessage, fileName: row.fileName }
  } catch {
    return null
  }
}

/** The `session:*` part of the handler table. */
export function createSessionHandlers(
  context: HandlerContext,
  cache: SourceCache = new SourceCache(),
): HandlersOf<typeof SESSION_VIEW_CHANNELS> {
  const load = async (id: string) => {
    const record = await recordOf(context, id)
    return { record, ...(await cache.get(id, record.path)) }
  }
  return {
    'session:open': async ({ sessionId }) => {
      const { record, source, memo } = await load(sessionId)
      // Rows are built once per file load; later opens of the same file reuse them.
      return memoize(memo, 'overview:', () => buildOverview(source, sessionId, record.fileName), 1)
    },
    'session:get-path': async ({ sessionId, ...request }) => {
      const { source, memo } = await load(sessionId)
      return pathPage(source, memo, request)
    },
    'session:get-image': async ({ sessionId, position, index }) => {
      const { source } = await load(sessionId)
      return imageAt(source.entries[position], index)
    },
    'session:get-lineage': async ({ sessionId }) => {
      const row = context.library.getSummary(sessionId)
      const parent = row.parentId ? linkOf(context, row.parentId) : null
      const forks = row.forkIds
        .map((id) => linkOf(context, id))
        .filter((x): x is SessionLink => x !== null)
      return {
        parent,
        missingParent: parent === null && row.parentFileName ? basename(row.parentFileName) : null,
        forks,
      }
    },
  }
}
