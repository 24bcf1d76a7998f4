import { useLibrary } from '../../state/library'
import { RootsPanel } from './RootsPanel'

/** Shown when no session was found: names every folder searched and what pi uses. */
export function EmptyState() {
  const info = useLibrary((s) => s.info)
  const problems = useLibrary((s) => s.problems)
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>No pi sessions found</h2>
      <p>
        pi keeps each conversation as a <code>.jsonl</code> file, one folder per project. These
        folders were searched:
      </p>
      <ul className="root-list">
        {info?.roots.map((root) => (
          <li key={root.path}>
            <code>{root.path}</code>{' '}
            <span className="muted">
              ({root.source}
              {root.exists ? '' : ', does not exist'})
            </span>
          </li>
        ))}
      </ul>
      {problems.length > 0 && (
        <ul className="problem-list">
          {problems.map((p) => (
            <li key={p.path}>
              <code>{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
      <RootsPanel />
      <p className="muted">
        Run pi in a project to create sessions, set <code>PI_CODING_AGENT_DIR</code>, or start the
        app with <code>--sessions-dir DIR</code>.
      </p>
    </div>
  )
}
