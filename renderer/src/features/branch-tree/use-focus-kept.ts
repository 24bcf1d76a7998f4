/**
 * Keeps the keyboard in the branch tree when the row that held its focus goes away: pi's
 * entries fold it into a run, the leaf it was on moves on, a label typed in it is saved.
 * The browser then leaves the focus on the page, and the tree's keys stop working.
 */
import { useEffect, type RefObject } from 'react'
import type { NodeApi, TreeApi } from 'react-arborist'
import type { TreeItem } from './layout'

/** How long the focus waits for a tree drawn again (the file opened again) to have its rows (ms). */
const WAIT_FOR_ROWS_MS = 5000

/** The tree on screen: the focus may outlive the tree it was in (the view opened the file again). */
let mountedTree: RefObject<TreeApi<TreeItem> | undefined> | null = null
let pendingFrame = 0

/**
 * Once a frame, until `until` (performance.now() ms): focuses the row of the tree on screen that
 * holds its selected entry, unless the focus went elsewhere meanwhile, or `gone`, the element
 * that lost it, is still in the page (the user clicked away, the window lost the focus).
 */
function focusSelectionWhenDrawn(gone: Element, until: number): void {
  cancelAnimationFrame(pendingFrame)
  pendingFrame = requestAnimationFrame(function look() {
    const now = document.activeElement
    if (gone.isConnected || (now !== null && now !== document.body)) return
    const api = mountedTree?.current
    const [id] = api?.state.nodes.selection.ids ?? []
    const node = api && id !== undefined ? rowHolding(api, id) : null
    if (api && node) api.focus(node, { scroll: false })
    else if (performance.now() < until) pendingFrame = requestAnimationFrame(look)
  })
}

/**
 * Focuses the selected entry's row (or the row holding it) once the tree has drawn its rows,
 * when an element in `box` lost the focus by being removed and nothing else took it; also
 * when the whole tree went (the file was opened again), in the tree drawn next. Listens on the
 * element itself: React hands no event to a component for a target it unmounted.
 */
export function useFocusKept(
  box: RefObject<HTMLElement | null>,
  tree: RefObject<TreeApi<TreeItem> | undefined>,
): void {
  useEffect(() => {
    mountedTree = tree
    const el = box.current
    if (!el) return
    const onFocusOut = (e: FocusEvent) => {
      const gone = e.target as Element
      // The focus went nowhere: a row folded away, or the tree itself went (a frame later,
      // `gone` is out of the page), or the user clicked away (it is still in).
      if (e.relatedTarget !== null) return
      focusSelectionWhenDrawn(gone, performance.now() + WAIT_FOR_ROWS_MS)
    }
    el.addEventListener('focusout', onFocusOut)
    return () => {
      el.removeEventListener('focusout', onFocusOut)
      if (mountedTree === tree) mountedTree = null
    }
  }, [box, tree])
}

/**
 * The row on screen that holds node `id`: its own, else its nearest ancestor's (a folded node
 * hides it); null when neither is in the tree.
 */
export function rowHolding(tree: TreeApi<TreeItem>, id: string): NodeApi<TreeItem> | null {
  const shown = tree.get(id)
  if (shown) return shown
  const stack: NodeApi<TreeItem>[] = [tree.root]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.id === id) {
      for (let up = node.parent; up; up = up.parent) {
        const row = tree.get(up.id)
        if (row) return row
      }
      return null
    }
    for (const child of node.children ?? []) stack.push(child)
  }
  return null
}
