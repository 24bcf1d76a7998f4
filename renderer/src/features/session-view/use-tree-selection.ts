/**
 * The selection the branch tree is given. When live follow moves the selection to pi's new
 * leaf before the tree's rows of the new order are in (the transcript loads that path first),
 * the rows the tree holds have no row for it: the tree keeps the selection it has until they
 * come. Given one it cannot show, react-arborist would lay out its whole node tree again
 * (a 50,000-row pass and its garbage, a few hundred ms on two cores) for nothing, while the
 * transcript's list is finding its place.
 */
import { useState } from 'react'
import type { TreeRow } from '../../../../preload/contract/session-view'
import { cachedRowAt } from '../branch-tree/layout-cache'

/**
 * `selectedPos` (a file position, or null) when `rows` hold it or are not all in yet (`null`);
 * else the last one they held.
 */
export function useTreeSelection(
  rows: readonly TreeRow[] | null,
  selectedPos: number | null,
): number | null {
  const [held, setHeld] = useState(selectedPos)
  const shown = selectedPos === null || rows === null || cachedRowAt(rows, selectedPos) >= 0
  if (shown && held !== selectedPos) setHeld(selectedPos)
  return shown ? selectedPos : held
}
