/**
 * Schemas of the `session:*` channels: one session opened for the session view and the
 * branch tree (issue 5) and its edits (issue 6).
 */

/** Argument and result schema of each `session:*` channel. */
export const SESSION_SCHEMAS = {} as const
