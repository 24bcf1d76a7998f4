/**
 * react-arborist's open state of the tree's collapsed runs: every run starts closed. Arborist
 * reads its initial open state only when it mounts (a new `key`), and shows a node it has not
 * seen open (`openByDefault`, which side branches want): a run that forms later, as pi appends
 * entries after a label, is closed when it first shows, unless it folded the selected entry in.
 */
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import type { TreeItem, TreeLayout } from './layout'

/** The selected entry as the open state of the runs sees it. */
export interface SelectedInRuns {
  /** File position of the selected entry, or null. */
  pos: number | null
  /** The run that holds it in the current layout, or null. */
  run: string | null
  /** react-arborist's id of the node selected for it, or undefined. */
  id: string | undefined
}

/**
 * The initial open state for react-arborist (every run of `layout` closed), built once per
 * mount `key` rather than per layout: an object of thousands of ids per appended entry is
 * garbage the renderer's collector pays for in long pauses.
 */
export function useRunOpenState(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  layout: TreeLayout,
  key: string,
  selected: SelectedInRuns,
): Record<string, boolean> {
  const { pos: selectedPos, run: selectedRun, id: selectedId } = selected
  const [held, setHeld] = useState(() => ({ key, state: closedRuns(layout.runIds) }))
  let initial = held
  if (held.key !== key) {
    initial = { key, state: closedRuns(layout.runIds) }
    setHeld(initial)
  }
  const last = useRef<{ pos: number | null; run: string | null }>({ pos: null, run: null })
  useEffect(() => {
    const api = tree.current
    if (!api) return
    const before = last.current
    last.current = { pos: selectedPos, run: selectedRun }
    // The selected entry was outside every run and pi's entries folded it into one: that run
    // opens (or, just formed, stays open), else it would hide the entry being read, and the
    // keyboard focus on it. A run the user folded over the selection stays folded.
    const swallowed = before.pos === selectedPos && before.run === null ? selectedRun : null
    const known = api.state.nodes.open.unfiltered
    // In one update (patches/react-arborist+3.16.0.patch): a close per run copied the whole
    // open state each time, 3 ms a run with 1,300 runs known, and a new branch can form tens of
    // runs at once (34 took 115 ms on the 250 MB bench session).
    api.closeMany(layout.runIds.filter((id) => !(id in known) && id !== swallowed))
    if (swallowed === null) return
    if (swallowed in known && !api.isOpen(swallowed)) api.open(swallowed)
    // The entries of the run now above it carried it down, maybe out of view.
    if (selectedId !== undefined) void api.scrollTo(selectedId)
  }, [tree, layout, selectedPos, selectedRun, selectedId])
  return initial.state
}

function closedRuns(ids: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(ids.map((id) => [id, false]))
}
