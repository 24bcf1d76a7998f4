/**
 * The channel names of the Pi Sessions API: `domain:action` in lowercase kebab
 * (ARCHITECTURE.md rule 2), one list per domain. Each prefix has its schemas in one contract
 * file: `app:*` and `settings:*` in app.ts, `library:*` in library.ts, `trash:*` in trash.ts,
 * `archive:*` in archive.ts, `session:*` (view and edits) in session.ts, `insights:*` in
 * insights.ts, `export:*` in export.ts. This file imports nothing, so the sandboxed
 * preload can whitelist channels without pulling in zod.
 */
export const APP_CHANNELS = ['app:get-info', 'settings:get', 'settings:update'] as const
export const LIBRARY_CHANNELS = [
  'library:list-projects',
  'library:query-sessions',
  'library:get-session',
  'library:select-sessions',
  'library:star-sessions',
  'library:describe-sessions',
  'library:sessions-with-header',
  'library:cancel-bulk',
  'library:refresh',
  'library:add-root',
  'library:open-demo',
  'library:remove-root',
] as const
/** The `session:*` channels that change a session (or act on its file). */
export const SESSION_EDIT_CHANNELS = [
  'session:set-label',
  'session:rename',
  'session:extract-branch',
  'session:file-info',
  'session:reveal',
  'session:open-terminal',
] as const
export const TRASH_CHANNELS = [
  'trash:move-sessions',
  'trash:list',
  'trash:restore',
  'trash:restore-many',
] as const
/** The `archive:*` channels: archive folder and moves in and out of it. */
export const ARCHIVE_CHANNELS = [
  'archive:move-sessions',
  'archive:restore-sessions',
  'archive:get-folder',
  'archive:set-folder',
] as const
/** The `session:*` channels that read one session for the session view and branch tree. */
export const SESSION_VIEW_CHANNELS = [
  'session:open',
  'session:get-tree',
  'session:get-tree-order',
  'session:peek-tail',
  'session:follow',
  'session:get-path',
  'session:find-counts',
  'session:get-image',
  'session:get-lineage',
] as const
/** The `export:*` channels: sessions and branches as HTML, Markdown or JSONL files. */
export const EXPORT_CHANNELS = [
  'export:preview',
  'export:session',
  'export:save-as-session',
  'export:batch',
  'export:cancel',
] as const

/** The `insights:*` channels: one per Insights chart. */
export const INSIGHTS_CHANNELS = [
  'insights:usage',
  'insights:activity',
  'insights:top',
  'insights:disk',
] as const

/** Every channel of the API. */
export const CHANNELS = [
  ...APP_CHANNELS,
  ...LIBRARY_CHANNELS,
  ...TRASH_CHANNELS,
  ...ARCHIVE_CHANNELS,
  ...SESSION_VIEW_CHANNELS,
  ...SESSION_EDIT_CHANNELS,
  ...INSIGHTS_CHANNELS,
  ...EXPORT_CHANNELS,
] as const

/** One channel name of the API. */
export type Channel = (typeof CHANNELS)[number]

/** Events main pushes to the renderer: `domain:past-tense` (ARCHITECTURE.md rule 2). */
export const EVENTS = [
  'library:changed',
  'library:files-changed',
  'library:bulk-progressed',
  'app:command',
  'app:error',
  'export:progressed',
  'export:finished',
] as const

/** One event name. */
export type EventName = (typeof EVENTS)[number]

/** The one Electron IPC channel main pushes events on, as `{event, payload}` messages. */
export const EVENT_CHANNEL = 'pi-sessions:event'

/** The shape every channel name must have: `domain:action`, lowercase kebab on both sides. */
export const CHANNEL_NAME_PATTERN = /^[a-z]+(?:-[a-z]+)*:[a-z]+(?:-[a-z]+)*$/

/** True when `name` is one of the API's channels (used by preload and both hosts). */
export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (CHANNELS as readonly string[]).includes(name)
}
