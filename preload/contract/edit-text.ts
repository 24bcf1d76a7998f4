/**
 * The text of a label or session name as the app writes it: one rule, checked by the edit
 * dialog before it asks (so an over-long text is refused there, in the same words) and by
 * main before it writes (library/edits.ts).
 */
import { ApiError } from './errors'

// C0/C1 controls, line/paragraph separators, and bidi embedding/override/isolate marks
// (U+202A-202E, U+2066-2069), which could make a label display as something else.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * Normalises a label or session name as pi 1.6.0 does for names (runs of CR/LF become one
 * space, then trim; pi spec 11), and also turns other control characters into spaces: pi's
 * own editors cannot type them, and a label must stay on one line in pi's /tree.
 * @param max most characters (code points) after normalisation: LABEL_MAX or NAME_MAX
 * @param what the text's name in the error ("label", "session name")
 * @throws ApiError `invalid_argument` when the result is longer than `max`
 */
export function normalizeText(text: string, max: number, what: string): string {
  const clean = text
    .replace(/[\r\n]+/g, ' ')
    .replace(CONTROL_CHARS, ' ')
    .trim()
  if ([...clean].length > max) {
    throw new ApiError('invalid_argument', `The ${what} is too long: at most ${max} characters`)
  }
  return clean
}
