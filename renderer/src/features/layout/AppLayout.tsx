/**
 * The panes of the window: projects | session list | session, with splitters between them
 * (react-resizable-panels: drag, or focus a splitter and use the arrow keys). Their sizes are
 * remembered in localStorage, one layout per set of shown panes. Insights takes the place of
 * the list and the session; Recently deleted takes the place of the session; reading mode
 * leaves the session alone; narrow windows show a project picker instead of the sidebar.
 */
import { lazy, Suspense, useEffect } from 'react'
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels'
import { registerCommand } from '../../state/commands'
import { useLibrary } from '../../state/library'
import { useTrash } from '../../state/trash'
import { ProjectList } from '../library/ProjectList'
import { ProjectPicker } from '../library/ProjectPicker'
import { SessionList } from '../library/SessionList'
import { SessionPane } from '../session-view/SessionPane'
import { RecentlyDeleted } from '../trash/RecentlyDeleted'
import { useInsights } from '../insights/store'
import { useSessionShown } from './LayoutControls'
import { isNarrow, useLayout } from './store'
import { useNarrow } from './useNarrow'
import './layout.css'

/** The Insights view and its charting library load when it first opens. */
const InsightsView = lazy(() =>
  import('../insights/InsightsView').then((m) => ({ default: m.InsightsView })),
)

/** Registers the layout commands (sidebar, tree, reading mode) while the layout is shown. */
function useLayoutCommands(): void {
  useEffect(() => {
    const layout = () => useLayout.getState()
    const stops = [
      registerCommand('toggle-sidebar', () => layout().toggleSidebar(isNarrow())),
      registerCommand('toggle-tree', () => layout().toggleTree(isNarrow())),
      registerCommand('reading-mode', () => layout().setReading(!layout().reading)),
      // Here, not in the sidebar's Insights entry: Ctrl+I works with the sidebar hidden too.
      registerCommand('insights', () => {
        const insights = useInsights.getState()
        insights.setOpen(!insights.open)
      }),
      // Choosing a session leaves the Recently deleted panel for the session view; a restore
      // (which selects the restored session) keeps it open for the next restore.
      // No session left (deleted, deselected): reading mode ends with it.
      useLibrary.subscribe((s, prev) => {
        const chosen = s.selectedSessionId !== prev.selectedSessionId && s.selectedSessionId
        if (chosen && !useTrash.getState().busy) layout().setTrashOpen(false)
        if (s.selectedSessionId === null && layout().reading) layout().setReading(false)
      }),
    ]
    return () => stops.forEach((stop) => stop())
  }, [])
}

/** The project sidebar and its splitter. */
function ProjectsPane() {
  return (
    <>
      <Panel
        id="projects"
        className="pane pane-projects"
        defaultSize={280}
        minSize={180}
        maxSize="40%"
        groupResizeBehavior="preserve-pixel-size"
      >
        <ProjectList />
      </Panel>
      <Separator className="splitter" aria-label="Resize the projects pane" />
    </>
  )
}

/** The session list (under the project picker while the sidebar is hidden) and its splitter. */
function SessionsPane({ narrow, picker }: { narrow: boolean; picker: boolean }) {
  return (
    <>
      <Panel
        id="sessions"
        className="pane pane-sessions"
        defaultSize={narrow ? 320 : 380}
        minSize={240}
        maxSize="60%"
        groupResizeBehavior="preserve-pixel-size"
        style={{ overflow: 'hidden' }}
      >
        {picker && <ProjectPicker />}
        <SessionList />
      </Panel>
      <Separator className="splitter" aria-label="Resize the session list" />
    </>
  )
}

/** The library's panes and the session view (or Insights, or Recently deleted). */
export function AppLayout() {
  useLayoutCommands()
  const narrow = useNarrow()
  const sidebar = useLayout((s) => (narrow ? s.sidebar.narrow : s.sidebar.wide))
  const trashOpen = useLayout((s) => s.trashOpen)
  const insights = useInsights((s) => s.open)
  const sessionShown = useSessionShown()
  const reading = useLayout((s) => s.reading) && sessionShown
  const showProjects = sidebar && !reading
  const panes = [
    ...(showProjects ? ['projects'] : []),
    ...(insights ? ['main'] : reading ? ['session'] : ['sessions', 'session']),
  ]
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({
    id: 'pi-sessions-panes',
    panelIds: panes,
    storage: localStorage,
    // Only the user's own sizes are kept. Saved as shares of the window, the sizes a window
    // resize left (or the first layout of a window) came back at another width as panes far
    // wider than their defaults, which then kept their pixels as the window shrank, and the
    // session was squeezed to its minimum.
    onlySaveAfterUserInteractions: true,
  })
  const close = () => useLayout.getState().setTrashOpen(false)
  return (
    <main className="layout">
      <Group
        orientation="horizontal"
        defaultLayout={defaultLayout}
        onLayoutChanged={onLayoutChanged}
      >
        {showProjects && <ProjectsPane />}
        {insights && (
          <Panel id="main" className="pane" minSize={320}>
            <Suspense fallback={<div className="loading">Loading Insights…</div>}>
              <InsightsView />
            </Suspense>
          </Panel>
        )}
        {!insights && !reading && <SessionsPane narrow={narrow} picker={!showProjects} />}
        {!insights && (
          <Panel id="session" className="pane" minSize={320} style={{ overflow: 'hidden' }}>
            {trashOpen ? <RecentlyDeleted onClose={close} /> : <SessionPane />}
          </Panel>
        )}
      </Group>
    </main>
  )
}
