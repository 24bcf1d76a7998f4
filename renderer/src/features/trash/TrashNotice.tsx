import { useEffect } from 'react'
import type { ApiErrorData } from '../../../../preload/contract/errors'
import { type BulkSummary, useTrash } from '../../state/trash'
import { offerUndo, withdrawUndo } from '../../state/undo'
import { hideToast, showToast } from '../toasts/show'
import { failureLines, failureText } from './failures'
import { useLibrary } from '../../state/library'
import { rowTitle } from '../library/format'

const undoBulk = () => useTrash.getState().undo()

/**
 * The title of a session a bulk action named (by library id, or by deleted id for a restore)
 * as the session list or the trash view shows it; null when neither holds it.
 */
function titleInList(id: string): string | null {
  const row = useLibrary.getState().rows.find((r) => r.id === id)
  if (row) return rowTitle(row)
  return useTrash.getState().deleted.find((d) => d.id === id)?.title ?? null
}

/**
 * What the last bulk action did: how many moved or came back, which failed and why, which
 * were left out as running, how many a Stop left untouched.
 */
function TrashSummary({
  result,
  error,
}: {
  result: BulkSummary | null
  error: ApiErrorData | null
}) {
  const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`
  const failures = failureLines(
    (result?.failed ?? []).map((f) => ({ message: f.message, sessionId: f.id })),
    titleInList,
  )
  const [verb, where] =
    result?.verb === 'Moved to the trash' ? ['Moved', ' to the trash'] : [result?.verb, '']
  return (
    <>
      {result && result.done > 0 && (
        <span>
          {verb} {sessions(result.done)}
          {where}.
        </span>
      )}
      {result && result.done === 0 && result.failed.length === 0 && <span>Nothing moved.</span>}
      {result && result.skipped.length > 0 && (
        <span className="warn-text" data-testid="notice-skipped">
          {' '}
          Left out {sessions(result.skipped.length)} that seem to be running in pi.
        </span>
      )}
      {result && result.cancelled > 0 && (
        <span data-testid="notice-cancelled">
          {' '}
          Stopped: {sessions(result.cancelled)} untouched.
        </span>
      )}
      {failures.slice(0, 5).map((f) => (
        <span key={f.message} className="warn-text" data-testid="notice-failed">
          {' '}
          {failureText(f, 'Not moved')}
        </span>
      ))}
      {failures.length > 5 && (
        <span className="warn-text">
          {' '}
          …and {sessions(failures.slice(5).reduce((n, f) => n + f.count, 0))} more not moved.
        </span>
      )}
      {error && <span className="warn-text"> {error.message}</span>}
    </>
  )
}

/**
 * Shows the last bulk action (or its error) as a toast, with one Undo for a move (also
 * Ctrl/Cmd+Z). A failure makes it an error toast, which stays until dismissed.
 */
export function useTrashToasts(): void {
  useEffect(
    () =>
      useTrash.subscribe((now, before) => {
        if (now.lastResult === before.lastResult && now.error === before.error) return
        const { lastResult: result, error } = now
        if (result?.undo) offerUndo(undoBulk)
        else withdrawUndo(undoBulk)
        if (!result && !error) return hideToast('trash')
        showToast({
          id: 'trash',
          kind: error || result?.failed.length ? 'error' : 'info',
          body: <TrashSummary result={result} error={error} />,
          testId: 'trash-notice',
          undo: result?.undo ? () => void undoBulk() : undefined,
          onDismiss: () => useTrash.getState().dismiss(),
          onGone: () => withdrawUndo(undoBulk),
        })
      }),
    [],
  )
}
