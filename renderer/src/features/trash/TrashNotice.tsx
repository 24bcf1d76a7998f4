import { useTrash } from '../../state/trash'

/**
 * What the last bulk action did: how many moved or came back, which failed and why, which
 * were left out as running, how many a Stop left untouched; with one Undo for a move.
 */
export function TrashNotice() {
  const result = useTrash((s) => s.lastResult)
  const error = useTrash((s) => s.error)
  const busy = useTrash((s) => s.busy)
  const dismiss = useTrash((s) => s.dismiss)
  const undo = useTrash((s) => s.undo)
  if (!result && !error) return null
  const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`
  const [verb, where] =
    result?.verb === 'Moved to the trash' ? ['Moved', ' to the trash'] : [result?.verb, '']
  return (
    <div
      className={`notice${error || result?.failed.length ? ' warn' : ''}`}
      role="status"
      data-testid="trash-notice"
    >
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
      {result?.failed.slice(0, 5).map((f) => (
        <span key={f.id} className="warn-text">
          {' '}
          Not moved: {f.message}
        </span>
      ))}
      {result && result.failed.length > 5 && (
        <span className="warn-text"> …and {result.failed.length - 5} more failures.</span>
      )}
      {error && <span className="warn-text"> {error.message}</span>}
      {result?.undo && (
        <button
          type="button"
          className="link"
          disabled={busy}
          data-testid="undo-bulk"
          onClick={() => void undo()}
        >
          Undo
        </button>
      )}
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}
