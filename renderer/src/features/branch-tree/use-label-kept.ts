/**
 * A label being typed outlives the tree it was typed in. When the view opens the file again
 * (another program truncated or rewrote it), the tree is drawn anew: the field comes back on
 * the same entry with the text typed so far, or, when that entry is no longer in the file, a
 * notice says the label was not saved and shows its text.
 */
import { useEffect, useRef } from 'react'
import type { TreeRow } from '../../../../preload/contract/session-view'
import { useSessionView } from '../../state/session'
import { showToast } from '../toasts/show'
import { itemId } from './layout'
import type { LabelDraft, LabelTarget } from './use-label-editing'

/** How long after its tree went a label being typed is brought back (ms). */
const KEPT_MS = 10_000

/** A label being typed when its tree went, while the same session was opened again. */
interface LeftBehind {
  sessionId: string
  entryId: string
  /** The text typed, or null before any typing (the field shows the entry's label). */
  text: string | null
  /** performance.now() when the tree went (ms). */
  at: number
}

let leftBehind: LeftBehind | null = null

/**
 * Keeps the label being typed (`target`, `draft`) when this tree goes while its session stays
 * open, and gives it back to the next tree of that session once every row is in (`complete`).
 */
export function useLabelKept(
  sessionId: string | null,
  rows: readonly TreeRow[],
  complete: boolean,
  target: LabelTarget | null,
  setTarget: (target: LabelTarget | null) => void,
  draft: LabelDraft,
): void {
  const now = useRef({ sessionId, rows, target })
  useEffect(() => {
    now.current = { sessionId, rows, target }
  }, [sessionId, rows, target])
  useEffect(
    () => () => {
      const { sessionId, rows, target } = now.current
      // Another session opened: the field went with the session, as the user chose.
      if (!target || !sessionId || useSessionView.getState().sessionId !== sessionId) return
      const row = rows.find((r) => r.pos === target.pos)
      if (!row?.id) return
      leftBehind = { sessionId, entryId: row.id, text: draft.text(), at: performance.now() }
    },
    [draft],
  )
  useEffect(() => {
    const kept = leftBehind
    if (!kept || !complete || kept.sessionId !== sessionId) return
    leftBehind = null
    if (performance.now() - kept.at > KEPT_MS) return
    // The same entry by its id: a rewrite may have moved it in the file.
    const row = rows.find((r) => r.id === kept.entryId)
    if (row) {
      if (kept.text !== null) draft.keep(kept.text)
      setTarget({ id: itemId(row), pos: row.pos })
      return
    }
    showToast({
      id: 'label-not-saved',
      kind: 'error',
      body:
        kept.text === null
          ? 'The label being typed was not saved: its entry is no longer in the file.'
          : `The label being typed was not saved: its entry is no longer in the file. It read: “${kept.text}”`,
      testId: 'label-not-saved',
      sessionId: kept.sessionId,
    })
  }, [complete, rows, sessionId, draft, setTarget])
}
