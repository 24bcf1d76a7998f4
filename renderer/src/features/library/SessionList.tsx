import { counted } from '../../components/format'
import { LiveBadge } from '../../components/LiveBadge'
import { forwardRef, useEffect, useMemo, useRef, type ComponentPropsWithRef } from 'react'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import type { QueryRow as Row } from '../../../../preload/contract/library'
import { registerCommand } from '../../state/commands'
import { useLibrary } from '../../state/library'
import { useSessionView } from '../../state/session'
import { useTrash } from '../../state/trash'
import { bytes, cost, oneLine, rowTitle } from './format'
import { RowDate } from './RowDate'
import { AttentionHeading } from './AttentionHeading'
import { GLOSSARY } from '../../components/glossary'
import { leadToMatch, Marked, searchMarks } from '../../components/marks'
import { BulkBar } from './BulkBar'
import { collidingTitles, ForkOf, TitleDiffers } from './identity'
import { useShownAfter } from '../../components/use-shown-after'
import { NoMatch } from './NoMatch'
import { focusRowWhenShown, listRow } from './row-focus'
import { searchCoverage } from './filters'
import { SessionToolbar } from './SessionToolbar'
import './library.css'

function SessionCheck({ session }: { session: Row }) {
  const checked = useLibrary((s) => s.checkedIds.includes(session.id))
  const setChecked = useLibrary((s) => s.setChecked)
  return (
    <input
      type="checkbox"
      className="session-check"
      aria-label={`Select ${rowTitle(session)}`}
      data-testid="session-check"
      // One tab stop per list (the row button); Space on a row ticks this box.
      tabIndex={-1}
      checked={checked}
      onChange={(e) => {
        const ids = useLibrary.getState().checkedIds.filter((id) => id !== session.id)
        setChecked(e.target.checked ? [...ids, session.id] : ids)
      }}
    />
  )
}

/** Ticks or unticks a row for bulk actions. */
function toggleChecked(id: string): void {
  const { checkedIds, setChecked } = useLibrary.getState()
  setChecked(checkedIds.includes(id) ? checkedIds.filter((x) => x !== id) : [...checkedIds, id])
}

function SessionListItem({
  session,
  selected,
  showCwd,
  tabbable,
  collides,
}: {
  session: Row
  selected: boolean
  showCwd: boolean
  /** Another listed session has the same title: say what differs. */
  collides: boolean
  /** The list's one tab stop: the selected row, else the first. */
  tabbable: boolean
}) {
  const selectSession = useLibrary((s) => s.selectSession)
  const patterns = useLibrary((s) => s.rowsPatterns)
  const marks = useMemo(() => searchMarks(patterns), [patterns])
  const title = rowTitle(session)
  return (
    <div className="session-row">
      <SessionCheck session={session} />
      <button
        type="button"
        className={`star-toggle${session.starred ? ' on' : ''}`}
        data-testid="star-toggle"
        aria-pressed={session.starred}
        aria-label={session.starred ? `Unstar ${title}` : `Star ${title}`}
        title={session.starred ? 'Starred (click to unstar)' : 'Star this session'}
        tabIndex={-1}
        onClick={() => void useLibrary.getState().setStarred([session.id], !session.starred)}
      >
        {session.starred ? '★' : '☆'}
      </button>
      <button
        type="button"
        className={`session-item status-${session.status}${selected ? ' selected' : ''}`}
        style={
          session.depth > 0
            ? { paddingLeft: `${14 + Math.min(session.depth, 6) * 16}px` }
            : undefined
        }
        data-testid="session-item"
        data-session-id={session.id}
        data-status={session.status}
        data-file-name={session.fileName}
        data-match-entry-id={session.matchEntryId ?? undefined}
        data-parent-id={session.parentId ?? undefined}
        data-starred={session.starred ? 'true' : undefined}
        data-archived={session.archived ? 'true' : undefined}
        aria-current={selected ? 'true' : undefined}
        tabIndex={tabbable ? 0 : -1}
        onKeyDown={(e) => {
          if (e.key !== ' ') return
          e.preventDefault()
          toggleChecked(session.id)
        }}
        onClick={() =>
          // A search hit opens the whole branch through the matching entry, words marked.
          session.matchEntryId
            ? void useSessionView
                .getState()
                .openHit(session.id, { entryId: session.matchEntryId, patterns })
            : selectSession(session.id)
        }
      >
        <span className={`session-title${session.name ? ' named' : ''}`}>
          {session.depth > 0 && (
            <span className="fork-mark" title="Forked from the session above">
              ↳{' '}
            </span>
          )}
          {title}
        </span>
        <ForkOf row={session} />
        {collides && <TitleDiffers row={session} />}
        {session.snippet && (
          <span className="snippet">
            <Marked text={leadToMatch(oneLine(session.snippet), marks)} marks={marks} />
          </span>
        )}
        {showCwd && session.cwd && <span className="session-cwd">{session.cwd}</span>}
        <span className="session-meta">
          <LiveBadge mtimeMs={session.fileModified} />
          <RowDate row={session} />
          <span>{counted(session.messageCount, 'msg')}</span>
          {session.branchCount > 1 && (
            <span data-testid="branch-count">
              {counted(session.branchCount, 'branch', 'branches')}
            </span>
          )}
          {session.labelCount > 0 && (
            <span className="badge">{counted(session.labelCount, 'label')}</span>
          )}
          {session.cost > 0 && <span>{cost(session.cost)}</span>}
          {session.archived && (
            <span
              className="badge"
              data-testid="archived-badge"
              title="Archived: pi no longer lists it; read-only"
            >
              archived
            </span>
          )}
          <span>{bytes(session.size)}</span>
          {session.status !== 'ok' && (
            <span
              className="badge warn"
              data-testid="session-problem"
              title={session.problem ?? ''}
            >
              {session.status === 'unreadable' ? 'unreadable' : 'damaged'}
              {!session.listedByPi && <span title={GLOSSARY.hiddenByPi}> · hidden by pi</span>}
            </span>
          )}
        </span>
        {session.problem && <span className="session-problem">{session.problem}</span>}
      </button>
    </div>
  )
}

