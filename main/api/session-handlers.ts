/**
 * Handlers of the `session:*` view channels (session view and branch tree). The renderer
 * names sessions by library id and entries by id/position; paths never cross the boundary
 * (ARCHITECTURE.md rule 5). The library says where each session's file is; the view core
 * (session-view/core.ts, in its worker in the app) does the reading.
 */
import { basename } from 'node:path'
import type { SESSION_VIEW_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import type { SessionLink } from '../../preload/contract/session-view'
import type { SessionLocation } from '../library/index-write'
import type { ChannelResult } from '../../preload/contract/schemas'
import type { HandlerArgs, HandlerContext, HandlersOf } from './context'
import type { Replied } from './json-reply'
import { localViewCore, type ViewChannel, type ViewCore } from './session-view/core'

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
    return {
      id,
      title: row.name ?? row.firstMessage,
      fileName: row.fileName,
      created: row.created,
      messageCount: row.messageCount,
    }
  } catch {
    return null
  }
}

/** The `session:*` part of the handler table. @param core tests pass their own */
export function createSessionHandlers(
  context: HandlerContext,
  core: ViewCore = context.view ?? localViewCore(),
): HandlersOf<typeof SESSION_VIEW_CHANNELS> {
  const call =
    <C extends ViewChannel>(channel: C) =>
    async (args: HandlerArgs<C> & { sessionId: string }): Promise<Replied<ChannelResult<C>>> => {
      const record = await recordOf(context, args.sessionId)
      const file = {
        id: args.sessionId,
        path: record.path,
        fileName: record.fileName,
        size: record.size,
        readOnlyReason: context.library.readOnlyReason(args.sessionId),
      }
      return core.call(channel, file, args)
    }
  return {
    'session:open': call('session:open'),
    'session:get-tree': call('session:get-tree'),
    'session:get-tree-order': call('session:get-tree-order'),
    'session:peek-tail': call('session:peek-tail'),
    'session:follow': call('session:follow'),
    'session:get-path': call('session:get-path'),
    'session:find-counts': call('session:find-counts'),
    'session:get-image': call('session:get-image'),
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
