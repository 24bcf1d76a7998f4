import { useState } from 'react'
import type { ApiErrorData } from '../../../../preload/contract/errors'
import { call, errorData } from '../../api/client'
import { useLibrary } from '../../state/library'

/**
 * The folders the library reads, with a form to add one (persisted in settings) and a
 * button to remove a folder the user added. pi's own folders cannot be removed. The archive
 * folder (where archived sessions go) is one of them; another can be chosen while it is empty.
 */
export function RootsPanel({ startOpen = false }: { startOpen?: boolean }) {
  const info = useLibrary((s) => s.info)
  const roots = info?.roots ?? []
  const load = useLibrary((s) => s.load)
  const [path, setPath] = useState('')
  const [archivePath, setArchivePath] = useState('')
  const [error, setError] = useState<ApiErrorData | null>(null)
  const [busy, setBusy] = useState(false)
  // Controlled, so a re-render (the library refreshing meanwhile) never folds it back.
  const [open, setOpen] = useState(startOpen)

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await action()
      await load()
    } catch (e) {
      setError(errorData(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <details
      className="roots-panel"
      aria-label="Session folders"
      data-testid="roots-panel"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>Folders ({roots.length})</summary>
      <ul>
        {roots.map((root) => (
          <li key={root.path} data-testid="root-item">
            <code title={root.path}>{root.path}</code>
            <span className="muted">
              {' '}
              {root.source === 'user' ? 'added' : root.source}
              {!root.exists && ' · missing'}
            </span>
            {root.source === 'user' && (
              <button
                type="button"
                className="link"
                disabled={busy}
                onClick={() => void run(() => call('library:remove-root', { path: root.path }))}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="add-root"
        onSubmit={(e) => {
          e.preventDefault()
          if (path.trim())
            void run(() => call('library:add-root', { path: path.trim() })).then(() => setPath(''))
        }}
      >
        <input
          type="text"
          aria-label="Folder to add"
          placeholder="/path/to/sessions"
          value={path}
          onChange={(e) => setPath(e.target.value)}
        />
        <button type="submit" className="ghost" disabled={busy || !path.trim()}>
          Add folder
        </button>
      </form>
      <form
        className="add-root"
        onSubmit={(e) => {
          e.preventDefault()
          const chosen = archivePath.trim() || null
          void run(() => call('archive:set-folder', { path: chosen })).then(() =>
            setArchivePath(''),
          )
        }}
      >
        <input
          type="text"
          aria-label="Archive folder"
          data-testid="archive-folder-input"
          placeholder="Archive folder (empty: the default)"
          value={archivePath}
          onChange={(e) => setArchivePath(e.target.value)}
        />
        <button type="submit" className="ghost" disabled={busy}>
          Set archive folder
        </button>
      </form>
      {error && (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      )}
    </details>
  )
}
