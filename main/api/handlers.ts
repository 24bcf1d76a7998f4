/**
 * The handler table: the one implementation of the contract, shared by the Electron and
 * HTTP hosts. No electron import here (ARCHITECTURE.md rule 6).
 */
import type { AppInfo } from '../../preload/contract/app'
import { isDirectory, type ResolvedRoots } from '../library/roots'
import type { SessionLibrary } from '../library/library'
import type { SettingsStore } from '../settings/store'
import type { HandlerTable } from './dispatch'
import { createLibraryHandlers } from './library-handlers'
import { createSessionHandlers } from './session-handlers'
import { createTrashHandlers } from './trash-handlers'

/** What the handlers need from the composition root. */
export interface HandlerContext {
  library: SessionLibrary
  resolved: ResolvedRoots
  settings: SettingsStore
  /** The app's data folder (settings, cache, recently deleted). */
  dataDir: string
  host: AppInfo['host']
  version: string
}

/** Builds the handler table over one library. */
export function createHandlers(context: HandlerContext): HandlerTable {
  const { library, resolved } = context
  return {
    'app:get-info': async () => ({
      name: 'Pi Sessions',
      version: context.version,
      host: context.host,
      platform: process.platform,
      agentDir: resolved.agentDir,
      roots: library.roots.map((root) => ({ ...root, exists: isDirectory(root.path) })),
    }),
    ...createLibraryHandlers(context),
    ...createTrashHandlers(context),
    ...createSessionHandlers(context),
  }
}