function ProgressBar({
  done,
  of,
  label,
  testId,
}: {
  done: number
  of: number
  label: string
  testId: string
}) {
  const pct = of > 0 ? Math.round((done / of) * 100) : 0
  return (
    <div
      className="progress"
      data-testid={testId}
      role="progressbar"
      aria-label={label}
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${pct}%` }} />
      <span className="progress-text">{label}</span>
    </div>
  )
}

/** Reading the files, then building the search index (a search covers what is indexed). */
function Progress() {
  const progress = useLibrary((s) => s.progress)
  const scopes = useLibrary((s) => s.query.scopes)
  if (progress.scanning)
    return (
      <ProgressBar
        done={progress.loaded}
        of={progress.total}
        testId="scan-progress"
        label={`Reading sessions… ${progress.loaded} of ${progress.total}`}
      />
    )
  const coverage = searchCoverage(progress, scopes)
  if (!coverage) return null
  return (
    <ProgressBar
      done={coverage.done}
      of={coverage.of}
      testId="index-progress"
      label={`${coverage.what}: ${coverage.done} of ${coverage.of} sessions`}
    />
  )
}

/** How far beyond the visible rows the list keeps rows rendered, above and below (CSS px). */
const ROWS_OVERSCAN_PX = 600

/**
 * The rows' scroller is no Tab stop of its own: the list's one stop is a row (Virtuoso makes
 * its scroller focusable; the rows already scroll it by keyboard).
 */
const ROWS_COMPONENTS = {
  Scroller: forwardRef<HTMLDivElement, ComponentPropsWithRef<'div'>>(function Scroller(props, ref) {
    return <div {...props} ref={ref} tabIndex={-1} />
  }),
}

/** How long a query runs before the list says it is searching (ms). */
const SEARCHING_SIGN_MS = 200

/** How long after a bulk action the list takes back a keyboard that lost its row (ms). */
const REFOCUS_MS = 3000

/** Rows PageDown and PageUp move the selection by (about a screen of rows). */
const PAGE_ROWS = 10

/** The session list: toolbar, progress, and the virtualized rows of the current query. */
export function SessionList() {
  const rows = useLibrary((s) => s.rows)
  const status = useLibrary((s) => s.rowsStatus)
  const rowsText = useLibrary((s) => s.rowsText)
  const queryError = useLibrary((s) => s.queryError)
  // A slow search (a `re:` pattern over every message) says so, and the rows of the previous
  // query fade until its own arrive; its error, which belonged to that query, is not shown.
  const searching = useShownAfter(status === 'loading', SEARCHING_SIGN_MS)
  const matched = useLibrary((s) => s.matched)
  const total = useLibrary((s) => s.total)
  const selectedId = useLibrary((s) => s.selectedSessionId)
  const selectSession = useLibrary((s) => s.selectSession)
  const projectId = useLibrary((s) => s.projectId)
  const project = useLibrary((s) => s.projects.find((p) => p.id === s.projectId))
  const list = useRef<VirtuosoHandle>(null)
  const attentionLast = useLibrary((s) => s.query.attentionLast)
  const collisions = useMemo(() => collidingTitles(rows), [rows])
  const scopeName = useLibrary((s) =>
    s.query.archived === 'only'
      ? 'Archived'
      : s.query.starred === 'only'
        ? 'Starred'
        : 'All projects',
  )
  const askToDelete = useTrash((s) => s.askToDelete)
  // A session selected from outside the list (quick open, a link, the last session at launch)
  // is brought into view once, when the list has its row: the row is where the keyboard goes.
  const shownFor = useRef<string | null>(null)
  useEffect(() => {
    if (selectedId === null || shownFor.current === selectedId) return
    const index = rows.findIndex((r) => r.id === selectedId)
    if (index < 0) return
    shownFor.current = selectedId
    list.current?.scrollIntoView({ index })
  }, [selectedId, rows])
  // A bulk action takes its rows away, and a focused one with them (the keyboard falls to the
  // page as the dialog closes): the keyboard comes back to the list's row once it has one.
  const lastResult = useTrash((s) => s.lastResult)
  useEffect(() => {
    // Only an action that took rows out of this list (a restore keeps the keyboard in its panel).
    if (lastResult?.verb !== 'Moved to the trash' && lastResult?.verb !== 'Archived') return
    return focusRowWhenShown(() => listRow(), { ms: REFOCUS_MS })
  }, [lastResult])
  useEffect(
    () =>
      registerCommand('delete', () => {
        // Read the latest selection when the command runs.
        const { checkedIds: checked, selectedSessionId } = useLibrary.getState()
        askToDelete(checked.length > 0 ? checked : selectedSessionId ? [selectedSessionId] : [])
      }),
    [askToDelete],
  )

  const move = (delta: number) => {
    const index = rows.findIndex((r) => r.id === selectedId)
    // ↑ from the first row goes back to the search box (↓ there came into the list).
    if (delta < 0 && index <= 0)
      return document.querySelector<HTMLElement>('[data-testid="search-input"]')?.focus()
    go(index + delta)
  }
  // The row at `index` (kept in the rows loaded) selected and focused.
  const go = (index: number) => {
    const next = rows[Math.max(0, Math.min(rows.length - 1, index))]
    if (!next) return
    selectSession(next.id)
    list.current?.scrollIntoView({ index: rows.indexOf(next) })
    // Focus follows the selection (roving tab stop) once the row is rendered.
    requestAnimationFrame(() => listRow(next.id)?.focus())
  }

  return (
    <section
      className="session-list"
      aria-label="Sessions"
      data-status={status}
      data-query={rowsText}
      onKeyDown={(e) => {
        if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault()
          move(e.key === 'ArrowDown' ? 1 : -1)
        }
        // Home, End and the page keys on a row move the selection (the focus with it); left to
        // the browser, they scrolled the list and its focused row away, the focus to the page.
        const jumps: Record<string, (index: number) => number> = {
          Home: () => 0,
          End: () => rows.length - 1,
          PageDown: (index) => index + PAGE_ROWS,
          PageUp: (index) => index - PAGE_ROWS,
        }
        const jump = jumps[e.key]
        if (jump && (e.target as HTMLElement).closest('[data-testid="session-item"]')) {
          e.preventDefault()
          go(jump(rows.findIndex((r) => r.id === selectedId)))
        }
      }}
    >
      <h2 className="pane-title" title={project?.displayName}>
        {projectId !== null ? (project?.displayName ?? 'Sessions') : scopeName}{' '}
        <span className="count" data-testid="session-count">
          {matched === total ? total : `${matched} of ${total}`}
        </span>
      </h2>
      <SessionToolbar />
      <BulkBar />
      <Progress />
      {searching && (
        <p className="muted searching" role="status" data-testid="searching">
          Searching…
        </p>
      )}
      {queryError && status !== 'loading' && (
        <p className="error-text" role="alert" data-testid="query-error">
          {queryError.message}
        </p>
      )}
      {status === 'ready' && rows.length === 0 && !queryError && <NoMatch />}
      <Virtuoso
        ref={list}
        components={ROWS_COMPONENTS}
        className={searching ? 'session-rows stale' : 'session-rows'}
        aria-busy={searching}
        data={rows}
        // Rows beyond the visible ones stay rendered, so scrolling and arrow keys never wait
        // on a blank row.
        increaseViewportBy={ROWS_OVERSCAN_PX}
        endReached={() => useLibrary.getState().loadMore()}
        computeItemKey={(_, row) => row.id}
        itemContent={(index, row) => (
          <>
            {row.attention && rows[index - 1]?.attention !== true && attentionLast && (
              <AttentionHeading />
            )}
            <SessionListItem
              session={row}
              selected={row.id === selectedId}
              showCwd={projectId === null}
              collides={collisions.has(rowTitle(row))}
              tabbable={
                row.id === selectedId || (!rows.some((r) => r.id === selectedId) && index === 0)
              }
            />
          </>
        )}
      />
    </section>
  )
}
