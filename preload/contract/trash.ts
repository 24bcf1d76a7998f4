/**
 * Schemas of the `trash:*` channels: moving sessions to the OS trash, the recently
 * deleted list, and restoring.
 */
import { z } from 'zod'
import { Empty, OpaqueId } from './common'

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
})

/** The outcome of a move: which went to the trash, which did not and why. */
export const TrashMoveResult = z.object({
  moved: z.array(z.object({ sessionId: OpaqueId, deletedId: z.string() })),
  failed: z.array(z.object({ sessionId: OpaqueId, code: z.string(), message: z.string() })),
})

/** Argument and result schema of each `trash:*` channel. */
export const TRASH_SCHEMAS = {
  'trash:move-sessions': {
    args: z.object({ sessionIds: z.array(OpaqueId).min(1).max(1000) }).strict(),
    result: TrashMoveResult,
  },
  'trash:list': { args: Empty, result: z.array(DeletedSessionView) },
  'trash:restore': {
    args: z.object({ deletedId: z.uuid() }).strict(),
    result: z.object({ sessionId: OpaqueId }),
  },
} as const

export type DeletedSessionView = z.output<typeof DeletedSessionView>
export type TrashMoveResult = z.output<typeof TrashMoveResult>
