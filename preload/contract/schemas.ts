/**
 * zod schemas of every channel's argument and result, merged from the per-domain files.
 * Main validates each incoming argument with these (ARCHITECTURE.md rule 3); results are
 * typed from them so both sides agree.
 */
import type { z } from 'zod'
import type { Channel } from './channels'
import { APP_SCHEMAS } from './app'
import { ARCHIVE_SCHEMAS } from './archive'
import { INSIGHTS_SCHEMAS } from './insights'
import { EXPORT_SCHEMAS } from './export'
import { LIBRARY_SCHEMAS } from './library'
import { SESSION_SCHEMAS } from './session'
import { TRASH_SCHEMAS } from './trash'

/** Argument and result schema of each channel. */
export const CHANNEL_SCHEMAS = {
  ...APP_SCHEMAS,
  ...LIBRARY_SCHEMAS,
  ...TRASH_SCHEMAS,
  ...ARCHIVE_SCHEMAS,
  ...SESSION_SCHEMAS,
  ...INSIGHTS_SCHEMAS,
  ...EXPORT_SCHEMAS,
} as const satisfies Record<Channel, { args: z.ZodType; result: z.ZodType }>

/** The argument type of a channel. */
export type ChannelArgs<C extends Channel> = z.input<(typeof CHANNEL_SCHEMAS)[C]['args']>
/** The result type of a channel. */
export type ChannelResult<C extends Channel> = z.output<(typeof CHANNEL_SCHEMAS)[C]['result']>

export * from './common'
export * from './app'
export * from './library'
export * from './session'
export * from './session-view'
export * from './trash'
export * from './archive'
export * from './insights'
export * from './export'
