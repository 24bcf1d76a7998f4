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
 * The totals arrive from main a moment after a tick, so they sit on their own line, cut to
 * its width: the action buttons below never move under the pointer when they come.
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
  return (
    <div className="bulk-bar" data-testid="bulk-bar">
      {(checkedIds.length > 0 || matched > checkedIds.length) && (
        <div className="bulk-summary">
          {checkedIds.length > 0 && (
            <span className="bulk-count" data-testid="bulk-count" title={details.join(' · ')}>
              {checkedIds.length} selected
              {details.map((d) => ` · ${d}`).join('')}
            </span>
          )}
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
          {checkedIds.length > 0 && (
            <button type="button" className="link" onClick={() => setChecked([])}>
              Clear
            </button>
          )}
        </div>
      )}
      {checkedIds.length > 0 && (
        <div className="bulk-actions">
          <button
            type="button"
            className="link"
            data-testid="bulk-star"
            onClick={() => void setStarred(checkedIds, true)}
          >
            Star
          </button>
          <button type="button" className="link" onClick={() => void setStarred(checkedIds, false)}>
            Unstar
          </button>
          {inArchive ? (
            <button
              type="button"
              className="link"
              data-testid="bulk-unarchive"
              disabled={busy}
              onClick={() => void unarchive(checkedIds)}
            >
              Unarchive
            </button>
          ) : (
            <button
              type="button"
              className="link"
              data-testid="bulk-archive"
              onClick={() => askToArchive(checkedIds)}
            >
              Archive…
            </button>
          )}
          <button
            type="button"
            className="link"
            data-testid="bulk-export"
            onClick={() => useExport.getState().open({ kind: 'batch', sessionIds: checkedIds })}
          >
            Export…
          </button>
          <button type="button" className="danger" onClick={() => askToDelete(checkedIds)}>
            Move to trash…
          </button>
        </div>
      )}
    </div>
  )
}
