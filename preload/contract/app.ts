/**
 * Schemas of the `app:*` channels: what is running and which session roots it reads.
 */
import { z } from 'zod'
import { Empty } from './common'

/** Where a session root came from (pi spec 1: env, settings, default; or our own). */
export const RootSource = z.enum(['cli', 'env', 'settings', 'default', 'user'])

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
})

/** Argument and result schema of each `app:*` channel. */
export const APP_SCHEMAS = {
  'app:get-info': { args: Empty, result: AppInfo },
} as const

export type AppInfo = z.output<typeof AppInfo>
export type SessionRootInfo = z.output<typeof SessionRootInfo>
