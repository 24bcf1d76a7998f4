/**
 * Error codes and the result envelope (ARCHITECTURE.md rule 4): handlers return data,
 * never throw across the transport; the UI branches on `code`, never on message text.
 * A damaged session is not an error code: it opens read-only with its diagnostics.
 * `unauthorized` comes from the hosts (wrong token, untrusted frame), never a handler.
 */
export const ERROR_CODES = [
  'not_found',
  'invalid_argument',
  'conflict',
  'io',
  'internal',
  'unauthorized',
] as const

/** One of the closed set of error codes. */
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The error half of the envelope: a code for programs, a message for people. */
export interface ApiErrorData {
  code: ErrorCode
  message: string
}

/** What every channel returns: `{ok:true,value}` or `{ok:false,error}`. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData }

/**
 * An API failure as an exception, for code on either side that prefers throwing:
 * handlers throw it to produce a specific code; the renderer client throws it when it
 * unwraps an `ok:false` envelope.
 */
export class ApiError extends Error {
  readonly code: ErrorCode
  constructor(code: ErrorCode, message: string) {
    super(message)
    this.name = 'ApiError'
    this.code = code
  }
}

/** Wraps a value in a success envelope. */
export function ok<T>(value: T): Envelope<T> {
  return { ok: true, value }
}

/** Builds a failure envelope. */
export function fail(code: ErrorCode, message: string): Envelope<never> {
  return { ok: false, error: { code, message } }
}
