/**
 * A handler's value already encoded as JSON, in UTF-8, where it was made (the session view's
 * worker): the hosts send these bytes as they are (preload/contract/wire.ts), so a large reply
 * (an outline, a tree page, a path page) costs main no parse, no encode and no garbage.
 */
import { wireJson } from '../../preload/contract/wire'

/** The JSON of one handler value, in UTF-8, in an `ArrayBuffer` of its own (transferable). */
export class JsonReply {
  constructor(readonly bytes: Uint8Array) {}
}

/** A handler's value, or that value already encoded. */
export type Replied<T> = T | JsonReply

/**
 * Encodes `value` as {@link JsonReply} bytes; `undefined` (a void handler) becomes `null`.
 */
export function encodeJsonReply(value: unknown): JsonReply {
  // TextEncoder's array owns its buffer, so it can be transferred; Buffer.from may share a pool.
  return new JsonReply(new TextEncoder().encode(wireJson(value) ?? 'null'))
}
