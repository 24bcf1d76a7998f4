/**
 * The session view: header bar, branch tree and transcript of the selected path.
 */
import { useDeferredValue, useMemo } from 'react'
import { useSessionView } from '../../state/session'
import { BranchTree } from '../branch-tree/BranchTree'
import { SessionHeader } from './SessionHeader'
import { SessionSplit } from './SessionSplit'
import { Transcript } from './Transcript'
import './session-view.css'
import { formatCount } from '../../components/format'

/** The open session (or its loading / error state). */
export function SessionView() {
  const sessionId = useSessionView((s) => s.sessionId)
  const status = useSessionView((s) => s.status)
  const error = useSessionView((s) => s.error)
  const overview = useSessionView((s) => s.overview)
  const rows = useSessionView((s) => s.rows)
  const outline = useSessionView((s) => s.outline)
  const preview = useSessionView((s) => s.preview)
  // The tree is laid out in a deferred render: React builds it in slices between frames, so
  // 100,000 rows arriving (or growing by one) never hold the window in one long task. Until
  // they arrive, a large tree shows its outline.
  const current = useMemo(() => {
    if (!overview) return null
    if (rows) return { overview, rows, outline: null }
    return outline ? { overview, rows: outline.rows, outline } : null
  }, [overview, rows, outline])
  const deferred = useDeferredValue(current)
  // An outline is laid out already and small: it shows at once, not in a background render
  // that the transcript's first frames would keep pushing back.
  const tree = current?.outline ? current : deferred
  return (
    <section
      className="session-view sv"
      aria-label="Session"
      data-session-id={sessionId ?? undefined}
      data-status={status}
    >
      {status === 'loading' && <div className="loading">Opening the session…</div>}
      {status === 'error' && (
        <p className="error-text" role="alert">
          Could not open the session: {error?.message}
        </p>
      )}
      {overview && <SessionHeader overview={overview} />}
      {(overview || preview) && (
        <SessionSplit
          tree={
            tree && tree.overview.id === overview?.id ? (
              <BranchTree
                key={tree.overview.id}
                overview={tree.overview}
                rows={tree.rows}
                outline={tree.outline}
              />
            ) : (
              <div className="tree-loading muted" data-testid="tree-loading" role="status">
                {overview
                  ? `Loading the branch tree (${formatCount(overview.rowCount)} entries)…`
                  : 'Reading the whole session for the branch tree…'}
              </div>
            )
          }
          transcript={<Transcript />}
        />
      )}
    </section>
  )
}
