/**
 * react-arborist's open state of the tree's collapsed runs: every run starts closed. Arborist
 * reads its initial open state only when it mounts (a new `key`), and shows a node it has not
 * seen open (`openByDefault`, which side branches want): a run that forms later, as pi appends
 * entries after a label, is closed when it first shows, unless it holds the selected entry.
 */
import { useEffect, useState, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import type { TreeItem, TreeLayout } from './layout'

/**
 * The initial open state for react-arborist (every run of `layout` closed), built once per
 * mount `key` rather than per layout: an object of thousands of ids per appended entry is
 * garbage the renderer's collector pays for in long pauses.
 */
export function useRunOpenState(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  layout: TreeLayout,
  key: string,
  selection: string | undefined,
): Record<string, boolean> {
  const [held, setHeld] = useState(() => ({ key, state: closedRuns(layout.runIds) }))
  let initial = held
  if (held.key !== key) {
    initial = { key, state: closedRuns(layout.runIds) }
    setHeld(initial)
  }
  useEffect(() => {
    const api = tree.current
    if (!api) return
    const known = api.state.nodes.open.unfiltered
    // In one update (patches/react-arborist+3.16.0.patch): a close per run copied the whole
    // open state each time, 3 ms a run with 1,300 runs known, and a new branch can form tens of
    // runs at once (34 took 115 ms on the 250 MB bench session).
    // A run that formed around the selected entry (pi's entries folded it in) stays open:
    // closed, it would hide the entry being read, and the keyboard focus with it.
    const holdsSelection = (id: string) =>
      selection !== undefined && (api.get(id)?.children ?? []).some((c) => c.id === selection)
    api.closeMany(layout.runIds.filter((id) => !(id in known) && !holdsSelection(id)))
  }, [tree, layout, selection])
  return initial.state
}

function closedRuns(ids: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(ids.map((id) => [id, false]))
}
