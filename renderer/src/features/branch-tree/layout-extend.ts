/**
 * Live follow's layout: when pi appends entries after its leaf, only the end of the top line
 * changes (the old leaf becomes a plain entry, the new entries follow it, pi's leaf moves to
 * the last). Laying out 100,000 rows again for each appended entry would make an append cost
 * grow with the session; this lays out the top line's ending and the appended rows, and keeps
 * every item before them. The result equals {@link buildTreeData} of the grown rows.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'
import { beginsWith } from '../../state/grown-rows'
import { passesFilter } from './filters'
import {
  collapseEntries,
  endingStart,
  holdsLabel,
  type LayoutOptions,
  type TreeItem,
  type TreeLayout,
} from './layout'

/**
 * The layout of `rows` (`before` and the rows pi appended after it) from the layout of
 * `before`, or null when the growth is not a chain continuing pi's leaf at the end of the top
 * line (a new branch, a relabelled row, another filter or opened runs): the caller then lays
 * out every row.
 * @param before the rows `prev` was built from; each must be the same object in `rows`
 * @param opts the options of the new layout (its `leafRow` the last row)
 */
export function extendTreeData(
  prev: { rows: readonly TreeRow[]; opts: LayoutOptions; layout: TreeLayout },
  rows: readonly TreeRow[],
  opts: LayoutOptions,
): TreeLayout | null {
  const { rows: before, layout } = prev
  const tail = layout.tail
  const oldLeaf = prev.opts.leafRow
  const n = before.length
  if (
    !tail ||
    // The ending stops at the row standing for a leaf the filter hid: laid out again whole.
    layout.leafShown !== oldLeaf ||
    rows.length <= n ||
    opts.leafRow !== rows.length - 1 ||
    opts.mode !== prev.opts.mode ||
    opts.runMin !== prev.opts.runMin ||
    opts.openRuns !== prev.opts.openRuns ||
    (opts.revealRow ?? -1) >= 0 ||
    (prev.opts.revealRow ?? -1) >= 0 ||
    // The items before the ending were laid out around the row kept then.
    (opts.keepRow ?? -1) !== (prev.opts.keepRow ?? -1) ||
    !beginsWith(rows, before)
  )
    return null
  // Each appended entry is the child of the one before it, the first of pi's old leaf.
  for (let i = n; i < rows.length; i++) {
    const parent = i === n ? oldLeaf : i - 1
    if ((rows[i] as TreeRow).parentPos !== (parent >= 0 ? (rows[parent] as TreeRow).pos : -1))
      return null
  }
  if (!passesFilter(rows[opts.leafRow] as TreeRow, opts.mode, true)) return null

  const members = tail.rows.slice(0, -1)
  let shown = layout.shown
  if (passesFilter(before[oldLeaf] as TreeRow, opts.mode, false)) members.push(oldLeaf)
  else shown--
  for (let i = n; i < rows.length; i++) {
    if (!passesFilter(rows[i] as TreeRow, opts.mode, i === opts.leafRow)) continue
    members.push(i)
    shown++
  }
  const inData = new Uint8Array(rows.length)
  inData.set(layout.inData)
  const runOfRow = new Int32Array(rows.length).fill(-1)
  runOfRow.set(layout.runOfRow)
  for (const row of tail.rows) {
    inData[row] = 0
    runOfRow[row] = -1
  }
  const data: TreeItem[] = layout.data.slice(0, tail.dataStart)
  const runIds = layout.runIds.slice(0, tail.runStart)
  // The new ending starts after the last labelled entry (the members have no side branches),
  // as buildTreeData's does: no run spans a label, so laying out the two parts apart changes
  // nothing.
  const from = endingStart(members, (m) => !holdsLabel(rows, m, opts.keepRow ?? -1))
  collapseEntries(rows, members.slice(0, from), data, opts, runIds, runOfRow, inData)
  const next = { rows: members.slice(from), dataStart: data.length, runStart: runIds.length }
  collapseEntries(rows, next.rows, data, opts, runIds, runOfRow, inData)
  return { data, shown, runIds, runOfRow, inData, leafShown: opts.leafRow, tail: next }
}
