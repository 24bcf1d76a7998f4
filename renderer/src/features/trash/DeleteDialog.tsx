import { bytes, oneLine } from '../library/format'
import { useTrash } from '../../state/trash'
import { useModal } from '../../components/dialogs'
import { BulkProgress } from './BulkProgress'

/**
 * Confirms a move to the trash or to the archive with main's description of the selection: the first
 * sessions by name, the totals, forks that lose their parent, and the sessions that seem
 * to be running in pi (left out unless ticked one by one). While the move runs it shows the
 * progress and a Cancel that stops after the session in hand.
 */
export function DeleteDialog() {
  const confirming = useTrash((s) => s.confirming)
  const busy = useTrash((s) => s.busy)
  const confirm = useTrash((s) => s.confirm)
  const cancel = useTrash((s) => s.cancel)
  const includeRunning = useTrash((s) => s.includeRunning)
  const dialog = useModal(confirming !== null)

  if (!confirming) return <dialog ref={dialog} />
  const d = confirming.description
  const archive = confirming.action === 'archive'
  const count = confirming.ids.length
  const running = d?.running ?? []
  const leftOut = running.filter((r) => !confirming.include.includes(r.sessionId)).length

  return (
    <dialog
      ref={dialog}
      className="dialog"
      data-testid="delete-dialog"
      data-ready={d ? 'true' : 'false'}
      data-action={confirming.action}
      onCancel={(e) => {
        e.preventDefault()
        if (!busy) cancel()
      }}
      aria-labelledby="delete-title"
    >
      <h2 id="delete-title">
        {archive ? 'Archive' : 'Move'} {count === 1 ? 'this session' : `${count} sessions`}
        {archive ? '?' : ' to the trash?'}
      </h2>
      <ul className="dialog-list">
        {d?.sample.map((r) => (
          <li key={r.sessionId}>
            {oneLine(r.title)} <span className="muted">({bytes(r.size)})</span>
          </li>
        ))}
      </ul>
      {d && d.count > d.sample.length && (
        <p className="muted">and {d.count - d.sample.length} more.</p>
      )}
      {d && (
        <p className="muted" data-testid="delete-totals">
          {bytes(d.size)} in all
          {d.forks > 0 && `; ${d.forks} ${d.forks === 1 ? 'is a fork' : 'are forks'}`}
          {d.parents > 0 && `; ${d.parents} ${d.parents === 1 ? 'has' : 'have'} forks`}.{' '}
          {archive
            ? 'pi no longer lists them; Archived → Unarchive brings them back.'
            : 'They can be restored from “Recently deleted”.'}
        </p>
      )}
      {d && d.orphanedForks > 0 && (
        <p className="warn-text" data-testid="warn-forks">
          {d.orphanedForks} {d.orphanedForks === 1 ? 'fork keeps' : 'forks keep'} pointing at a
          parent session that {archive ? 'pi will no longer list' : 'is deleted'}.
        </p>
      )}
      {running.length > 0 && (
        <div className="running-list" data-testid="warn-recent">
          <p className="warn-text">
            {running.length === 1 ? 'One session seems' : `${running.length} sessions seem`} to be
            running in pi and {leftOut === 1 ? 'is' : 'are'} left out unless you tick{' '}
            {running.length === 1 ? 'it' : 'them'}:
          </p>
          {running.map((r) => (
            <label key={r.sessionId} className="check" data-testid="running-session">
              <input
                type="checkbox"
                checked={confirming.include.includes(r.sessionId)}
                onChange={(e) => includeRunning(r.sessionId, e.target.checked)}
              />
              {oneLine(r.title)} <span className="muted">({r.reason})</span>
            </label>
          ))}
        </div>
      )}
      <BulkProgress />
      <div className="dialog-actions">
        <button type="button" className="ghost" onClick={cancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => void confirm()}
          disabled={busy || !d || d.count - leftOut === 0}
          autoFocus
        >
          {archive ? 'Archive' : 'Move to trash'}
        </button>
      </div>
    </dialog>
  )
}
