/**
 * The app bar's layout buttons: the sidebar toggle, the branch tree and reading mode toggles
 * of the open session, and the Recently deleted panel. Each mirrors a command (Ctrl+B, T,
 * Ctrl+.) registered by AppLayout.
 */
import { useEffect } from 'react'
import { runCommand } from '../../state/commands'
import { useLibrary } from '../../state/library'
import { useTrash } from '../../state/trash'
import { useInsights } from '../insights/store'
import { useLayout } from './store'
import { useNarrow } from './useNarrow'

const mod = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'

/** Shows or hides the project sidebar (Ctrl+B). */
export function SidebarToggle() {
  const narrow = useNarrow()
  const shown = useLayout((s) => (narrow ? s.sidebar.narrow : s.sidebar.wide))
  return (
    <button
      type="button"
      className="ghost sidebar-toggle"
      aria-label={shown ? 'Hide the sidebar' : 'Show the sidebar'}
      aria-expanded={shown}
      title={`${shown ? 'Hide' : 'Show'} the project sidebar (${mod}+B)`}
      onClick={() => runCommand('toggle-sidebar')}
    >
      <span aria-hidden="true">☰</span>
    </button>
  )
}

/** Whether the session view is on screen (a session selected, no other panel over it). */
export function useSessionShown(): boolean {
  const selected = useLibrary((s) => s.selectedSessionId !== null)
  const insights = useInsights((s) => s.open)
  const trashOpen = useLayout((s) => s.trashOpen)
  return selected && !insights && !trashOpen
}

/** The branch tree and reading mode toggles, while a session is on screen. */
export function SessionToggles() {
  const narrow = useNarrow()
  const tree = useLayout((s) => (narrow ? s.tree.narrow : s.tree.wide))
  const reading = useLayout((s) => s.reading)
  if (!useSessionShown()) return null
  return (
    <>
      <button
        type="button"
        className={`ghost${tree ? ' on' : ''}`}
        aria-label="Branch tree"
        aria-pressed={tree}
        title="Show or hide the branch tree (T)"
        onClick={() => runCommand('toggle-tree')}
      >
        Tree
      </button>
      <button
        type="button"
        className={`ghost${reading ? ' on' : ''}`}
        aria-label="Reading mode"
        aria-pressed={reading}
        title={`Reading mode: the session alone (${mod}+.)`}
        onClick={() => runCommand('reading-mode')}
      >
        Reading
      </button>
    </>
  )
}

/** Opens and closes the Recently deleted panel; shows how many sessions are in the trash. */
export function RecentlyDeletedButton() {
  const open = useLayout((s) => s.trashOpen)
  const count = useTrash((s) => s.deleted.filter((d) => d.inTrash).length)
  const loadDeleted = useTrash((s) => s.loadDeleted)
  useEffect(() => {
    void loadDeleted()
  }, [loadDeleted])
  return (
    <button
      type="button"
      className={`ghost${open ? ' on' : ''}`}
      aria-pressed={open}
      title="Sessions this app moved to the trash, with Restore"
      onClick={() => {
        if (!open) useInsights.getState().setOpen(false)
        useLayout.getState().setTrashOpen(!open)
      }}
    >
      Recently deleted{count > 0 ? ` (${count})` : ''}
    </button>
  )
}
