/**
 * Quick open reaches every project, but the library list shows one project at a time, and
 * maybe a search. When a session from another project is opened, the list moves to that
 * project, and a search or filter that leaves it out is cleared (so the open session is a row
 * of the list, selected, and the arrow keys go on from it); a toast says so, with the way back. Like every toast with an action it clears by itself (UNDO_MS), so it never
 * stays over the transcript or the tree; any other scope change ends it at once.
 */
import { CLEARED_FILTERS } from '../../../../preload/contract/library'
import { DEFAULT_QUERY, useLibrary, type QueryState } from '../../state/library'
import { hideToast, showToast } from '../toasts/show'

const TOAST_ID = 'scope-change'

/** The project (id; null = all projects) the toast offers to go back to, while it shows. */
let showingFor: { from: string | null; to: string | null } | null = null

// Any other scope change (a click on a project, Back) ends the toast.
useLibrary.subscribe((s) => {
  if (showingFor && s.projectId !== showingFor.to) hideToast(TOAST_ID)
})

/** The list's query without its search and filters (its search scopes and sort kept). */
function unnarrowed(query: QueryState): QueryState {
  return { ...query, text: '', ...CLEARED_FILTERS, starred: DEFAULT_QUERY.starred }
}

/** Whether `query` leaves sessions out of the list (a search, a filter). */
function narrows(query: QueryState): boolean {
  const open = unnarrowed(query)
  return (Object.keys(open) as (keyof QueryState)[]).some((key) => open[key] !== query[key])
}

/**
 * Opens a session of quick open: the list keeps its scope when the session is in it (all
 * projects, or the session's own project); otherwise it moves to the session's project. A
 * search or filter of the list that leaves the session out is cleared (the keyboard would have
 * no row to go to). A toast says what changed, with the way back.
 */
export function openFromQuickOpen(row: { id: string; projectId: string }): void {
  const library = useLibrary.getState()
  const from = library.projectId
  const query = library.query
  const moves = from !== null && from !== row.projectId
  const hidden = !library.rows.some((r) => r.id === row.id) && narrows(query)
  if (hidden) library.setQuery(unnarrowed(query))
  if (moves) library.setScope(row.projectId)
  if (moves || hidden) showScopeChange(from, moves ? row.projectId : from, hidden ? query : null)
  library.selectSession(row.id)
}

/** The project's name as the project list shows it. */
function projectName(id: string | null): string {
  if (id === null) return 'All projects'
  return useLibrary.getState().projects.find((p) => p.id === id)?.displayName ?? 'the project'
}

/**
 * Says that the list moved from project `from` to `to` and/or left query `query` (null: kept),
 * and offers to go back to both.
 */
function showScopeChange(from: string | null, to: string | null, query: QueryState | null): void {
  showingFor = { from, to }
  const moved = from !== to
  const cleared = query ? ', without its search and filters' : ''
  showToast({
    id: TOAST_ID,
    kind: 'info',
    testId: 'scope-notice',
    body: moved ? (
      <span>
        Now showing <strong>{projectName(to)}</strong>
        {cleared}, the project of the session you opened.
      </span>
    ) : (
      <span>The list’s search and filters are cleared to show the session you opened.</span>
    ),
    action: {
      label: moved ? `Back to ${projectName(from)}` : 'Back to the search',
      run: () => {
        if (query) useLibrary.getState().setQuery(query)
        if (moved) useLibrary.getState().setScope(from)
      },
    },
    onGone: () => {
      if (showingFor?.to === to) showingFor = null
    },
  })
}
