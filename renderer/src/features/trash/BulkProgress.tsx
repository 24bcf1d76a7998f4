import { useTrash } from '../../state/trash'

/** The progress of the bulk action under way, with the button that stops it. */
export function BulkProgress() {
  const operation = useTrash((s) => s.operation)
  const stop = useTrash((s) => s.stop)
  if (!operation) return null
  const pct = operation.total > 0 ? Math.round((operation.done / operation.total) * 100) : 0
  return (
    <div className="bulk-progress" data-testid="bulk-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label="Progress of the sessions being changed"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${pct}%` }} />
        <span className="progress-text">
          {operation.total > 0 ? `${operation.done} of ${operation.total}` : 'Starting…'}
        </span>
      </div>
      <button type="button" className="link" onClick={() => void stop()}>
        Stop
      </button>
    </div>
  )
}
