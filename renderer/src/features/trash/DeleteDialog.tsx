import { useState } from 'react'
import { bytes, oneLine } from '../library/format'
import { useTrash } from '../../state/trash'
import { useModal } from '../../components/dialogs'

/** Sessions touched this recently are probably open in pi. */
const RECENT_MS = 60_000

/**
 * Confirms a move to the trash: names every session and its size, and warns about forks
 * that lose their parent and sessions modified in the last minute (likely open in pi).
 */
export function DeleteDialog() {
  const rows = useTrash((s) => s.confirming)
  const busy = useTrash((s) => s.busy)
  const confirm = useTrash((s) => s.confirm)
  const cancel = useTrash((s) => s.cancel)
  // When the dialog opened: "modified in the last minute" is judged at that moment.
  const [openedAt, setOpenedAt] = useState(0)
  const dialog = useModal(rows !== null, () => setOpenedAt(Date.now()))

  if (!rows) return <dialog ref={dialog} />
  const ids = new Set(rows.map((r) => r.id))
  // Every fork of a deleted session, listed or not (a search may hide them).
  const orphaned = [...new Set(rows.flatMap((r) => r.forkIds))].filter((id) => !ids.has(id))
  const recent = rows.filter((r) => openedAt - Math.max(r.modified, r.fileModified) < RECENT_MS)
  const total = rows.reduce((n, r) => n + r.size, 0)

  return (
    <dialog
      ref={dialog}
      className="dialog"
      data-testid="delete-dialog"
      onCancel={cancel}
      aria-labelledby="delete-title"
    >
      <h2 id="delete-title">
        Move {rows.length === 1 ? 'this session' : `${rows.length} sessions`} to the trash?
      </h2>
      <ul className="dialog-list">
        {rows.map((r) => (
          <li key={r.id}>
            {oneLine(r.name ?? r.firstMessage)} <span className="muted">({bytes(r.size)})</span>
          </li>
        ))}
      </ul>
      <p className="muted">{bytes(total)} in all. They can be restored from “Recently deleted”.</p>
      {orphaned.length > 0 && (
        <p className="warn-text" data-testid="warn-forks">
          {orphaned.length} {orphaned.length === 1 ? 'fork keeps' : 'forks keep'} pointing at a
          deleted parent session.
        </p>
      )}
      {recent.length > 0 && (
        <p className="warn-text" data-testid="warn-recent">
          {recent.length === 1 ? 'One session was' : `${recent.length} sessions were`} modified in
          the last minute and may still be open in pi.
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="ghost" onClick={cancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => void confirm()}
          disabled={busy}
          autoFocus
        >
          Move to trash
        </button>
      </div>
    </dialog>
  )
}
