/**
 * zod schemas of every channel's argument and result. Main validates each incoming
 * argument with these (ARCHITECTURE.md rule 3); results are typed from them so both sides
 * agree. Ids are opaque strings: the renderer never sends a path (rule 5).
 */
import { z } from 'zod'
import type { Channel } from './channels'

/** An opaque id the library hands out for a project or a session (hex, never a path). */
export const OpaqueId = z
  .string()
  .regex(/^[a-f0-9]{16}$/, 'expected an id handed out by the library (16 hex characters)')

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

/** Something the library could not read, and why (shown to the user, never hidden). */
export const LibraryProblem = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
})

/**
 * A project: the sessions that share one header `cwd` (pi spec 1.2: the folder name is
 * lossy, so the cwd comes from headers). Sessions without a readable cwd are grouped by
 * their folder and have `cwd: null`.
 */
export const ProjectSummary = z.object({
  id: OpaqueId,
  cwd: z.string().nullable(),
  displayName: z.string(),
  folders: z.array(z.string()),
  sessionCount: z.number().int(),
  damagedCount: z.number().int(),
  /** Newest session activity in the project, ms since epoch (pi spec 15.1 `modified`). */
  lastModified: z.number(),
})

/** Whether a session file read cleanly, read with damage, or could not be read at all. */
export const SessionStatus = z.enum(['ok', 'damaged', 'unreadable'])

/** One session row of the library (pi spec 15.1 SessionInfo plus what the app adds). */
export const SessionSummary = z.object({
  id: OpaqueId,
  projectId: OpaqueId,
  /** The header's session id (pi spec 2.1); null when the header is missing or invalid. */
  sessionId: z.string().nullable(),
  fileName: z.string(),
  cwd: z.string().nullable(),
  name: z.string().nullable(),
  firstMessage: z.string(),
  /** ms since epoch; null when the header timestamp is missing or invalid. */
  created: z.number().nullable(),
  /** Last user/assistant activity, ms since epoch (pi spec 15.1). */
  modified: z.number(),
  messageCount: z.number().int(),
  size: z.number().int(),
  status: SessionStatus,
  /** Would pi 1.6.0's own listing show this session? */
  listedByPi: z.boolean(),
  diagnosticCount: z.number().int(),
  /** A short human account of the damage or read error, when status is not ok. */
  problem: z.string().nullable(),
})

/** `library:list-projects` result. */
export const ProjectList = z.object({
  projects: z.array(ProjectSummary),
  problems: z.array(LibraryProblem),
})

const Empty = z.object({}).strict()

/** Argument and result schema of each channel. */
export const CHANNEL_SCHEMAS = {
  'app:get-info': { args: Empty, result: AppInfo },
  'library:list-projects': { args: Empty, result: ProjectList },
  'library:list-sessions': {
    args: z.object({ projectId: OpaqueId }).strict(),
    result: z.array(SessionSummary),
  },
} as const satisfies Record<Channel, { args: z.ZodType; result: z.ZodType }>

/** The argument type of a channel. */
export type ChannelArgs<C extends Channel> = z.input<(typeof CHANNEL_SCHEMAS)[C]['args']>
/** The result type of a channel. */
export type ChannelResult<C extends Channel> = z.output<(typeof CHANNEL_SCHEMAS)[C]['result']>

export type AppInfo = z.output<typeof AppInfo>
export type SessionRootInfo = z.output<typeof SessionRootInfo>
export type LibraryProblem = z.output<typeof LibraryProblem>
export type ProjectSummary = z.output<typeof ProjectSummary>
export type SessionSummary = z.output<typeof SessionSummary>
export type ProjectList = z.output<typeof ProjectList>
