import { useEffect, useState } from 'react'
import type { SessionsDescription } from '../../../../preload/contract/library'
import { call } from '../../api/client'
import { useLibrary } from '../../state/library'
import { useTrash } from '../../state/trash'
import { useExport } from '../export/store'
import { bytes } from './format'

/** main's totals of the ticked sessions, re-asked when the ticks change (none: nothing asked). */
function useTotals(ids: string[]): SessionsDescription | null {
  const [totals, setTotals] = useState<SessionsDescription | null>(null)
  useEffect(() => {
    if (ids.length === 0) return
    let current = true
    const timer = setTimeout(() => {
      call('library:describe-sessions', { sessionIds: ids }).then(
        (d) => current && setTotals(d),
        () => current && setTotals(null),
      )
    }, 100)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [ids])
  return totals
}

/**
 * The bar over the list: "select all N matching" (every session the search and filters
 * match, not only the rows loaded), and for the ticked sessions their count, size, forks
 * and parents of forks, with star, unstar, archive (or unarchive), export and move to trash.
 * The bar keeps its lines whatever is ticked (the actions are disabled while nothing is), so a
 * tick never moves the list under the pointer; the totals, which arrive from main a moment
 * after a tick, are cut to their line's width, so they move no button either.
 */
export function BulkBar() {
  const checkedIds = useLibrary((s) => s.checkedIds)
  const matched = useLibrary((s) => s.matched)
  const { setChecked, checkAllMatching, setStarred } = useLibrary.getState()
  const askToDelete = useTrash((s) => s.askToDelete)
  const askToArchive = useTrash((s) => s.askToArchive)
  const unarchive = useTrash((s) => s.unarchive)
  const busy = useTrash((s) => s.busy)
  const inArchive = useLibrary((s) => s.query.archived === 'only')
  const totals = useTotals(checkedIds)
  const showTotals = totals !== null && totals.count === checkedIds.length
  const details = showTotals
    ? [
        bytes(totals.size),
        ...(totals.forks > 0 ? [`${totals.forks} forks`] : []),
        ...(totals.parents > 0 ? [`${totals.parents} parents of forks`] : []),
      ]
    : []
  const none = checkedIds.length === 0
  // Nothing to tick: no bar (it is `:empty`).
  if (none && matched === 0) return <div className="bulk-bar" data-testid="bulk-bar" />
  return (
    <div className="bulk-bar" data-testid="bulk-bar">
      <div className="bulk-summary">
        <span
          className={none ? 'bulk-count muted' : 'bulk-count'}
          data-testid="bulk-count"
          title={details.join(' · ')}
        >
          {none ? 'None selected' : `${checkedIds.length} selected`}
          {details.map((d) => ` · ${d}`).join('')}
        </span>
        {matched > 0 && checkedIds.length < matched && (
          <button
            type="button"
            className="link"
            data-testid="select-all-matching"
            onClick={() => void checkAllMatching()}
          >
            Select all {matched} matching
          </button>
        )}
      </div>
      <div className="bulk-actions">
        <button type="button" className="link" disabled={none} onClick={() => setChecked([])}>
          Clear
        </button>
        <button
          type="button"
          className="link"
          data-testid="bulk-star"
          disabled={none}
          onClick={() => void setStarred(checkedIds, true)}
        >
          Star
        </button>
        <button
          type="button"
          className="link"
          disabled={none}
          onClick={() => void setStarred(checkedIds, false)}
        >
          Unstar
        </button>
        {inArchive ? (
          <button
            type="button"
            className="link"
            data-testid="bulk-unarchive"
            disabled={none || busy}
            onClick={() => void unarchive(checkedIds)}
          >
            Unarchive
          </button>
        ) : (
          <button
            type="button"
            className="link"
            data-testid="bulk-archive"
            disabled={none}
            onClick={() => askToArchive(checkedIds)}
          >
            Archive…
          </button>
        )}
        <button
          type="button"
          className="link"
          data-testid="bulk-export"
          disabled={none}
          onClick={() => useExport.getState().open({ kind: 'batch', sessionIds: checkedIds })}
        >
          Export…
        </button>
        <button
          type="button"
          className="danger"
          disabled={none}
          onClick={() => askToDelete(checkedIds)}
        >
          Move to trash…
        </button>
      </div>
    </div>
  )
}
