/**
 * The types every handler file shares: the handler table, what the handlers get from the
 * composition root, and the desktop-only actions. Handler files import only this (and the
 * contract), never each other, so `main/api` has no import cycle.
 */
import type { z } from 'zod'
import type { AppInfo } from '../../preload/contract/app'
import type { Channel } from '../../preload/contract/channels'
import type { CHANNEL_SCHEMAS, ChannelResult } from '../../preload/contract/schemas'
import type { ExportDownloads } from '../export/downloads'
import type { SessionLibrary } from '../library/library'
import type { ResolvedRoots } from '../library/roots'
import type { SettingsStore } from '../settings/store'
import type { TerminalCommand } from '../terminal/command'
import type { EventHub } from './events'
import type { ViewCore } from './session-view/core'
import type { Replied } from './json-reply'

/** The parsed (post-validation) argument type of a channel. */
export type HandlerArgs<C extends Channel> = z.output<(typeof CHANNEL_SCHEMAS)[C]['args']>

/**
 * One handler per channel: the single implementation of the API. A handler may answer with
 * its value already encoded (json-reply.ts: the session view's, made in its worker).
 */
export type HandlerTable = {
  [C in Channel]: (args: HandlerArgs<C>) => Promise<Replied<ChannelResult<C>>>
}

/** The part of the handler table for the channels in `channels` (one domain's list). */
export type HandlersOf<Channels extends readonly Channel[]> = Pick<HandlerTable, Channels[number]>

/** What only the desktop app can do (absent in server mode). */
export interface DesktopActions {
  showItemInFolder(path: string): void
  /** Resolves with an error message, '' on success (Electron's shell.openPath). */
  openPath(path: string): Promise<string>
  /**
   * The OS save dialog (it asks before replacing an existing file): the chosen path, or null
   * when the user closed it.
   */
  chooseSavePath?(options: SaveDialogOptions): Promise<string | null>
  /** The OS folder picker: the chosen folder, or null when the user closed it. */
  chooseFolder?(options: { title: string }): Promise<string | null>
  /**
   * Starts a terminal command detached (main/terminal/launch.ts).
   * @throws ApiError when the program is missing or cannot start
   */
  openTerminal?(command: TerminalCommand): Promise<void>
}

/** What the save dialog shows: its title, the proposed file name, the file type filters. */
export interface SaveDialogOptions {
  title: string
  defaultName: string
  filters: { name: string; extensions: string[] }[]
}

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
  /** Server mode: finished exports waiting for the browser to fetch them. */
  downloads?: ExportDownloads
  host: AppInfo['host']
  version: string
  /** The session view's reader of session files (in its worker in the app; in-process without). */
  view?: ViewCore
}
