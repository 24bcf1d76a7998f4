/**
 * Schemas of the `library:*` channels: projects and session rows. Ids are opaque strings:
 * the renderer never sends a path (ARCHITECTURE.md rule 5).
 */
import { z } from 'zod'
import { Empty, OpaqueId } from './common'

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

/** Argument and result schema of each `library:*` channel. */
export const LIBRARY_SCHEMAS = {
  'library:list-projects': { args: Empty, result: ProjectList },
  'library:list-sessions': {
    args: z.object({ projectId: OpaqueId }).strict(),
    result: z.array(SessionSummary),
  },
} as const

export type LibraryProblem = z.output<typeof LibraryProblem>
export type ProjectSummary = z.output<typeof ProjectSummary>
export type SessionSummary = z.output<typeof SessionSummary>
export type ProjectList = z.output<typeof ProjectList>
