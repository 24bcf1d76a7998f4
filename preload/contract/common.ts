/**
 * Schemas shared by every domain of the contract.
 */
import { z } from 'zod'

/** An opaque id the library hands out for a project or a session (hex, never a path). */
export const OpaqueId = z
  .string()
  .regex(/^[a-f0-9]{16}$/, 'expected an id handed out by the library (16 hex characters)')

/** The argument of a channel that takes none. */
export const Empty = z.object({}).strict()

/** Names a bulk action so the renderer can follow its progress and cancel it. */
export const OperationId = z.uuid()

/** Most sessions one bulk action takes. */
export const MAX_BULK = 100_000

/** A session a bulk action could not act on, and why (`code` from the contract's error codes). */
export const BulkFailure = z.object({ sessionId: OpaqueId, code: z.string(), message: z.string() })

/** The argument of a bulk move (trash, archive): which sessions, and how it is followed. */
export const BulkMoveArgs = z
  .object({
    sessionIds: z.array(OpaqueId).min(1).max(MAX_BULK),
    /** Running sessions the user chose to include anyway, one by one. */
    includeRunning: z.array(OpaqueId).max(MAX_BULK).default([]),
    operationId: OperationId.optional(),
  })
  .strict()
