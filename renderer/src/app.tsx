import { useEffect } from 'react'
import { EmptyState } from './features/library/EmptyState'
import { AppLayout } from './features/layout/AppLayout'
import {
  RecentlyDeletedButton,
  SessionToggles,
  SidebarToggle,
} from './features/layout/LayoutControls'
import { QuickOpen } from './features/commands/QuickOpen'
import { ShortcutsOverlay } from './features/commands/ShortcutsOverlay'
import { SettingsDialog } from './features/settings/SettingsDialog'
import { DeleteDialog } from './features/trash/DeleteDialog'
import { EditDialog } from './features/edits/EditDialog'
import { ExportDialog } from './features/export/ExportDialog'
import { Toasts } from './features/toasts/Toasts'
import './features/trash/trash.css'
import { runCommand } from './state/commands'
import { useLibrary } from './state/library'
import { useSessionView } from './state/session'
import { useSettings } from './state/settings'
import { startWiring } from './state/wiring'

function AppBar() {
  const problems = useLibrary((s) => s.problems)
  const rescan = useLibrary((s) => s.rescan)
  return (
    <header className="app-bar">
      <SidebarToggle />
      <h1>Pi Sessions</h1>
      {problems.length > 0 && (
        // A disclosure, not a tooltip: which paths and why reach the keyboard and screen readers.
        <details className="problems-badge" data-testid="problems-badge">
          <summary className="badge warn">
            {problems.length} unreadable {problems.length === 1 ? 'path' : 'paths'}
          </summary>
          <ul>
            {problems.map((p) => (
              <li key={p.path}>
                <code>{p.path}</code>: {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      <SessionToggles />
      <RecentlyDeletedButton />
      <button
        type="button"
        className="ghost"
        onClick={() => runCommand('quick-open')}
        title="Quick open (Ctrl+K)"
      >
        Open…
      </button>
      <button
        type="button"
        className="ghost"
        onClick={() => void rescan()}
        title="Rescan every folder"
      >
        Refresh
      </button>
      <button
        type="button"
        className="ghost"
        onClick={() => runCommand('settings')}
        aria-label="Settings"
      >
        Settings
      </button>
      <button
        type="button"
        className="ghost"
        onClick={() => runCommand('shortcuts')}
        aria-label="Keyboard shortcuts"
      >
        ?
      </button>
    </header>
  )
}

/** The app shell: library (projects | sessions), the session view, and the dialogs. */
export function App() {
  const status = useLibrary((s) => s.status)
  const error = useLibrary((s) => s.error)
  const noSessions = useLibrary(
    (s) => s.status === 'ready' && !s.progress.scanning && s.projects.length === 0,
  )
  // A session open in the view stays there when the library empties (its file deleted by
  // another program): the view says it is gone, and Recently deleted is a click away.
  const viewing = useSessionView((s) => s.sessionId !== null)
  const empty = noSessions && !viewing
  const scanning = useLibrary((s) => s.progress.scanning)
  const load = useLibrary((s) => s.load)
  useEffect(() => {
    const stop = startWiring()
    void load()
    void useSettings.getState().load()
    return stop
  }, [load])

  return (
    <div
      className="app"
      data-app-state={status === 'ready' ? 'ready' : status}
      data-scan-state={scanning ? 'scanning' : 'idle'}
    >
      <AppBar />
      {error && (
        <div className="error-banner" role="alert">
          {status === 'error' ? `Could not load the library: ${error.message}` : error.message}{' '}
          <button
            type="button"
            className="link"
            onClick={() => useLibrary.setState({ error: null })}
          >
            Dismiss
          </button>
        </div>
      )}
      {status === 'loading' && <div className="loading">Reading sessions…</div>}
      {empty ? <EmptyState /> : <AppLayout />}
      <DeleteDialog />
      <EditDialog />
      <ExportDialog />
      <SettingsDialog />
      <ShortcutsOverlay />
      <QuickOpen />
      <Toasts />
    </div>
  )
}
