import { useEffect, useRef, useState } from 'react'
import type { SessionSort } from '../../../../preload/contract/library'
import { registerCommand } from '../../state/commands'
import { useLibrary } from '../../state/library'
import { ChoiceField } from '../../components/fields'
import { CleanupFilters } from './CleanupFilters'
import { DateRange } from './DateRange'
import { FilterChips } from './FilterChips'
import { SearchScope } from './SearchScope'

const SORTS: { value: SessionSort; label: string }[] = [
  { value: 'threaded', label: 'Threaded' },
  { value: 'recent', label: 'Recent activity' },
  { value: 'created', label: 'Created' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Size' },
  { value: 'cost', label: 'Cost' },
  { value: 'relevance', label: 'Relevance' },
]

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
  const sent = useRef(query.text)
  useEffect(() => {
    if (text === useLibrary.getState().query.text) return
    const timer = setTimeout(() => {
      sent.current = text
      setQuery({ text })
    }, 150)
    return () => clearTimeout(timer)
  }, [text, setQuery])
  // A search set from elsewhere (quick open clearing it, its way back): the field shows it.
  useEffect(() => {
    if (query.text === sent.current) return
    sent.current = query.text
    setText(query.text)
  }, [query.text])

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
      <SearchScope />
      <div className="filters">
        <ChoiceField<SessionSort>
          label="Sort"
          testId="sort-select"
          value={query.sort}
          options={SORTS}
          onChange={(sort) => setQuery({ sort })}
        />
        <DateRange />
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
      </div>
      <FilterChips />
      <details className="cleanup" data-testid="cleanup-filters">
        <summary>More filters</summary>
        <CleanupFilters />
      </details>
    </div>
  )
}
