/**
 * The find bar of the session view (Ctrl/Cmd+F inside it): a field, "match 2 of 5", previous
 * and next (Shift+Enter / Enter, or the buttons), and Esc or × to close.
 */
import { useEffect, useRef, useState } from 'react'
import { useFind } from '../../state/find'
import { MARKS_PER_TEXT } from '../../components/marks'
import { formatCount } from '../../components/format'
import './find.css'

/** Props of {@link FindBar}. */
export interface FindBarProps {
  /** Matches in the shown path (as far as it is loaded). */
  count: number
  /** False while some items of the path are not loaded yet (the count may still grow). */
  complete: boolean
  /** False when the current match has no mark of its own (past the marks of its text). */
  ownMark: boolean
}

function countText(text: string, count: number, current: number, complete: boolean): string {
  if (text.trim() === '') return ''
  if (count === 0) return complete ? 'no match' : 'searching…'
  return `match ${Math.min(current, count - 1) + 1} of ${count}${complete ? '' : '+'}`
}

/** One small button of the bar: its name and tooltip say the key that does the same. */
function StepButton(props: {
  id: string
  label: string
  disabled?: boolean
  onClick(): void
  children: string
}) {
  return (
    <button
      type="button"
      className="ghost find-step"
      data-testid={props.id}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}

/** The find bar, when open. */
export function FindBar({ count, complete, ownMark }: FindBarProps) {
  const { open, text, current, focusTick, setText, step, close } = useFind()
  const input = useRef<HTMLInputElement>(null)
  // What had the focus when the bar was asked for: it gets it back when the bar closes.
  const opener = useRef<HTMLElement | null>(null)
  const [draft, setDraft] = useState(text)
  useEffect(() => {
    if (!open) return
    const before = document.activeElement
    if (before instanceof HTMLElement && before !== input.current) opener.current = before
    // Reopened with the last text (selected, as browsers do): it is searched again at once.
    const last = input.current?.value ?? ''
    if (last !== '' && last !== useFind.getState().text) setText(last)
    input.current?.focus()
    input.current?.select()
  }, [open, focusTick, setText])
  // The focus stays in the session view, so the next Ctrl/Cmd+F finds again (it would go to
  // the library's search from the page's body).
  const closeBar = () => {
    const back = opener.current
    const transcript = input.current?.closest<HTMLElement>('.transcript')
    close()
    opener.current = null
    if (back?.isConnected && back.closest('.session-view')) back.focus({ preventScroll: true })
    else transcript?.focus({ preventScroll: true })
  }
  // Typing settles for a moment before the path is searched (one search per pause).
  useEffect(() => {
    if (draft === useFind.getState().text) return
    const timer = setTimeout(() => setText(draft), 120)
    return () => clearTimeout(timer)
  }, [draft, setText])
  if (!open) return null
  const settled = draft === text
  return (
    <div className="find-bar" role="search" aria-label="Find in the session" data-testid="find-bar">
      <input
        ref={input}
        type="search"
        className="find-input"
        data-testid="find-input"
        aria-label="Find in the session"
        placeholder="Find in this session"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            closeBar()
          }
          if (e.key !== 'Enter') return
          e.preventDefault()
          if (!settled) return setText(draft)
          step(e.shiftKey ? -1 : 1, count)
        }}
      />
      <span className="find-count muted small" data-testid="find-count" aria-live="polite">
        {settled ? countText(text, count, current, complete) : ''}
      </span>
      {settled && count > 0 && !ownMark && (
        <span
          className="find-unmarked muted small"
          data-testid="find-unmarked"
          title={`One text shows at most ${formatCount(MARKS_PER_TEXT)} marks: this match is counted, not marked, and the text's last mark stands in for it.`}
        >
          not marked
        </span>
      )}
      <StepButton
        id="find-prev"
        label="Previous match (Shift+Enter)"
        disabled={count === 0}
        onClick={() => step(-1, count)}
      >
        ↑
      </StepButton>
      <StepButton
        id="find-next"
        label="Next match (Enter)"
        disabled={count === 0}
        onClick={() => step(1, count)}
      >
        ↓
      </StepButton>
      <StepButton id="find-close" label="Close (Esc)" onClick={closeBar}>
        ×
      </StepButton>
    </div>
  )
}
