/**
 * Text cleaning for session content: message text with ANSI escapes, tabs and other
 * control characters displays cleanly. Session text is hostile input: it is only ever shown
 * as text, but terminal escapes and control characters must not garble the view.
 */
import { ellipsized, graphemeStart } from '../../../renderer/src/components/grapheme-cut'

// ANSI/VT escape sequences: CSI (ESC [ ... final, or 8-bit CSI), OSC (ESC ] ... BEL/ST), and
// two-character escapes (ESC + one of @-Z \ ] ^ _ and a few charset selectors).
const ANSI =
  // eslint-disable-next-line no-control-regex
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[()#][0-9A-Za-z]|\u001b[@-Z\\-_]/g
// C0 controls except TAB and LF, DEL, and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g

/**
 * Multi-line text for display: strips ANSI escape sequences, turns CR LF and lone CR into LF,
 * U+2028/U+2029 into LF, and shows every other control character as its Unicode "control
 * picture" (e.g. NUL -> ␀) so nothing invisible changes the layout. Tabs stay (CSS sets a
 * tab size).
 */
export function cleanText(text: string): string {
  if (!needsCleaning(text)) return text
  return text
    .replace(ANSI, '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(CONTROL, (c) => {
      const code = c.charCodeAt(0)
      if (code < 0x20) return String.fromCharCode(0x2400 + code)
      return code === 0x7f ? '\u2421' : ''
    })
}

/**
 * One line as pi's /tree shows it (pi spec 15.6: newlines and tabs become spaces, trimmed),
 * plus escapes and other control characters removed; cut to `max` characters (ellipsized).
 */
export function oneLine(text: string, max = 200): string {
  const flat = text
    .replace(ANSI, '')
    .replace(/[\r\n\t\u2028\u2029]/g, ' ')
    .replace(CONTROL, '')
    .trim()
  return ellipsized(flat, max)
}

// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/

function needsCleaning(text: string): boolean {
  return SUSPECT.test(text)
}

/** A string from an unknown value: strings as they are, anything else as ''. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/**
 * JSON for display, cut to at most `max` characters at a grapheme's start (never throws: cycles
 * and BigInts become text).
 */
export function jsonPreview(value: unknown, max = 20_000, indent = 2): string {
  let text: string
  try {
    text = JSON.stringify(value, null, indent) ?? String(value)
  } catch {
    text = String(value)
  }
  if (text.length <= max) return text
  const end = graphemeStart(text, max)
  return `${text.slice(0, end)}\n… (${text.length - end} more characters)`
}
