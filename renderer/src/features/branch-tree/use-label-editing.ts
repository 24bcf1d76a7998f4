/**
 * Label editing in the branch tree (pi spec 10): arborist's rename-in-place, allowed only for
 * the node the user asked to label (L, or the node's Label button), so Enter still selects.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import type { TreeRow } from '../../../../preload/contract/session-view'
import { registerCommand } from '../../state/commands'
import { useEdits } from '../../state/edits'
import type { TreeItem } from './layout'

/** What {@link useLabelEditing} gives the tree. */
export interface LabelEditing {
  /** The node being labelled, or null. */
  editing: string | null
  /** Ends editing without a change (the same function on every render). */
  stop(): void
  /** Saves the label typed into node `id` (blank clears; an unchanged label writes nothing). */
  rename(id: string, name: string): void
}

/**
 * Registers the `label` command while the session can be edited.
 * @param selection the selected node, labelled when no node has the keyboard focus
 */
export function useLabelEditing(
  treeRef: RefObject<TreeApi<TreeItem> | undefined>,
  rows: readonly TreeRow[],
  sessionId: string | null,
  canLabel: boolean,
  selection: string | undefined,
): LabelEditing {
  const [editing, setEditing] = useState<string | null>(null)
  const stop = useCallback(() => setEditing(null), [])
  useEffect(() => {
    if (!canLabel) return
    return registerCommand('label', () => {
      const tree = treeRef.current
      const node = tree?.focusedNode ?? (tree && selection ? tree.get(selection) : null)
      const row = node && node.data.row >= 0 ? rows[node.data.row] : undefined
      if (node && row?.id) setEditing(node.id)
    })
  }, [canLabel, rows, selection, treeRef])
  useEffect(() => {
    if (editing) void treeRef.current?.edit(editing)
  }, [editing, treeRef])
  const rename = useCallback(
    (id: string, name: string) => {
      const item = treeRef.current?.get(id)?.data
      const row = item && item.row >= 0 ? rows[item.row] : undefined
      setEditing(null)
      // The label field had the keyboard; the view reads the file again after the edit.
      if (row?.id && sessionId) keyboardReturn = { sessionId, entryId: row.id, at: Date.now() }
      if (!row?.id || !sessionId) return
      if ((row.label ?? '') === name.trim()) return
      void useEdits.getState().setLabel(sessionId, row.id, name.trim() === '' ? null : name)
    },
    [rows, sessionId, treeRef],
  )
  return { editing, stop, rename }
}

/** How long after a label is saved the tree still gives the keyboard back to its node (ms). */
const RETURN_WITHIN_MS = 5000

/** The node whose label was just saved from its field, to give the keyboard back to. */
let keyboardReturn: { sessionId: string; entryId: string; at: number } | null = null

/**
 * Gives the keyboard back to the node whose label was just saved, once the tree is shown
 * again: the view reads the file again after an edit and draws a new tree, and the focus,
 * which was in the label field, fell to the page meanwhile (arrows would no longer move in
 * the tree). Only while nothing else has the focus, and once.
 * @param shown the tree is laid out with every row (its nodes can take the focus)
 */
export function useKeyboardReturn(
  treeRef: RefObject<TreeApi<TreeItem> | undefined>,
  rows: readonly TreeRow[],
  sessionId: string | null,
  shown: boolean,
): void {
  useEffect(() => {
    const wanted = keyboardReturn
    if (!shown || !wanted || wanted.sessionId !== sessionId) return
    if (Date.now() - wanted.at > RETURN_WITHIN_MS) {
      keyboardReturn = null
      return
    }
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const row = rows.findIndex((r) => r.id === wanted.entryId)
    const node = row >= 0 ? treeRef.current?.get(`e${row}`) : null
    if (!node) return
    keyboardReturn = null
    node.focus()
  }, [treeRef, rows, sessionId, shown])
}
