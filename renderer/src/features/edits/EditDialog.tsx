import { useState } from 'react'
import { useEdits } from '../../state/edits'
import { useModal } from '../../components/dialogs'
import { counted } from '../../components/format'

/** The dialog's words for each question. */
const WORDS = {
  rename: { title: 'Rename this session', field: 'Session name', blank: 'name', save: 'Save' },
  label: { title: 'Label this entry', field: 'Label', blank: 'label', save: 'Save' },
  extract: {
    title: 'Extract this branch',
    field: 'Name of the new session',
    blank: 'name (the new session is then titled by its first message)',
    save: 'Extract',
  },
} as const

/**
 * Asks for a session name, an entry label, or the name of a session extracted from a branch
 * (saying how many entries it copies). Blank clears it (as pi: an empty name or label is no
 * name or label). Errors from main (too long, file gone, read-only) show here.
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

  const words = WORDS[prompt?.kind ?? 'rename']
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
        <h2 id="edit-title">{words.title}</h2>
        {prompt?.kind === 'extract' && (
          <p data-testid="extract-count">
            Copies {counted(prompt.entries, 'entry', 'entries')} (the path from the first entry to
            the selected one, with its labels) into a new session beside this one, which names this
            session as its parent. This session is not changed.
          </p>
        )}
        <input
          className="search-input"
          aria-label={words.field}
          data-testid="edit-input"
          value={value}
          autoFocus
          onChange={(e) => setValue(e.target.value)}
        />
        <p className="muted">
          {prompt?.kind === 'extract' ? 'Leave it empty for no ' : 'Leave it empty to remove the '}
          {words.blank}.
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
            {words.save}
          </button>
        </div>
      </form>
    </dialog>
  )
}
