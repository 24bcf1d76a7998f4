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
import type { FollowResult } from '../../preload/contract/session-live'
import { OPENED_KEY, SourceCache, memoize } from './session-view/cache'
import { imageAt } from './session-view/images'
import { buildOverview, overviewOf, type OpenedSession } from './session-view/overview'
import { pathPage } from './session-view/page'
import { peekTail } from './session-view/tail'
import { treePageText } from './session-view/tree-pages'
import { ServedSkeletons } from './session-view/skeleton-open'

/** Files smaller than this are parsed whole before the first paint (it takes a blink). */
const PEEK_MIN_BYTES = 4 * 1024 * 1024

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

/** The `session:*` part of the handler table. */
export function createSessionHandlers(
  context: HandlerContext,
  cache: SourceCache = new SourceCache(),
): HandlersOf<typeof SESSION_VIEW_CHANNELS> {
  const skeletons = new ServedSkeletons(context.trees)
  const load = async (id: string) => {
    await skeletons.gate(id)
    const record = await recordOf(context, id)
    return { record, ...(await cache.get(id, record.path)) }
  }
  const opened = async (id: string) => {
    const { record, source, memo, slot } = await load(id)
    // Rows are built once per file load (and extended as it grows); later opens reuse them.
    const value = await memoize(
      memo,
      OPENED_KEY,
      async () => {
        const built = await buildOverview(source, id, record.fileName)
        skeletons.adopt(id, built, source.stamp)
        return built
      },
      1,
    )
    return { opened: value, slot }
  }
  return {
    'session:open': async ({ sessionId }) => {
      // A session not in memory yet opens from its skeleton when it has one; the parse runs on.
      if (!cache.peek(sessionId)) {
        const record = await recordOf(context, sessionId)
        const fast = await skeletons.open(sessionId, record.path, record.fileName)
        if (fast) {
          opened(sessionId).catch(() => undefined)
          return fast
        }
      }
      return overviewOf((await opened(sessionId)).opened)
    },
    'session:get-tree': async ({ sessionId, revision, offset }) => {
      const served = await skeletons.page(sessionId, revision, offset)
      if (served) return served
      const { opened: view } = await opened(sessionId)
      if (revision < view.follow.baseRevision || revision > view.revision)
        throw new ApiError('conflict', 'The session was read again: open it again to see its tree.')
      const rows = treePageText(view, offset)
      return { revision: view.revision, offset, total: view.rows.length, rows }
    },
    'session:peek-tail': async ({ sessionId }) => {
      const record = await recordOf(context, sessionId)
      if (cache.peek(sessionId)?.source || record.size < PEEK_MIN_BYTES)
        return { items: [], leafId: null, reason: 'the whole session is read at once', bytes: 0 }
      return peekTail(record.path)
    },
    'session:follow': async ({ sessionId, revision, rowCount }) => {
      const { opened: view, slot } = await opened(sessionId)
      return followReply(view, slot, revision, rowCount)
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

/** What a view at `revision` with `rowCount` rows must do to catch up with `view`. */
function followReply(
  view: OpenedSession,
  slot: { reason: string | null; notice: boolean },
  revision: number,
  rowCount: number,
): FollowResult {
  if (
    revision < view.follow.baseRevision ||
    revision > view.revision ||
    rowCount > view.rows.length
  ) {
    return {
      kind: 'reopen',
      reason: slot.reason ?? 'the session was read again',
      notice: slot.reason !== null && slot.notice,
    }
  }
  if (revision === view.revision && rowCount === view.rows.length) return { kind: 'same', revision }
  return {
    kind: 'appended',
    overview: overviewOf(view),
    rows: view.rows.slice(rowCount),
    labels: view.follow.relabels
      .filter((r) => r.revision > revision)
      .map(({ row, label }) => ({ row, label })),
  }
}
