/**
 * The handler table called as a host calls it, with the envelope as the renderer receives it:
 * a value main got already encoded (main/api/json-reply.ts) is decoded, as the preload and the
 * HTTP client do.
 */
import { dispatch as dispatchWire, type ErrorLog } from '../../main/api/dispatch'
import type { HandlerTable } from '../../main/api/context'
import { JsonReply, type Replied } from '../../main/api/json-reply'
import type { Envelope } from '../../preload/contract/errors'
import { openEnvelope } from '../../preload/contract/wire'

/** main's dispatch, then {@link openEnvelope}. */
export async function dispatch(
  table: HandlerTable,
  channel: unknown,
  rawArgs: unknown,
  log: ErrorLog,
): Promise<Envelope<unknown>> {
  return openEnvelope(await dispatchWire(table, channel, rawArgs, log))
}

/** The value a view core answered with, parsed when it came as JSON bytes (the worker's). */
export function valueOf<T>(reply: Replied<T>): T {
  return reply instanceof JsonReply
    ? (JSON.parse(new TextDecoder().decode(reply.bytes)) as T)
    : reply
}
