/**
 * Handlers of the `session:*` channels (session view, branch tree, edits).
 */
import type { HandlerContext } from './handlers'
import type { HandlerTable } from './dispatch'
import type { SESSION_CHANNELS } from '../../preload/contract/channels'

/** The `session:*` part of the handler table. */
export function createSessionHandlers(
  _context: HandlerContext,
): Pick<HandlerTable, (typeof SESSION_CHANNELS)[number]> {
  return {}
}
