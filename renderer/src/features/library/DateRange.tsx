import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLibrary } from '../../state/library'
import { DATE_PRESETS, dayBounds, dayText, rangeLabel } from './filters'
import './search-filters.css'

/** The time the presets count from (read when the panel opens, never during a render). */
const clock = () => Date.now()

/** Moves focus among a menu's items with the arrow keys, Home and End (WAI-ARIA menu). */
function moveInMenu(e: KeyboardEvent<HTMLElement>): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')]
  const at = items.indexOf(document.activeElement as HTMLElement)
  const to: Record<string, number> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  }
  const next = to[e.key]
  if (next === undefined) return
  e.preventDefault()
  items[next]?.focus()
}

/**
 * The last-activity range as one compact control: a button that names the range ("Any
 * time", "Last 7 days", or its dates) and opens a popover (the platform's Popover API: light
 * dismiss, Escape) with the presets and a custom From/To. Replaces two native date fields
 * that wrapped under the toolbar.
 */
export function DateRange() {
  const from = useLibrary((s) => s.query.modifiedFrom)
  const to = useLibrary((s) => s.query.modifiedTo)
  const setQuery = useLibrary((s) => s.setQuery)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const label = rangeLabel(from, to)
  const close = () => panel.current?.hidePopover()
  const pick = (modifiedFrom: number | null) => {
    setQuery({ modifiedFrom, modifiedTo: null })
    close()
  }
  // The presets count from when the panel opened.
  const [now, setNow] = useState(clock)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="date-range-button"
        data-testid="date-range"
        popoverTarget={id}
        aria-label={`Last activity: ${label}`}
        title={`Last activity: ${label}`}
      >
        <span className="date-range-text">{label}</span> ▾
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        className="date-range-panel"
        role="dialog"
        aria-label="Last activity"
        onToggle={(e) => {
          if (e.newState !== 'open') return
          setNow(clock())
          // Below its button, kept inside the window.
          const at = button.current?.getBoundingClientRect()
          const box = panel.current
          if (!at || !box) return
          box.style.top = `${at.bottom + 4}px`
          box.style.left = `${Math.max(8, Math.min(at.left, window.innerWidth - box.offsetWidth - 8))}px`
          box.querySelector<HTMLElement>('[aria-checked="true"], [role="menuitemradio"]')?.focus()
        }}
      >
        <div role="menu" aria-label="Presets" onKeyDown={moveInMenu}>
          {[{ label: 'Any time', from: () => null }, ...DATE_PRESETS].map((preset) => {
            const value = preset.from(now)
            const checked = to === null && from === value
            return (
              <button
                key={preset.label}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className="date-preset"
                onClick={() => pick(value)}
              >
                {preset.label}
              </button>
            )
          })}
        </div>
        <fieldset className="date-custom">
          <legend>Custom range</legend>
          <label>
            From{' '}
            <input
              type="date"
              data-testid="filter-from"
              value={dayText(from)}
              onChange={(e) => setQuery({ modifiedFrom: dayBounds(e.target.value)?.start ?? null })}
            />
          </label>
          <label>
            To{' '}
            <input
              type="date"
              data-testid="filter-to"
              value={dayText(to)}
              onChange={(e) => setQuery({ modifiedTo: dayBounds(e.target.value)?.end ?? null })}
            />
          </label>
        </fieldset>
      </div>
    </>
  )
}
