/**
 * The sidebar entry that opens and closes the Insights view (the `insights` command, menu and
 * Ctrl+I, is the layout's: AppLayout.tsx). Kept apart from the view so the charts load only
 * when it opens.
 */
import { useInsights } from './store'
import './insights-entry.css'

/** The sidebar entry that opens and closes the Insights view. */
export function InsightsEntry() {
  const open = useInsights((s) => s.open)
  const setOpen = useInsights((s) => s.setOpen)
  return (
    <button
      type="button"
      className={`ghost insights-entry${open ? ' selected' : ''}`}
      aria-pressed={open}
      data-testid="insights-entry"
      title="Insights: cost, tokens, activity and disk use (Ctrl+I)"
      onClick={() => setOpen(!open)}
    >
      Insights
    </button>
  )
}
