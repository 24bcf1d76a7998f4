/**
 * The Insights view: where the tokens, the money, the time and the disk went, for all
 * projects or the one selected in the sidebar. Figures come from main (one call per
 * chart); they are reloaded when the scope, a choice or the library changes.
 */
import { useEffect } from 'react'
import { useLibrary } from '../../state/library'
import { ActivityChart } from './ActivityChart'
import { DiskUse } from './DiskUse'
import { InsightsToolbar } from './InsightsToolbar'
import { TopLists } from './TopLists'
import { UsageChart } from './UsageChart'
import { useProjectName } from './names'
import { useInsights } from './store'
import './insights.css'

/** The view that takes the place of the session list and session pane. */
export function InsightsView() {
  const projectId = useLibrary((s) => s.projectId)
  const projects = useLibrary((s) => s.projects)
  const status = useInsights((s) => s.status)
  const error = useInsights((s) => s.error)
  const hasData = useInsights((s) => s.data !== null)
  const load = useInsights((s) => s.load)
  const setOpen = useInsights((s) => s.setOpen)
  const projectName = useProjectName()
  // `projects` changes whenever main reports a library change: the figures follow.
  useEffect(() => void load(projectId), [load, projectId, projects])
  const scopeName = projectId === null ? 'All projects' : projectName(projectId)
  return (
    <section
      className="insights"
      aria-labelledby="insights-title"
      data-testid="insights-view"
      data-insights-state={status}
    >
      <header className="insights-head">
        <h2 id="insights-title">Insights</h2>
        <InsightsToolbar scopeName={scopeName} />
        {/* The way back where the sidebar's Insights entry is hidden (a narrow window). */}
        <button
          type="button"
          className="ghost insights-close"
          data-testid="insights-close"
          title="Close Insights (Ctrl+I)"
          onClick={() => setOpen(false)}
        >
          Back to the sessions
        </button>
      </header>
      {error && (
        <p className="error-banner" role="alert">
          Could not compute the insights: {error.message}
        </p>
      )}
      {hasData && (
        <div className="insights-body">
          <UsageChart />
          <ActivityChart />
          <TopLists />
          <h2 className="insights-section">Disk use</h2>
          <DiskUse />
        </div>
      )}
    </section>
  )
}
