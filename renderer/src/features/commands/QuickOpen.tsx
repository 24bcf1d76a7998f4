import { useEffect, useState } from 'react'
import type { QueryRow } from '../../../../preload/contract/library'
import { call } from '../../api/client'
import { registerCommand } from '../../state/commands'
import { openFromQuickOpen } from './ScopeNotice'
import { oneLine } from '../library/format'
import { useModal } from '../../components/dialogs'

/**
 * Quick open (Ctrl/Cmd+K): type a few words, pick a session from any project with the
 * arrow keys and Enter. Uses the library's own search (pi's query forms).
 */
export function QuickOpen() {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [rows, setRows] = useState<QueryRow[]>([])
  const [active, setActive] = useState(0)
  const dialog = useModal(open, () => setText(''))

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
          setActive(0)
        },
        () => undefined,
      )
    }, 80)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [text, open])

  const choose = (row: QueryRow | undefined) => {
    if (!row) return
    openFromQuickOpen(row)
    setOpen(false)
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
          else if (e.key === 'Enter') choose(rows[active])
          else return
          e.preventDefault()
        }}
      />
      <ul id="quick-open-list" role="listbox" aria-label="Sessions">
        {rows.map((row, i) => (
          <li
            key={row.id}
            id={`qo-${row.id}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            data-file-name={row.fileName}
            onMouseDown={(e) => {
              e.preventDefault()
              choose(row)
            }}
          >
            <span>{oneLine(row.name ?? row.firstMessage)}</span>
            <span className="muted"> {row.cwd}</span>
          </li>
        ))}
      </ul>
    </dialog>
  )
}
