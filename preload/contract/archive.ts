/**
 * Schemas of the `archive:*` channels: moving sessions out of pi's session folders into the
 * app's archive folder and back, and choosing that folder. Sessions are named by id only.
 */
import { z } from 'zod'
import { BulkFailure, BulkMoveArgs, Empty, MAX_BULK, OpaqueId, OperationId } from './common'
import { SkippedSession } from './trash'

/**
 * The outcome of an archive or unarchive: which moved (and their ids in the new place),
 * which did not and why, which were left out as running, how many a cancel left untouched.
 */
export const ArchiveResult = z.object({
  moved: z.array(z.object({ sessionId: OpaqueId, newSessionId: OpaqueId })),
  failed: z.array(BulkFailure),
  skipped: z.array(SkippedSession),
  cancelled: z.number().int(),
})

/** The archive folder in use. */
export const ArchiveFolder = z.object({
  path: z.string(),
  /** True while it is the default folder in the app's data folder. */
  isDefault: z.boolean(),
})

/** Argument and result schema of each `archive:*` channel. */
export const ARCHIVE_SCHEMAS = {
  'archive:move-sessions': { args: BulkMoveArgs, result: ArchiveResult },
  'archive:restore-sessions': {
    args: z
      .object({
        sessionIds: z.array(OpaqueId).min(1).max(MAX_BULK),
        operationId: OperationId.optional(),
      })
      .strict(),
    result: ArchiveResult,
  },
  'archive:get-folder': { args: Empty, result: ArchiveFolder },
  'archive:set-folder': {
    /** An absolute folder the user chose; null goes back to the default. */
    args: z.object({ path: z.string().min(1).max(4096).nullable() }).strict(),
    result: ArchiveFolder,
  },
} as const

export type ArchiveResult = z.output<typeof ArchiveResult>
export type ArchiveFolder = z.output<typeof ArchiveFolder>
