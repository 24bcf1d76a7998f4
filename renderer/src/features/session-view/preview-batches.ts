/**
 * How the tail preview renders its items a frame's worth at a time, newest first: markdown
 * costs about 10 ms per 1,000 characters on a slow machine, so no frame of a dozen long
 * messages holds the window in one long task.
 */
import type { PathItem } from '../../../../preload/contract/session-view'
import { messageText } from './message-text'

/**
 * Characters of message text rendered per frame after the first (one item at least): 65 ms
 * for a frame of 7,000 in a profile, so a frame's work stays far below a long task.
 */
export const FRAME_CHARS = 2500
/**
 * The first frame's share (one item at least): it lands in the task that received the
 * preview, with the view's own work, while the machine is still busy reading the file (a
 * 100 ms task with 2,500 on 2 cores).
 */
export const FIRST_FRAME_CHARS = 800

/**
 * How many of the newest `items` are rendered after one more frame than `count` (0: the
 * first frame): at least one more, then more while their text fits the frame's budget.
 */
export function nextCount(items: readonly PathItem[], count: number): number {
  const budget = count === 0 ? FIRST_FRAME_CHARS : FRAME_CHARS
  let chars = 0
  let next = count
  while (next < items.length) {
    const item = items[items.length - 1 - next] as PathItem
    const length = messageText(item.body)?.length ?? 0
    if (next > count && chars + length > budget) break
    chars += length
    next++
  }
  return next
}
