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
