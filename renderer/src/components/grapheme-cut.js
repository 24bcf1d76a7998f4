/**
 * Where a text may be cut without splitting what a reader sees as one character: a flag, an
 * emoji sequence, a letter and its accents (a grapheme), and at the least never between the
 * halves of a surrogate pair. Pure, so the main process cuts listed titles by the same rule.
 */
/** Characters either side of a cut searched for a grapheme's start. */
const GRAPHEME_WINDOW = 64;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * The start of the grapheme at UTF-16 offset `at` in `text`, or `at` itself when a grapheme
 * starts there: the last place at or before `at` to cut. Never at or before `floor` (a grapheme
 * longer than the search window, or one reaching back to `floor`, is cut at `at`, moved back one
 * when `at` would split a surrogate pair).
 */
export function graphemeStart(text, at, floor = 0) {
    const from = Math.max(floor, at - GRAPHEME_WINDOW);
    let start = -1;
    for (const { index } of graphemes.segment(text.slice(from, at + GRAPHEME_WINDOW))) {
        if (from + index > at)
            break;
        start = from + index;
    }
    if (start > floor && start > from)
        return start;
    const last = text.charCodeAt(at - 1);
    return last >= 0xd800 && last <= 0xdbff ? at - 1 : at;
}
/**
 * `text` when it has at most `max` UTF-16 units; else its start, cut at the grapheme's start at
 * or before `max` (pi's /tree row texts, a command or arguments quoted in a row).
 */
export function cutAt(text, max) {
    return text.length > max ? text.slice(0, graphemeStart(text, max)) : text;
}
/**
 * `text` when it has at most `max` UTF-16 units; else cut at a grapheme's start so that it and
 * an ending ellipsis take at most `max` (a title, a tree row, a prefilled name).
 */
export function ellipsized(text, max) {
    return text.length > max ? `${cutAt(text, max - 1)}…` : text;
}
