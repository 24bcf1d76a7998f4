/**
 * Turns one raw call (channel name + untrusted argument) into a result envelope:
 * validates the argument with the contract's schema, runs the handler, and maps every
 * failure onto the closed set of error codes (ARCHITECTURE.md rules 3 and 4). Both hosts
 * (Electron IPC and the HTTP server) call only this.
 */
import { isChannel } from '../../preload/contract/channels'
import { ApiError, fail, ok, type Envelope, type ErrorCode } from '../../preload/contract/errors'
import { CHANNEL_SCHEMAS } from '../../preload/contract/schemas'
import type { WireEnvelope } from '../../preload/contract/wire'
import { describeFsError } from '../library/fs-errors'
import type { Logger } from '../log'
import { NOT_REGULAR } from '../session'
import { describeZodError } from '../plain-errors'
import type { HandlerTable } from './context'
import { JsonReply } from './json-reply'

const ERRNO_CODES: Record<string, ErrorCode> = {
  ENOENT: 'not_found',
  EACCES: 'io',
  EPERM: 'io',
  EISDIR: 'io',
  ENOTDIR: 'io',
  EROFS: 'io',
  ENOSPC: 'io',
  EBUSY: 'io',
  EXDEV: 'io',
  [NOT_REGULAR]: 'io',
}

/** Where dispatch reports unexpected errors: the app logger (`logs/main.log`). */
export type ErrorLog = Pick<Logger, 'error'>

/**
 * Maps a thrown value onto an envelope; unexpected errors become `internal` and are logged
 * with the channel, since the user is told to see the log.
 */
function errorToEnvelope(error: unknown, log: ErrorLog, channel: string): Envelope<never> {
  if (error instanceof ApiError) {
    // A file-system failure is told in words; its raw error (code, syscall) goes to the log.
    if (error.cause !== undefined) log.error(`${channel}: ${error.message}`, error.cause)
    return fail(error.code, error.message)
  }
  const errno = (error as NodeJS.ErrnoException)?.code
  if (errno && ERRNO_CODES[errno]) {
    // Said in words ("Permission denied"), not as Node's "EACCES: permission denied, open …".
    const path = (error as NodeJS.ErrnoException).path ?? ''
    return fail(ERRNO_CODES[errno], describeFsError(path, error, 'read').message)
  }
  log.error(`Unexpected error in ${channel}`, error)
  return fail('internal', 'Unexpected error; see the log for details')
}

/**
 * Validates and runs one call. Never throws. A value the handler gave already encoded stays
 * encoded (preload/contract/wire.ts): main never parses it.
 * @param table the handler table
 * @param channel the raw channel name from the transport
 * @param rawArgs the raw argument (undefined counts as `{}`)
 * @param log where unexpected errors go: both hosts pass the app logger
 */
export async function dispatch(
  table: HandlerTable,
  channel: unknown,
  rawArgs: unknown,
  log: ErrorLog,
): Promise<WireEnvelope<unknown>> {
  if (!isChannel(channel)) return fail('not_found', `Unknown channel: ${String(channel)}`)
  const parsed = CHANNEL_SCHEMAS[channel].args.safeParse(rawArgs ?? {})
  if (!parsed.success) return fail('invalid_argument', describeZodError(parsed.error))
  try {
    const handler = table[channel] as (args: unknown) => Promise<unknown>
    const value = await handler(parsed.data)
    return value instanceof JsonReply ? { ok: true, json: value.bytes } : ok(value)
  } catch (error) {
    return errorToEnvelope(error, log, channel)
  }
}
