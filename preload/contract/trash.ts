/**
 * Schemas of the `trash:*` channels: moving sessions to the OS trash, the recently
 * deleted list, and restoring.
 */
import { z } from 'zod'
import { BulkFailure, BulkMoveArgs, Empty, MAX_BULK, OpaqueId, OperationId } from './common'

/** One session the app moved to the trash. */
export const DeletedSessionView = z.object({
  /** Id of the log entry (a UUID), used to restore. */
  id: z.string(),
  title: z.string(),
  cwd: z.string().nullable(),
  fileName: z.string(),
  deletedAt: z.number(),
  size: z.number(),
  /** Still in the trash (false once the trash was emptied). */
  inTrash: z.boolean(),
  /** The app can put it back itself (freedesktop trash); else use the system Trash. */
  restorable: z.boolean(),
  /** The deletion (one confirmed move) it was part of, to restore all of it; null when unknown. */
  batchId: z.string().nullable(),
})

/** A session a bulk action left alone because it seems to be running in pi, and why. */
export const SkippedSession = z.object({ sessionId: OpaqueId, reason: z.string() })

/**
 * The outcome of a move: which went to the trash, which did not and why, which were left
 * out as running, and how many a cancel left untouched.
 */
export const TrashMoveResult = z.object({
  moved: z.array(z.object({ sessionId: OpaqueId, deletedId: z.string() })),
  failed: z.array(BulkFailure),
  skipped: z.array(SkippedSession),
  cancelled: z.number().int(),
  /** This deletion's id in "Recently deleted" (restore all of it at once). */
  batchId: z.string(),
})

/** The outcome of restoring many deleted sessions. */
export const TrashRestoreResult = z.object({
  restored: z.array(z.object({ deletedId: z.string(), sessionId: OpaqueId })),
  failed: z.array(z.object({ deletedId: z.string(), code: z.string(), message: z.string() })),
  cancelled: z.number().int(),
})

/** Argument and result schema of each `trash:*` channel. */
export const TRASH_SCHEMAS = {
  'trash:move-sessions': { args: BulkMoveArgs, result: TrashMoveResult },
  'trash:restore-many': {
    args: z
      .object({
        deletedIds: z.array(z.uuid()).min(1).max(MAX_BULK),
        operationId: OperationId.optional(),
      })
      .strict(),
    result: TrashRestoreResult,
  },
  'trash:list': { args: Empty, result: z.array(DeletedSessionView) },
  'trash:restore': {
    args: z.object({ deletedId: z.uuid() }).strict(),
    result: z.object({ sessionId: OpaqueId }),
  },
} as const

export type DeletedSessionView = z.output<typeof DeletedSessionView>
export type TrashMoveResult = z.output<typeof TrashMoveResult>
export type TrashRestoreResult = z.output<typeof TrashRestoreResult>
export type SkippedSession = z.output<typeof SkippedSession>
