/**
 * How an envelope crosses from main to the renderer. A value the session view made in its
 * worker arrives as its JSON in UTF-8 (`EncodedEnvelope`), so main never decodes or encodes
 * a large reply on its own thread: the HTTP host sends the bytes as the envelope's `value`,
 * and the Electron preload decodes them with {@link openEnvelope}.
 */
import type { Envelope } from './errors'

/**
 * Characters of a JSON text per character above U+00FF at which {@link wireJson} still escapes
 * them: one in 64 or fewer.
 */
const ESCAPE_RATIO = 64

/** A UTF-16 code unit above U+00FF (either half of a surrogate pair included). */
const WIDE = /[\u0100-\uffff]/g

/**
 * `JSON.stringify(value)` as the wire carries it: when only a few characters are above U+00FF
 * (an ellipsis, an arrow, an emoji in English text), they are written as `\uXXXX` escapes, so
 * the text stays at one byte per character. Why: one such character makes Chromium decode a
 * whole reply at two bytes per character, and JSON.parse then reads that. Measured in
 * Chromium: a 2.3 MB `session:open` reply (a tree outline) with one such character decoded in
 * 36 ms (TextDecoder, as the preload does) against 9 ms escaped, and took 57 against 38 ms as
 * a fetch's `json()` (server mode); 2 MB of rows with one in a hundred, 32 against 8 ms. Text
 * where they are many stays as it is: Chinese rows escaped grew from 4.8 to 9.0 MB and took
 * 50 against 44 ms to decode and parse. JSON.parse reads both forms as the same value, so a
 * text made either way (a skeleton page stored earlier) reads alike. A JSON text embedded as a
 * string in another (a tree page, an outline) is made with this too: its characters stay one
 * byte each once the outer text is parsed.
 * @returns the JSON text, or undefined where JSON.stringify gives that (undefined, a function)
 */
export function wireJson(value: object): string
export function wireJson(value: unknown): string | undefined
export function wireJson(value: unknown): string | undefined {
  const text = JSON.stringify(value) as string | undefined
  if (text === undefined) return text
  // Counted by the regex engine, stopping once they are too many: a character loop in script
  // cost as much as the stringify itself.
  const most = Math.floor(text.length / ESCAPE_RATIO)
  let wide = 0
  WIDE.lastIndex = 0
  while (WIDE.test(text)) if (++wide > most) return text
  return wide === 0 ? text : text.replace(WIDE, escapeWide)
}

/** `c` as a JSON escape. */
function escapeWide(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
}

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
