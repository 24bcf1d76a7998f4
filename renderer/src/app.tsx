import { useEffect } from 'react'
import { EmptyState } from './features/library/EmptyState'
import { ProjectList } from './features/library/ProjectList'
import { SessionList } from './features/library/SessionList'
import { SessionPane } from './features/session-view/SessionPane'
import { startSubscriptions } from './api/subscriptions'
import { DeleteDialog } from './features/trash/DeleteDialog'
import { TrashNotice } from './features/trash/TrashNotice'
import './features/trash/trash.css'
import { useLibrary } from './state/library'

/** The app shell: library (projects | sessions) and the session view. */
export function App() {
  const status = useLibrary((s) => s.status)
  const error = useLibrary((s) => s.error)
  const empty = useLibrary(
    (s) => s.status === 'ready' && !s.progress.scanning && s.projects.length === 0,
  )
  const scanning = useLibrary((s) => s.progress.scanning)
  const problems = useLibrary((s) => s.problems)
  const load = useLibrary((s) => s.load)
  const rescan = useLibrary((s) => s.rescan)
  useEffect(() => {
    const stop = startSubscriptions()
    void load()
    return stop
  }, [load])

  return (
    <div
      className="app"
      data-app-state={status === 'ready' ? 'ready' : status}
      data-scan-state={scanning ? 'scanning' : 'idle'}
    >
      <header className="app-bar">
        <h1>Pi Sessions</h1>
        {problems.length > 0 && !empty && (
          <span
            className="badge warn"
            title={problems.map((p) => `${p.path}: ${p.message}`).join('\n')}
          >
            {problems.length} unreadable {problems.length === 1 ? 'path' : 'paths'}
          </span>
        )}
        <button type="button" className="ghost" onClick={() => void rescan()}>
          Refresh
        </button>
      </header>
      {status === 'error' && (
        <div className="error-banner" role="alert">
          Could not load the library: {error}
        </div>
      )}
      {status === 'loading' && <div className="loading">Reading sessions…</div>}
      <TrashNotice />
      {empty ? (
        <EmptyState />
      ) : (
        <main className="layout">
          <ProjectList />
          <SessionList />
          <SessionPane />
        </main>
      )}
      <DeleteDialog />
    </div>
  )
}
