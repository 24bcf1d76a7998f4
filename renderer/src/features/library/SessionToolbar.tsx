import { useEffect, useRef, useState } from 'react'
import type { SessionSort } from '../../../../preload/contract/library'
import { registerCommand } from '../../state/commands'
import { useLibrary } from '../../state/library'
import { CheckField, ChoiceField } from '../../components/fields'
import { RovingGroup } from '../../components/RovingGroup'
import { CleanupFilters } from './CleanupFilters'

const SORTS: { value: SessionSort; label: string }[] = [
  { value: 'threaded', label: 'Threaded' },
  { value: 'recent', label: 'Recent activity' },
  { value: 'created', label: 'Created' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Size' },
  { value: 'cost', label: 'Cost' },
  { value: 'relevance', label: 'Relevance' },
]

const dayStart = (text: string) => (text ? new Date(`${text}T00:00:00`).getTime() : null)
const dayEnd = (text: string) => (text ? new Date(`${text}T23:59:59.999`).getTime() : null)

/** Search box, sort and filters of the session list. */
export function SessionToolbar() {
  const query = useLibrary((s) => s.query)
  const models = useLibrary((s) => s.models)
  const setQuery = useLibrary((s) => s.setQuery)
  const [text, setText] = useState(query.text)
  const input = useRef<HTMLInputElement>(null)
  useEffect(
    () =>
      registerCommand('search', () => {
        input.current?.focus()
        input.current?.select()
      }),
    [],
  )

  // Debounce typing: one query per pause, not per keystroke.
  useEffect(() => {
    if (text === useLibrary.getState().query.text) return
    const timer = setTimeout(() => setQuery({ text }), 150)
    return () => clearTimeout(timer)
  }, [text, setQuery])

  return (
    <div className="toolbar" role="search">
      <input
        ref={input}
        type="search"
        className="search-input"
        data-testid="search-input"
        placeholder='Search: words, "exact phrase", re:regex'
        aria-label="Search sessions"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // ↓ moves into the results (the list's tab stop); Enter there opens one.
          if (e.key !== 'ArrowDown') return
          const row = document.querySelector<HTMLElement>(
            '[data-testid="session-item"][tabindex="0"]',
          )
          if (!row) return
          e.preventDefault()
          row.focus()
        }}
      />
      <div className="filters">
        <ChoiceField<SessionSort>
          label="Sort"
          testId="sort-select"
          value={query.sort}
          options={SORTS}
          onChange={(sort) => setQuery({ sort })}
        />
        <RovingGroup label="Show only" className="chip-group">
          <CheckField
            label="Named"
            testId="filter-named"
            checked={query.named}
            onChange={(named) => setQuery({ named })}
          />
          <CheckField
            label="Labeled"
            testId="filter-labeled"
            checked={query.labeled}
            onChange={(labeled) => setQuery({ labeled })}
          />
        </RovingGroup>
        <select
          aria-label="Model"
          data-testid="filter-model"
          value={query.model ?? ''}
          onChange={(e) => setQuery({ model: e.target.value || null })}
        >
          <option value="">Any model</option>
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <label>
          From{' '}
          <input
            type="date"
            data-testid="filter-from"
            onChange={(e) => setQuery({ modifiedFrom: dayStart(e.target.value) })}
          />
        </label>
        <label>
          To{' '}
          <input
            type="date"
            data-testid="filter-to"
            onChange={(e) => setQuery({ modifiedTo: dayEnd(e.target.value) })}
          />
        </label>
      </div>
      <details className="cleanup" data-testid="cleanup-filters">
        <summary>Cleanup filters</summary>
        <CleanupFilters />
      </details>
    </div>
  )
}
