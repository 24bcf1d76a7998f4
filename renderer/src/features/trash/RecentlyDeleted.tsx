import { useEffect } from 'react'
import { age, bytes, fullDate, oneLine } from '../library/format'
import { useTrash } from '../../state/trash'

/** The sessions the app moved to the trash, newest first, each with Restore. */
export function RecentlyDeleted() {
  const deleted = useTrash((s) => s.deleted)
  const busy = useTrash((s) => s.busy)
  const loadDeleted = useTrash((s) => s.loadDeleted)
  const restore = useTrash((s) => s.restore)
  useEffect(() => {
    void loadDeleted()
  }, [loadDeleted])

  return (
    <details className="roots-panel" data-testid="recently-deleted">
      <summary>Recently deleted ({deleted.filter((d) => d.inTrash).length})</summary>
      {deleted.length === 0 && <p className="muted">Nothing deleted from the app yet.</p>}
      <ul>
        {deleted.map((d) => (
          <li key={d.id} data-testid="deleted-item" data-file-name={d.fileName}>
            <span title={`${d.cwd ?? ''}\n${d.fileName}`}>{oneLine(d.title)}</span>{' '}
            <span className="muted" title={fullDate(d.deletedAt)}>
              {age(d.deletedAt)} · {bytes(d.size)}
            </span>
            {d.restorable ? (
              <button
                type="button"
                className="link"
                disabled={busy}
                onClick={() => void restore(d.id)}
              >
                Restore
              </button>
            ) : (
              <span className="muted">
                {' '}
                {d.inTrash ? '· restore from the system Trash' : '· trash emptied'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  )
}
