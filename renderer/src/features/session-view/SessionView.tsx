/**
 * The session view: header bar, branch tree and transcript of the selected path.
 */
import { useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { useFind } from '../../state/find'
import { useSessionView } from '../../state/session'
import type { SessionOverview, TreeRow } from '../../../../preload/contract/session-view'
import { beginsWith } from '../../state/grown-rows'
import { BranchTree } from '../branch-tree/BranchTree'
import type { OutlineView } from '../branch-tree/outline'
import { SessionHeader } from './SessionHeader'
import { SessionSplit } from './SessionSplit'
import { Transcript } from './Transcript'
import { useTreeSelection } from './use-tree-selection'
import './session-view.css'
import { formatCount } from '../../components/format'

/** The open session (or its loading / error state). */
export function SessionView() {
  const sessionId = useSessionView((s) => s.sessionId)
  const status = useSessionView((s) => s.status)
  const error = useSessionView((s) => s.error)
  const openSession = useSessionView((s) => s.openSession)
  const overview = useSessionView((s) => s.overview)
  const rows = useSessionView((s) => s.rows)
  const outline = useSessionView((s) => s.outline)
  const preview = useSessionView((s) => s.preview)
  const selectedPos = useTreeSelection(
    rows,
    useSessionView((s) => s.selected?.pos ?? null),
  )
  // The tree is laid out in a deferred render: React builds it in slices between frames, so
  // 100,000 rows arriving (or growing by one) never hold the window in one long task. Until
  // they arrive, a large tree shows its outline. The selection is deferred with the rows: live
  // follow moves it to a row the rows bring, and a tree given the one before the other would
  // lay itself out twice per appended entry.
  const current = useMemo((): TreeInput | null => {
    if (!overview) return null
    if (rows) return { overview, rows, outline: null, selectedPos }
    return outline ? { overview, rows: outline.rows, outline, selectedPos } : null
  }, [overview, rows, outline, selectedPos])
  const deferred = useDeferredValue(current)
  // An outline is laid out already and small: it shows at once, not in a background render
  // that the transcript's first frames would keep pushing back. So do rows live follow grew:
  // their layout extends the one before (layout-extend.ts), and a deferred render that React
  // restarts would make react-arborist build its node tree again each time.
  const tree = current?.outline || grown(deferred, current) ? current : deferred
  // Another session: the find bar closes (a browser's find ends with its page). A reload of
  // the same session (its id is null while it reopens, its transcript shown afresh) keeps it,
  // and it finds again in the text read anew.
  const foundIn = useRef(sessionId)
  useEffect(() => {
    if (sessionId === null || sessionId === foundIn.current) return
    foundIn.current = sessionId
    useFind.getState().close()
  }, [sessionId])
  useEffect(() => () => useFind.getState().close(), [])
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
          Could not open the session: {error?.message}{' '}
          {sessionId && (
            <button type="button" className="link" onClick={() => void openSession(sessionId)}>
              Try again
            </button>
          )}
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
                selectedPos={tree.selectedPos}
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

/** The tree's input of the view. */
interface TreeInput {
  overview: SessionOverview
  rows: readonly TreeRow[]
  outline: OutlineView | null
  selectedPos: number | null
}

/** Whether `now` holds the rows of `before` (the same session's) and entries appended after them. */
function grown(before: TreeInput | null, now: TreeInput | null): boolean {
  return (
    !!before &&
    !!now &&
    before !== now &&
    !before.outline &&
    before.overview.id === now.overview.id &&
    now.rows.length > before.rows.length &&
    beginsWith(now.rows, before.rows)
  )
}
