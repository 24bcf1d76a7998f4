import type { SessionSummary } from '../../../../preload/contract/schemas'
import { useLibrary } from '../../state/library'
import { age, bytes, fullDate, oneLine } from './format'

function SessionRow({ session, selected }: { session: SessionSummary; selected: boolean }) {
  const selectSession = useLibrary((s) => s.selectSession)
  const title = oneLine(session.name ?? session.firstMessage) || '(empty message)'
  return (
    <li>
      <button
        type="button"
        className={`session-item status-${session.status}${selected ? ' selected' : ''}`}
        data-testid="session-item"
        data-session-id={session.id}
        data-status={session.status}
        data-file-name={session.fileName}
        aria-current={selected ? 'true' : undefined}
        onClick={() => selectSession(session.id)}
      >
        <span className={`session-title${session.name ? ' named' : ''}`}>{title}</span>
        <span className="session-meta">
          <span title={`Last activity ${fullDate(session.modified)}`}>{age(session.modified)}</span>
          <span>{session.messageCount} messages</span>
          <span>{bytes(session.size)}</span>
          {session.status !== 'ok' && (
            <span
              className="badge warn"
              data-testid="session-problem"
              title={session.problem ?? ''}
            >
              {session.status === 'unreadable' ? 'unreadable' : 'damaged'}
              {!session.listedByPi && ' · hidden by pi'}
            </span>
          )}
        </span>
        {session.problem && <span className="session-problem">{session.problem}</span>}
      </button>
    </li>
  )
}

/** The sessions of the selected project, newest activity first. */
export function SessionList() {
  const sessions = useLibrary((s) => s.sessions)
  const status = useLibrary((s) => s.sessionsStatus)
  const error = useLibrary((s) => s.sessionsError)
  const selectedId = useLibrary((s) => s.selectedSessionId)
  const project = useLibrary((s) => s.projects.find((p) => p.id === s.selectedProjectId))
  return (
    <section className="session-list" aria-label="Sessions" data-status={status}>
      <h2 className="pane-title" title={project?.displayName}>
        {project ? project.displayName : 'Sessions'}{' '}
        <span className="count">{status === 'ready' ? sessions.length : ''}</span>
      </h2>
      {status === 'error' && <p className="error-text">Could not load sessions: {error}</p>}
      <ul>
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} selected={session.id === selectedId} />
        ))}
      </ul>
    </section>
  )
}
