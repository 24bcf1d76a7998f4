/**
 * The handler table: the one implementation of the contract, shared by the Electron and
 * HTTP hosts, assembled from one file per channel domain. No electron import here
 * (ARCHITECTURE.md rule 6).
 */
import { createAppHandlers } from './app-handlers'
import { createArchiveHandlers } from './archive-handlers'
import type { HandlerContext, HandlerTable } from './context'
import { createEditHandlers } from './edit-handlers'
import { createInsightsHandlers } from './insights-handlers'
import { createExportHandlers } from './export-handlers'
import { createLibraryHandlers } from './library-handlers'
import { createSessionHandlers } from './session-handlers'
import { createTrashHandlers } from './trash-handlers'

/** Builds the handler table over one library. */
export function createHandlers(context: HandlerContext): HandlerTable {
  return {
    ...createAppHandlers(context),
    ...createLibraryHandlers(context),
    ...createTrashHandlers(context),
    ...createArchiveHandlers(context),
    ...createEditHandlers(context),
    ...createSessionHandlers(context),
    ...createInsightsHandlers(context),
    ...createExportHandlers(context),
  }
}
