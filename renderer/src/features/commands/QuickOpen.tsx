import { useEffect, useRef, useState } from 'react'
import type { QueryRow } from '../../../../preload/contract/library'
import { call, errorData } from '../../api/client'
import { registerCommand } from '../../state/commands'
import { openFromQuickOpen } from './ScopeNotice'
import { age, counted, quotedInput } from '../../components/format'
import { rowTitle } from '../library/format'
import { collidingTitles, ForkOf, TitleDiffers } from '../library/identity'
import { useModal } from '../../components/dialogs'
import { focusRowWhenShown, listRow } from '../library/row-focus'

/** How long the opened session's row is looked for to take the keyboard (ms). */
const ROW_FOCUS_MS = 2_000

/**
 * Quick open (Ctrl/Cmd+K): type a few words, pick a session from any project with the
 * arrow keys and Enter. Uses the library's own search (pi's query forms). The list only ever
 * shows the answer to the text in the box: while it is asked, Enter waits for it; a search the
 * library refuses (a regex that does not compile, text over the limit) says why in words, and
 * no match says so.
 */
export function QuickOpen() {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [rows, setRows] = useState<QueryRow[]>([])
  /** The text `rows` answer (null before the first answer). */
  const [answered, setAnswered] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  /** Enter was pressed before the list answered the text: open its first row once it does. */
  const enterPending = useRef(false)
  const dialog = useModal(open, () => setText(''))
  const collisions = collidingTitles(rows)

  useEffect(() => registerCommand('quick-open', () => setOpen(true)), [])
  useEffect(() => {
    if (!open) return
    let stale = false
    const timer = setTimeout(() => {
      void call('library:query-sessions', {
        projectId: null,
        text,
        sort: text ? 'relevance' : 'recent',
        attentionLast: true,
        limit: 12,
      }).then(
        (result) => {
          if (stale) return
          setRows(result.rows)
          setAnswered(text)
          // A regex that does not compile answers with no rows and why (pi's query forms).
          setProblem(result.queryError)
          setActive(0)
          if (enterPending.current) {
            enterPending.current = false
            choose(result.rows[0])
          }
        },
        (error: unknown) => {
          if (stale) return
          enterPending.current = false
          setRows([])
          setAnswered(text)
          setProblem(errorData(error).message)
        },
      )
    }, 80)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [text, open])

  const current = answered === text
  function choose(row: QueryRow | undefined) {
    if (!row) return
    openFromQuickOpen(row)
    setOpen(false)
    // The keyboard goes to the opened session's row, out of the text field the browser gives
    // it back to (the library's search box, where a shortcut would be typed as text).
    focusRowWhenShown(() => listRow(row.id), { ms: ROW_FOCUS_MS, overGivenBack: true })
  }

  return (
    <dialog
      ref={dialog}
      className="dialog quick-open"
      data-testid="quick-open"
      aria-label="Quick open"
      onClose={() => setOpen(false)}
    >
      <input
        type="text"
        autoFocus
        aria-label="Session to open"
        aria-controls="quick-open-list"
        aria-activedescendant={rows[active] ? `qo-${rows[active].id}` : undefined}
        placeholder="Open a session…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(rows.length - 1, i + 1))
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1))
          else if (e.key === 'Enter') {
            if (current) choose(rows[active])
            else enterPending.current = true
          } else return
          e.preventDefault()
        }}
      />
      {current && problem !== null && (
        <p className="warn-text quick-open-note" role="status" data-testid="quick-open-problem">
          {problem}
        </p>
      )}
      {current && problem === null && rows.length === 0 && text.trim() !== '' && (
        <p className="muted quick-open-note" role="status" data-testid="quick-open-empty">
          No session matches {quotedInput(text, 60)}.
        </p>
      )}
      <ul id="quick-open-list" role="listbox" aria-label="Sessions" aria-busy={!current}>
        {rows.map((row, i) => (
          <li
            key={row.id}
            id={`qo-${row.id}`}
            role="option"
            aria-selected={i === active}
            data-file-name={row.fileName}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault()
              choose(row)
            }}
          >
            <span>{rowTitle(row)}</span>
            <span className="muted quick-open-facts">
              {age(row.modified)} · {counted(row.messageCount, 'msg')} · {row.cwd}
            </span>
            <ForkOf row={row} />
            {collisions.has(rowTitle(row)) && <TitleDiffers row={row} />}
          </li>
        ))}
      </ul>
    </dialog>
  )
}
