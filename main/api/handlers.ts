/**
 * The handler table: the one implementation of the contract, shared by the Electron and
 * HTTP hosts. No electron import here (ARCHITECTURE.md rule 6).
 */
import type { AppInfo, UserSettings } from '../../preload/contract/app'
import { isDirectory, type ResolvedRoots } from '../library/roots'
import type { SessionLibrary } from '../library/library'
import type { Settings, SettingsStore } from '../settings/store'
import type { HandlerTable } from './dispatch'
import type { EventHub } from './events'
import { createLibraryHandlers } from './library-handlers'
import { createSessionHandlers } from './session-handlers'
import { createTrashHandlers } from './trash-handlers'
import { createEditHandlers, type DesktopActions } from './edit-handlers'

/** What the handlers need from the composition root. */
export interface HandlerContext {
  library: SessionLibrary
  resolved: ResolvedRoots
  settings: SettingsStore
  /** The app's data folder (settings, cache, recently deleted). */
  dataDir: string
  /** The demo library shipped in resources/, when present. */
  demoDir?: string | null
  /** Where main pushes events for the renderer. */
  events?: EventHub
  /** File-manager actions, in the desktop app only. */
  desktop?: DesktopActions
  host: AppInfo['host']
  version: string
}

/** The user-facing part of the settings (without window bounds). */
function userSettings(s: Settings): UserSettings {
  const { theme, showHidden, confirmDelete, defaultTreeFilter, extraRoots } = s
  return { theme, showHidden, confirmDelete, defaultTreeFilter, extraRoots }
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
      dataDir: context.dataDir,
      demoDir: context.demoDir && isDirectory(context.demoDir) ? context.demoDir : null,
    }),
    'settings:get': async () => userSettings(context.settings.get()),
    'settings:update': async (patch) =>
      userSettings(await context.settings.update((s) => ({ ...s, ...patch }))),
    ...createLibraryHandlers(context),
    ...createTrashHandlers(context),
    ...createEditHandlers(context),
    ...createSessionHandlers(context),
  }
}
