import { useState } from 'react'
import type { ApiErrorData } from '../../../../preload/contract/errors'
import { call, errorData } from '../../api/client'
import { useLibrary } from '../../state/library'
import { RootsPanel } from './RootsPanel'

/**
 * First run / nothing found: explains where pi keeps sessions (the folders searched),
 * offers to add a folder, and offers the demo library that ships with the app (opened as a
 * copy in the app's data folder).
 */
export function EmptyState() {
  const info = useLibrary((s) => s.info)
  const problems = useLibrary((s) => s.problems)
  const load = useLibrary((s) => s.load)
  const [error, setError] = useState<ApiErrorData | null>(null)
  const openDemo = async () => {
    if (!info?.demoDir) return
    try {
      // Main copies it into the data folder first: edits never write into the install.
      await call('library:open-demo', {})
      await load()
    } catch (e) {
      setError(errorData(e))
    }
  }
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>No pi sessions found yet</h2>
      <p>
        pi keeps each conversation as a <code>.jsonl</code> file, in one folder per project. These
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
      <p>
        Run pi in a project and its sessions appear here by themselves. If they are somewhere else,
        add that folder:
      </p>
      <RootsPanel startOpen />
      {info?.demoDir && (
        <p>
          Or look around first:{' '}
          <button
            type="button"
            className="ghost"
            data-testid="open-demo"
            onClick={() => void openDemo()}
          >
            Open the demo library
          </button>
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      )}
      <p className="muted">
        pi’s folder comes from <code>PI_CODING_AGENT_DIR</code> (default <code>~/.pi/agent</code>),
        or <code>PI_CODING_AGENT_SESSION_DIR</code>; the app also takes{' '}
        <code>--sessions-dir DIR</code>.
      </p>
    </div>
  )
}
