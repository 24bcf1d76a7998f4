import { useEffect } from 'react'
import { EmptyState } from './features/library/EmptyState'
import { ProjectList } from './features/library/ProjectList'
import { SessionList } from './features/library/SessionList'
import { useLibrary } from './state/library'

function SessionPane() {
  const selected = useLibrary((s) => s.sessions.find((x) => x.id === s.selectedSessionId))
  if (!selected) {
    return (
      <section className="session-view placeholder" aria-label="Session">
        <p className="muted">Select a session to see its conversation.</p>
      </section>
    )
  }
  return (
    <section className="session-view" aria-label="Session" data-session-id={selected.id}>
      <h2 className="pane-title">{selected.name ?? selected.firstMessage}</h2>
      <dl className="facts">
        <dt>Session id</dt>
        <dd>{selected.sessionId ?? 'none (no valid header)'}</dd>
        <dt>File</dt>
        <dd>{selected.fileName}</dd>
        <dt>cwd</dt>
        <dd>{selected.cwd ?? 'unknown'}</dd>
      </dl>
    </section>
  )
}

/** The app shell: library (projects | sessions) and the session view. */
export function App() {
  const status = useLibrary((s) => s.status)
  const error = useLibrary((s) => s.error)
  const empty = useLibrary((s) => s.status === 'ready' && s.projects.length === 0)
  const problems = useLibrary((s) => s.problems)
  const load = useLibrary((s) => s.load)
  useEffect(() => {
    void load()
  }, [load])

  return (
    <div className="app" data-app-state={status === 'ready' ? 'ready' : status}>
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
        <button type="button" className="ghost" onClick={() => void load()}>
          Refresh
        </button>
      </header>
      {status === 'error' && (
        <div className="error-banner" role="alert">
          Could not load the library: {error}
        </div>
      )}
      {status === 'loading' && <div className="loading">Reading sessions…</div>}
      {empty ? (
        <EmptyState />
      ) : (
        <main className="layout">
          <ProjectList />
          <SessionList />
          <SessionPane />
        </main>
      )}
    </div>
  )
}
