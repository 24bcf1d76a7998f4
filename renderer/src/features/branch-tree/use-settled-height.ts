/**
 * The height a large branch tree hands react-arborist while its box is resized.
 */
import { useEffect, useState } from 'react'

/** How long (ms) a large tree's box height stays unchanged before the tree takes it. */
export const SETTLE_MS = 150

/**
 * The box's `height`, or while `settle` and the box is being resized, the height it had when
 * it last stood still for {@link SETTLE_MS}. react-arborist builds its whole node tree again
 * whenever its height changes (20-50 ms at 8,000 nodes), which at every frame of a resize made
 * a long task of each; meanwhile the box clips the list (taller) or shows a strip below it.
 * @param height the box's height (px; 0 until measured: the first height is taken at once)
 * @param settle whether to wait (a large tree); a small one takes every height at once
 */
export function useSettledHeight(height: number, settle: boolean): number {
  const [settled, setSettled] = useState(height)
  const waits = settle && settled > 0
  // Not waiting, the height is taken in this render (as a state a render adjusts).
  if (!waits && settled !== height) setSettled(height)
  useEffect(() => {
    if (!waits || height === settled) return
    const timer = setTimeout(() => setSettled(height), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [height, settled, waits])
  return waits ? settled : height
}
