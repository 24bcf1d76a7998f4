/**
 * Handlers of the `insights:*` channels: each chart's query on the library index.
 */
import type { INSIGHTS_CHANNELS } from '../../preload/contract/channels'
import { activityByDay, diskUse, topItems, usageOverTime } from '../insights'
import type { HandlerContext, HandlersOf } from './context'

/** The `insights:*` part of the handler table. */
export function createInsightsHandlers(
  context: HandlerContext,
): HandlersOf<typeof INSIGHTS_CHANNELS> {
  const { library } = context
  return {
    'insights:usage': async (query) => library.readIndex((db) => usageOverTime(db, query)),
    'insights:activity': async ({ scope }) => library.readIndex((db) => activityByDay(db, scope)),
    'insights:top': async (query) => library.readIndex((db) => topItems(db, query)),
    'insights:disk': async ({ scope }) => library.readIndex((db) => diskUse(db, scope)),
  }
}
