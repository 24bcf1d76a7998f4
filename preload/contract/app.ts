/**
 * Schemas of the app-level channels: what is running, which session roots it reads, and
 * the user's settings.
 */
import { z } from 'zod'
import { Empty, OpaqueId } from './common'
import { EntryId } from './session-view'

/** Where a session root came from (pi spec 1: env, settings, default; or our own: user, archive). */
export const RootSource = z.enum(['cli', 'env', 'settings', 'default', 'user', 'archive'])

/** A folder the library scans for sessions, and whether it could be read. */
export const SessionRootInfo = z.object({
  path: z.string(),
  source: RootSource,
  exists: z.boolean(),
})

/** `app:get-info` result: what is running and which session roots it reads. */
export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'server']),
  platform: z.string(),
  agentDir: z.string(),
  roots: z.array(SessionRootInfo),
  /** Where settings, cache and logs live. */
  dataDir: z.string(),
  /** The demo library shipped with the app (first run), if present. */
  demoDir: z.string().nullable(),
})

/** pi's /tree filter modes (pi spec 15.6). */
export const TreeFilter = z.enum(['default', 'no-tools', 'user-only', 'labeled-only', 'all'])

/**
 * The terminals "Open in terminal" can start (main/terminal/command.ts): `auto` is the
 * system's own (Terminal on macOS, Windows Terminal, x-terminal-emulator on Linux).
 */
export const TERMINALS = [
  'auto',
  'terminal',
  'iterm',
  'windows-terminal',
  'cmd',
  'x-terminal-emulator',
  'gnome-terminal',
  'konsole',
] as const

/** One of {@link TERMINALS}. */
export const Terminal = z.enum(TERMINALS)

/**
 * The session the app showed last, reopened on the next launch (and carried by the URL):
 * - `entryId`: the entry chosen (the path root -> it); absent when the view follows pi's leaf;
 * - `focusId`: an entry shown inside its branch, scrolled to (where a search hit landed): the
 *   whole branch through it opens, to that branch's leaf, as the hit opened it.
 */
export const LastSession = z
  .object({ sessionId: OpaqueId, entryId: EntryId.optional(), focusId: EntryId.optional() })
  .strict()

/** The settings the user can change (persisted in the app's data folder). */
export const UserSettings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  /** Show custom messages pi marks `display: false`. */
  showHidden: z.boolean(),
  confirmDelete: z.boolean(),
  defaultTreeFilter: TreeFilter,
  /** Folders added to the library. */
  extraRoots: z.array(z.string()),
  /** The terminal "Open in terminal" starts (desktop app). */
  terminal: Terminal,
  /** The session the app showed last (null: none, or it was closed). */
  lastSession: LastSession.nullable(),
})

/** What `settings:update` accepts: any subset of the user settings except the roots. */
export const SettingsPatch = UserSettings.omit({ extraRoots: true }).partial().strict()

/** A menu or shortcut command for the renderer (Electron menu → renderer). */
export const AppCommand = z.object({
  command: z.enum([
    'search',
    'quick-open',
    'rename',
    'label',
    'delete',
    'refresh',
    'toggle-hidden',
    'toggle-sidebar',
    'toggle-tree',
    'reading-mode',
    'shortcuts',
    'settings',
    'insights',
    'export',
    'find',
    'undo',
  ]),
})

/** Argument and result schema of each app-level channel. */
export const APP_SCHEMAS = {
  'app:get-info': { args: Empty, result: AppInfo },
  'settings:get': { args: Empty, result: UserSettings },
  'settings:update': { args: SettingsPatch, result: UserSettings },
} as const

/** Events main pushes about the app. */
export const APP_EVENTS = {
  'app:command': AppCommand,
  'app:error': z.object({ message: z.string() }),
} as const

export type AppInfo = z.output<typeof AppInfo>
export type SessionRootInfo = z.output<typeof SessionRootInfo>
export type TreeFilter = z.output<typeof TreeFilter>
export type UserSettings = z.output<typeof UserSettings>
export type SettingsPatch = z.output<typeof SettingsPatch>
export type Terminal = z.output<typeof Terminal>
export type LastSession = z.output<typeof LastSession>
export type AppCommand = z.output<typeof AppCommand>
