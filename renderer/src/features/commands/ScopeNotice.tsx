/**
 * Quick open reaches every project, but the library list shows one project at a time. When a
 * session from another project is opened, the list moves to that project (so the open session
 * is a row of the list, selected, and the arrow keys go on from it) and this notice says so,
 * with the way back. The notice goes when the scope changes again.
 */
import { create } from 'zustand'
import { useLibrary } from '../../state/library'

/** A scope change quick open made: from which project to which (ids; null = all projects). */
interface ScopeChange {
  from: string | null
  to: string
}

const useScopeChange = create<{ change: ScopeChange | null }>(() => ({ change: null }))

// Any other scope change (a click on a project, Back) ends the notice.
useLibrary.subscribe((s) => {
  const change = useScopeChange.getState().change
  if (change && s.projectId !== change.to) useScopeChange.setState({ change: null })
})

/**
 * Opens a session of quick open: the list keeps its scope when the session is in it (all
 * projects, or the session's own project); otherwise it moves to the session's project and
 * the notice says so.
 */
export function openFromQuickOpen(row: { id: string; projectId: string }): void {
  const library = useLibrary.getState()
  const from = library.projectId
  if (from !== null && from !== row.projectId) {
    library.setScope(row.projectId)
    useScopeChange.setState({ change: { from, to: row.projectId } })
  }
  library.selectSession(row.id)
}

/** The project's name as the project list shows it. */
function projectName(id: string | null): string {
  if (id === null) return 'All projects'
  return useLibrary.getState().projects.find((p) => p.id === id)?.displayName ?? 'the project'
}

/** The notice of a scope change made by quick open, with "Back to <project>". */
export function ScopeNotice() {
  const change = useScopeChange((s) => s.change)
  useLibrary((s) => s.projects)
  if (!change) return null
  const dismiss = () => useScopeChange.setState({ change: null })
  return (
    <div className="notice" role="status" data-testid="scope-notice">
      <span>
        Now showing <strong>{projectName(change.to)}</strong>, the project of the session you
        opened.
      </span>
      <button
        type="button"
        className="link"
        onClick={() => useLibrary.getState().setScope(change.from)}
      >
        Back to {projectName(change.from)}
      </button>
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}
