import { useState } from 'react'
import { useEdits } from '../../state/edits'
import { useModal } from '../../components/dialogs'

/**
 * Asks for a session name or an entry label. Blank clears it (as pi: an empty name or
 * label is no name or label). Errors from main (too long, file gone, read-only) show here.
 */
export function EditDialog() {
  const prompt = useEdits((s) => s.prompt)
  const busy = useEdits((s) => s.busy)
  const error = useEdits((s) => s.error)
  const submit = useEdits((s) => s.submit)
  const cancel = useEdits((s) => s.cancel)
  const [value, setValue] = useState('')
  const dialog = useModal(prompt !== null, () =>
    setValue(useEdits.getState().prompt?.initial ?? ''),
  )

  const title = prompt?.kind === 'label' ? 'Label this entry' : 'Rename this session'
  return (
    <dialog
      ref={dialog}
      className="dialog"
      data-testid="edit-dialog"
      aria-labelledby="edit-title"
      onCancel={cancel}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void submit(value)
        }}
      >
        <h2 id="edit-title">{title}</h2>
        <input
          className="search-input"
          aria-label={prompt?.kind === 'label' ? 'Label' : 'Session name'}
          data-testid="edit-input"
          value={value}
          maxLength={prompt?.kind === 'label' ? 200 : 300}
          autoFocus
          onChange={(e) => setValue(e.target.value)}
        />
        <p className="muted">
          Leave it empty to remove the {prompt?.kind === 'label' ? 'label' : 'name'}.
        </p>
        {error && (
          <p className="error-text" role="alert">
            {error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="ghost" onClick={cancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="ghost" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  )
}
