import { useEffect } from 'react'
import { type LastEdit, type ValueEdit, useEdits } from '../../state/edits'
import { offerUndo, withdrawUndo } from '../../state/undo'
import { hideToast, replaceToast, showToast } from '../toasts/show'

const undoEdit = () => useEdits.getState().undo()

/** What an edit did, in words. */
function saidOf(last: LastEdit): string {
  if (last.kind === 'extract')
    return last.name
      ? `The branch is now a session of its own: “${last.name}”.`
      : 'The branch is now a session of its own.'
  if (last.kind === 'rename')
    return last.current ? `Renamed to “${last.current}”.` : 'Name removed.'
  return last.current ? `Labelled “${last.current}”.` : 'Label removed.'
}

/** What an undo took back, in words. */
function undoneOf(undone: LastEdit): string {
  if (undone.kind === 'extract') return 'Undone: the new session is in the trash.'
  if (undone.kind === 'rename')
    return undone.previous
      ? `Undone: the session is named “${undone.previous}” again.`
      : 'Undone: the session has no name again.'
  return undone.previous
    ? `Undone: the entry is labelled “${undone.previous}” again.`
    : 'Undone: the entry has no label again.'
}

/** Why nothing was written, in words. */
function unchangedOf(edit: ValueEdit): string {
  if (edit.kind === 'rename')
    return edit.current
      ? `Nothing changed: the session is already named “${edit.current}”.`
      : 'Nothing changed: the session has no name.'
  return edit.current
    ? `Nothing changed: the entry is already labelled “${edit.current}”.`
    : 'Nothing changed: the entry has no label.'
}

/** The toast of edit `last`, with its Undo. */
function showEditToast(last: LastEdit): void {
  showToast({
    id: 'edit',
    kind: 'info',
    body: saidOf(last),
    testId: 'edit-notice',
    sessionId: last.sessionId,
    // An undo that failed (its error is a toast of its own) leaves the edit as it was: its
    // toast offers Undo again.
    undo: () =>
      void undoEdit().then(() => {
        if (useEdits.getState().last === last) showEditToast(last)
      }),
    onDismiss: () => useEdits.getState().dismiss(),
    onGone: () => withdrawUndo(undoEdit),
  })
}

/**
 * Shows each edit as a toast with Undo (also Ctrl/Cmd+Z), tied to the edited session, then
 * what its undo took back; and an inline edit's error (a tree label has no dialog to show it
 * in) as an error toast.
 */
export function useEditToasts(): void {
  useEffect(
    () =>
      useEdits.subscribe((now, before) => {
        const undoneNow = now.undone !== null && now.undone !== before.undone
        if (now.last !== before.last) {
          if (now.last) {
            offerUndo(undoEdit)
            showEditToast(now.last)
          } else {
            withdrawUndo(undoEdit)
            // Undone: the edit's toast says so in its place (below).
            if (!undoneNow) hideToast('edit')
          }
        }
        if (now.undone && undoneNow)
          replaceToast('edit', {
            id: 'edit-undone',
            kind: 'info',
            body: undoneOf(now.undone),
            testId: 'edit-undone',
            sessionId: now.undone.kind === 'extract' ? now.undone.sourceId : now.undone.sessionId,
          })
        if (now.unchanged && now.unchanged !== before.unchanged)
          showToast({
            id: 'edit-unchanged',
            kind: 'info',
            body: unchangedOf(now.unchanged),
            testId: 'edit-unchanged',
            sessionId: now.unchanged.sessionId,
          })
        const inline = now.error && !now.prompt ? now.error : null
        if (inline === (before.error && !before.prompt ? before.error : null)) return
        if (!inline) return hideToast('edit-error')
        showToast({
          id: 'edit-error',
          kind: 'error',
          body: `Not saved: ${inline.message}`,
          testId: 'edit-error',
          sessionId: useEdits.getState().last?.sessionId ?? null,
          onDismiss: () => useEdits.getState().dismiss(),
        })
      }),
    [],
  )
}
