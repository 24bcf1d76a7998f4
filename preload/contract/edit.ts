/**
 * Schemas of the session edit channels (issue 6): labels, session names, branch
 * extraction, and the file actions around a session. Ids only: main finds the file.
 */
import { z } from 'zod'
import { OpaqueId } from './common'
import { EntryId } from './session'

/** A label or name change's outcome: the value before (for undo) and after. */
export const EditResult = z.object({
  previous: z.string().nullable(),
  current: z.string().nullable(),
})

/** Argument and result schema of each edit channel. */
export const EDIT_SCHEMAS = {
  'session:set-label': {
    // null or blank clears (pi spec 10); the length limit is checked after normalisation.
    args: z
      .object({ sessionId: OpaqueId, entryId: EntryId, label: z.string().max(10_000).nullable() })
      .strict(),
    result: EditResult,
  },
  'session:rename': {
    args: z.object({ sessionId: OpaqueId, name: z.string().max(10_000).nullable() }).strict(),
    result: EditResult,
  },
  'session:extract-branch': {
    args: z.object({ sessionId: OpaqueId, entryId: EntryId }).strict(),
    result: z.object({ sessionId: OpaqueId }),
  },
  'session:file-info': {
    args: z.object({ sessionId: OpaqueId }).strict(),
    result: z.object({ file: z.string(), folder: z.string(), resumeCommand: z.string() }),
  },
  'session:reveal': {
    args: z.object({ sessionId: OpaqueId, target: z.enum(['file', 'project']) }).strict(),
    result: z.object({}),
  },
} as const

export type EditResult = z.output<typeof EditResult>
