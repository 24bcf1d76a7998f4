import { useLibrary } from '../../state/library'
import { activeFilters, SCOPES, scopeNames, searchCoverage } from './filters'
import './search-filters.css'
import { counted } from '../../components/format'

const sessions = (n: number) => counted(n, 'session')

/**
 * Why the list is empty, in words: what was searched (the scopes, and the kinds left out,
 * with a way to add them), which filters are set and how many sessions they hid (with
 * Clear filters), and when the search index is still being built, how far it got.
 */
export function NoMatch() {
  const progress = useLibrary((s) => s.progress)
  const text = useLibrary((s) => s.rowsText.trim())
  const query = useLibrary((s) => s.query)
  const hidden = useLibrary((s) => s.hiddenByFilters)
  const setQuery = useLibrary((s) => s.setQuery)
  const clearFilters = useLibrary((s) => s.clearFilters)
  const searching = text !== ''
  const coverage = searching ? searchCoverage(progress, query.scopes) : null
  const left = SCOPES.filter((s) => !query.scopes.includes(s.value))
  const filters = activeFilters(query)
  // Nothing left anywhere (the last session's file deleted while it stays open in the view).
  const none = useLibrary((s) => s.projects.length === 0)
  return (
    <div className="muted list-empty no-match" data-testid="no-match">
      <p>
        {coverage
          ? `No match in the ${coverage.done} of ${coverage.of} sessions indexed so far.`
          : none && filters.length === 0
            ? 'No sessions in the library.'
            : 'No session matches.'}
      </p>
      {searching && (
        <p data-testid="no-match-searched">
          Searched: {scopeNames(query.scopes)}, and session names, ids and cwds.
          {left.length > 0 && (
            <>
              {' '}
              Not searched: {left.map((s) => s.label).join(', ')}.{' '}
              <button
                type="button"
                className="link"
                onClick={() => setQuery({ scopes: SCOPES.map((s) => s.value) })}
              >
                Search them too
              </button>
            </>
          )}
        </p>
      )}
      {filters.length > 0 && (
        <p data-testid="no-match-filters">
          {hidden !== null && hidden > 0 ? `${sessions(hidden)} hidden by filters: ` : 'Filters: '}
          {filters.map((f) => f.label).join(', ')}.{' '}
          <button type="button" className="link" onClick={clearFilters}>
            Clear filters
          </button>
        </p>
      )}
    </div>
  )
}
