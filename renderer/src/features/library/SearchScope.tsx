import { RovingGroup } from '../../components/RovingGroup'
import { useLibrary } from '../../state/library'
import { SCOPES } from './filters'
import './search-filters.css'

/**
 * The kinds of text a search covers, as toggle chips: Messages (pi's own scope, on by
 * default so results compare with pi's), Tool output, Thinking, Commands and paths. At least
 * one stays on: the last one on cannot be turned off. The chips are one Tab stop (arrows move
 * inside).
 */
export function SearchScope() {
  const scopes = useLibrary((s) => s.query.scopes)
  const setQuery = useLibrary((s) => s.setQuery)
  return (
    <RovingGroup label="Search in" className="search-scope" testId="search-scope">
      {SCOPES.map((scope) => {
        const on = scopes.includes(scope.value)
        const last = on && scopes.length === 1
        return (
          <button
            key={scope.value}
            type="button"
            className="chip scope-chip"
            data-testid="scope-chip"
            data-scope={scope.value}
            aria-pressed={on}
            aria-disabled={last || undefined}
            title={last ? `${scope.title} (at least one scope is searched)` : scope.title}
            onClick={() => {
              if (last) return
              const next = on ? scopes.filter((s) => s !== scope.value) : [...scopes, scope.value]
              setQuery({ scopes: next })
            }}
          >
            {scope.label}
          </button>
        )
      })}
    </RovingGroup>
  )
}
