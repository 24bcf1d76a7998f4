/**
 * How an envelope crosses from main to the renderer. A value the session view made in its
 * worker arrives as its JSON in UTF-8 (`EncodedEnvelope`), so main never decodes or encodes
 * a large reply on its own thread: the HTTP host sends the bytes as the envelope's `value`,
 * and the Electron preload decodes them with {@link openEnvelope}.
 */
import type { Envelope } from './errors'

/** A success envelope whose value is still its JSON text, in UTF-8. */
export interface EncodedEnvelope {
  ok: true
  json: Uint8Array
}

/** What a host gets from dispatch: an envelope, or one whose value is still encoded. */
export type WireEnvelope<T> = Envelope<T> | EncodedEnvelope

/** Whether `wire` carries its value as JSON bytes. */
export function isEncodedEnvelope(wire: unknown): wire is EncodedEnvelope {
  return (
    typeof wire === 'object' &&
    wire !== null &&
    (wire as EncodedEnvelope).ok === true &&
    (wire as EncodedEnvelope).json instanceof Uint8Array
  )
}

/**
 * The envelope `wire` stands for: an encoded value is decoded and parsed; anything else is
 * returned as it is.
 * @throws SyntaxError when the bytes are not JSON (main encoded them, so a bug, not input)
 */
export function openEnvelope<T>(wire: WireEnvelope<T>): Envelope<T> {
  if (!isEncodedEnvelope(wire)) return wire as Envelope<T>
  return { ok: true, value: JSON.parse(new TextDecoder().decode(wire.json)) as T }
}
