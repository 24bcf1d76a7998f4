import { useEdits } from '../../state/edits'

/** What the last edit did, with Undo (which writes the previous value as a new entry). */
export function EditNotice() {
  const last = useEdits((s) => s.last)
  const error = useEdits((s) => s.error)
  const prompt = useEdits((s) => s.prompt)
  const busy = useEdits((s) => s.busy)
  const undo = useEdits((s) => s.undo)
  const dismiss = useEdits((s) => s.dismiss)
  if (error && !prompt) {
    // An inline edit (tree label) has no dialog to show its error in.
    return (
      <div className="notice warn" role="alert" data-testid="edit-error">
        <span className="warn-text">Not saved: {error.message}</span>
        <button type="button" className="link" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    )
  }
  if (!last) return null
  const text =
    last.kind === 'extract'
      ? 'The branch is now a session of its own.'
      : last.kind === 'rename'
        ? last.current
          ? `Renamed to “${last.current}”.`
          : 'Name removed.'
        : last.current
          ? `Labelled “${last.current}”.`
          : 'Label removed.'
  return (
    <div className="notice" role="status" data-testid="edit-notice">
      <span>{text}</span>
      {last.kind !== 'extract' && (
        <button type="button" className="link" disabled={busy} onClick={() => void undo()}>
          Undo
        </button>
      )}
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}
