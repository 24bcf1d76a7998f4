import { useTrash } from '../../state/trash'

/** What the last move to the trash did, including what could not be moved and why. */
export function TrashNotice() {
  const result = useTrash((s) => s.lastResult)
  const error = useTrash((s) => s.error)
  const dismiss = useTrash((s) => s.dismiss)
  if (!result && !error) return null
  return (
    <div
      className={`notice${error || result?.failed.length ? ' warn' : ''}`}
      role="status"
      data-testid="trash-notice"
    >
      {result && result.moved.length > 0 && (
        <span>
          Moved {result.moved.length} {result.moved.length === 1 ? 'session' : 'sessions'} to the
          trash.
        </span>
      )}
      {result?.failed.map((f) => (
        <span key={f.sessionId} className="warn-text">
          {' '}
          Not moved: {f.message}
        </span>
      ))}
      {error && <span className="warn-text"> {error.message}</span>}
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}
