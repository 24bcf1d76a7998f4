/**
 * A session's first message as the library and the session view carry it: the title of a
 * session without a name. pi's own SessionInfo keeps the message whole (pi spec 15.1); a title
 * needs a line of it, and a first prompt of megabytes sent whole to every list held the window
 * for seconds while the browser laid it out.
 */
import { ellipsized } from '../../renderer/src/components/grapheme-cut.js'

/** Characters of the first message carried for a title, at most (ellipsis included). */
export const LISTED_FIRST_MESSAGE_CHARS = 500

/** pi's placeholder for a session without a user message (pi spec 15.1). */
export const NO_MESSAGES = '(no messages)'

/**
 * `text` (pi's first message, null when none) as listed: pi's "(no messages)" for none, and a
 * text over {@link LISTED_FIRST_MESSAGE_CHARS} characters cut to at most that many, its last
 * an ellipsis, never inside a grapheme (grapheme-cut.ts). A listed text is listed as itself.
 */
export function listedFirstMessage(text: string | null): string {
  if (text === null) return NO_MESSAGES
  return ellipsized(text, LISTED_FIRST_MESSAGE_CHARS)
}
