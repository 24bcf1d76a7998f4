/**
 * Errors of main/session beyond pi's plain `Error`s (whose messages we keep verbatim).
 */

/**
 * Thrown by appends on a session opened read-only: a damaged file pi would reject or hide
 * (BOM, `null` line, `content: null`, missing/invalid header; pi spec 16). `code` = 'EREADONLY'.
 */
export class SessionReadOnlyError extends Error {
  readonly code = 'EREADONLY'
  constructor(path: string | undefined, reason: string) {
    super(`Session is read-only (${reason}): ${path ?? '(in memory)'}`)
    this.name = 'SessionReadOnlyError'
  }
}
