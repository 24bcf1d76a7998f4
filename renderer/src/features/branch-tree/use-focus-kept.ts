/**
 * Keeps the keyboard in the branch tree when the row that held its focus goes away: pi's
 * entries fold it into a run, the leaf it was on moves on, a label typed in it is saved.
 * The browser then leaves the focus on the page, and the tree's keys stop working.
 */
import { useEffect, type RefObject } from 'react'
import type { NodeApi, TreeApi } from 'react-arborist'
import type { TreeItem } from './layout'

/**
 * Focuses the selected entry's row (or the row holding it) once the tree has drawn its rows,
 * when an element in `box` lost the focus by being removed and nothing else took it. Listens
 * on the element itself: React hands no event to a component for a target it unmounted.
 */
export function useFocusKept(
  box: RefObject<HTMLElement | null>,
  tree: RefObject<TreeApi<TreeItem> | undefined>,
): void {
  useEffect(() => {
    const el = box.current
    if (!el) return
    let frame = 0
    const onFocusOut = (e: FocusEvent) => {
      const gone = e.target as Element
      if (e.relatedTarget !== null) return
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const now = document.activeElement
        const api = tree.current
        if (gone.isConnected || (now !== null && now !== document.body) || !api) return
        const [id] = api.state.nodes.selection.ids
        const node = id === undefined ? null : rowHolding(api, id)
        if (node) api.focus(node, { scroll: false })
      })
    }
    el.addEventListener('focusout', onFocusOut)
    return () => {
      cancelAnimationFrame(frame)
      el.removeEventListener('focusout', onFocusOut)
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
