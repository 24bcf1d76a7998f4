/**
 * Label editing in the branch tree (pi spec 10): arborist's rename-in-place, allowed only for
 * the node the user asked to label (L, or the node's Label button), so Enter still selects.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
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
  /**
   * The text typed so far (null before any typing): the field is drawn again with it when its
   * row is (pi wrote on, and the tree was laid out again around it).
   */
  draft: LabelDraft
}

/** The node being labelled: its tree id, and its entry's file position (TreeRow.pos). */
export interface LabelTarget {
  id: string
  pos: number
}

/** The label typed so far in the tree's field, kept while its row is drawn again. */
export interface LabelDraft {
  /** The text typed, or null before any typing. */
  text(): string | null
  /** Keeps `text` as typed. */
  keep(text: string): void
}

/**
 * Registers the `label` command while the session can be edited.
 * @param selection the selected node, labelled when no node has the keyboard focus
 * @param target the node being labelled, or null: the tree's state, which its layout reads too
 *   (the entry being labelled is kept out of runs)
 * @param setTarget sets `target`
 */
export function useLabelEditing(
  treeRef: RefObject<TreeApi<TreeItem> | undefined>,
  rows: readonly TreeRow[],
  sessionId: string | null,
  canLabel: boolean,
  selection: string | undefined,
  target: LabelTarget | null,
  setTarget: (target: LabelTarget | null) => void,
): LabelEditing {
  const editing = target?.id ?? null
  // What is being labelled now, for a save that comes back after the user moved on.
  const editingNow = useRef(editing)
  useEffect(() => {
    editingNow.current = editing
  }, [editing])
  const typed = useRef<string | null>(null)
  const [draft] = useState<LabelDraft>(() => ({
    text: () => typed.current,
    keep: (text) => {
      typed.current = text
    },
  }))
  const stop = useCallback(() => {
    typed.current = null
    setTarget(null)
  }, [setTarget])
  useEffect(() => {
    if (!canLabel) return
    return registerCommand('label', () => {
      const tree = treeRef.current
      const node = tree?.focusedNode ?? (tree && selection ? tree.get(selection) : null)
      const row = node && node.data.row >= 0 ? rows[node.data.row] : undefined
      if (!node || !row?.id) return
      typed.current = null
      setTarget({ id: node.id, pos: row.pos })
    })
  }, [canLabel, rows, selection, treeRef, setTarget])
  useEffect(() => {
    if (editing) void treeRef.current?.edit(editing)
  }, [editing, treeRef])
  const rename = useCallback(
    (id: string, name: string) => {
      const item = treeRef.current?.get(id)?.data
      const row = item && item.row >= 0 ? rows[item.row] : undefined
      typed.current = null
      setTarget(null)
      if (!row?.id || !sessionId) return
      if ((row.label ?? '') === name.trim()) return
      const edits = useEdits.getState()
      void edits.setLabel(sessionId, row.id, name.trim() === '' ? null : name).then((saved) => {
        // Refused for what was typed (too long): the field comes back with the text, beside
        // the reason, as the rename dialog keeps it; typing it again would be lost work.
        if (saved || useEdits.getState().error?.code !== 'invalid_argument') return
        if (editingNow.current !== null) return
        typed.current = name
        setTarget({ id, pos: row.pos })
      })
    },
    [rows, sessionId, treeRef, setTarget],
  )
  return { editing, stop, rename, draft }
}
