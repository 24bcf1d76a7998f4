/**
 * Handlers of the `app:*` and `settings:*` channels: what is running, and the user's
 * settings.
 */
import type { APP_CHANNELS } from '../../preload/contract/channels'
import type { UserSettings } from '../../preload/contract/app'
import { isDirectory } from '../library/roots'
import type { Settings } from '../settings/store'
import type { HandlerContext, HandlersOf } from './context'

/** The user-facing part of the settings (without window bounds). */
function userSettings(s: Settings): UserSettings {
  const { theme, showHidden, confirmDelete, defaultTreeFilter, extraRoots } = s
  const { terminal, lastSession } = s
  return { theme, showHidden, confirmDelete, defaultTreeFilter, extraRoots, terminal, lastSession }
}

/** The `app:*` and `settings:*` part of the handler table. */
export function createAppHandlers(context: HandlerContext): HandlersOf<typeof APP_CHANNELS> {
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
  }
}
