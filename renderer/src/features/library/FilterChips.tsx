import { useLibrary } from '../../state/library'
import { activeFilters } from './filters'
import './search-filters.css'

/** The active filters as chips, each removable, and Clear for all; nothing when none is set. */
export function FilterChips() {
  const query = useLibrary((s) => s.query)
  const setQuery = useLibrary((s) => s.setQuery)
  const clearFilters = useLibrary((s) => s.clearFilters)
  const chips = activeFilters(query)
  if (chips.length === 0) return null
  return (
    <div className="filter-chips" role="group" aria-label="Active filters">
      {chips.map((chip) => (
        <span key={chip.key} className="chip filter-chip" data-testid="filter-chip">
          {chip.label}
          <button
            type="button"
            className="chip-remove"
            aria-label={`Remove filter ${chip.label}`}
            title="Remove this filter"
            onClick={() => setQuery(chip.clear)}
          >
            ×
          </button>
        </span>
      ))}
      <button
        type="button"
        className="link clear-filters"
        data-testid="clear-filters"
        onClick={clearFilters}
      >
        Clear
      </button>
    </div>
  )
}
