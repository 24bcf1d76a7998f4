/**
 * Quick open reaches every project, but the library list shows one project at a time. When a
 * session from another project is opened, the list moves to that project (so the open session
 * is a row of the list, selected, and the arrow keys go on from it) and a toast says so, with
 * the way back. Like every toast with an action it clears by itself (UNDO_MS), so it never
 * stays over the transcript or the tree; any other scope change ends it at once.
 */
import { useLibrary } from '../../state/library'
import { hideToast, showToast } from '../toasts/show'

const TOAST_ID = 'scope-change'

/** The project (id; null = all projects) the toast offers to go back to, while it shows. */
let showingFor: { from: string | null; to: string } | null = null

// Any other scope change (a click on a project, Back) ends the toast.
useLibrary.subscribe((s) => {
  if (showingFor && s.projectId !== showingFor.to) hideToast(TOAST_ID)
})

/**
 * Opens a session of quick open: the list keeps its scope when the session is in it (all
 * projects, or the session's own project); otherwise it moves to the session's project and
 * a toast says so.
 */
export function openFromQuickOpen(row: { id: string; projectId: string }): void {
  const library = useLibrary.getState()
  const from = library.projectId
  if (from !== null && from !== row.projectId) {
    library.setScope(row.projectId)
    showScopeChange(from, row.projectId)
  }
  library.selectSession(row.id)
}

/** The project's name as the project list shows it. */
function projectName(id: string | null): string {
  if (id === null) return 'All projects'
  return useLibrary.getState().projects.find((p) => p.id === id)?.displayName ?? 'the project'
}

function showScopeChange(from: string, to: string): void {
  showingFor = { from, to }
  showToast({
    id: TOAST_ID,
    kind: 'info',
    testId: 'scope-notice',
    body: (
      <span>
        Now showing <strong>{projectName(to)}</strong>, the project of the session you opened.
      </span>
    ),
    action: {
      label: `Back to ${projectName(from)}`,
      run: () => useLibrary.getState().setScope(from),
    },
    onGone: () => {
      if (showingFor?.to === to) showingFor = null
    },
  })
}
