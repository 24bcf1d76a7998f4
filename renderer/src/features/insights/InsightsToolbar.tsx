/**
 * The Insights choices: the date range (last 7/30/90 days, all, or custom dates), the
 * period of the usage chart and what its series are.
 */
import { useInsights } from './store'
import type { RangePreset } from './range'

const PRESETS: [RangePreset, string][] = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['all', 'All time'],
  ['custom', 'Custom…'],
]

/** The toolbar above the charts. */
export function InsightsToolbar({ scopeName }: { scopeName: string }) {
  const preset = useInsights((s) => s.preset)
  const custom = useInsights((s) => s.custom)
  const period = useInsights((s) => s.period)
  const stackBy = useInsights((s) => s.stackBy)
  const timeZone = useInsights((s) => s.timeZone)
  const choose = useInsights((s) => s.choose)
  return (
    <div className="insights-toolbar" role="toolbar" aria-label="Insights options">
      <span className="insights-scope" data-testid="insights-scope">
        {scopeName}
      </span>
      <label className="insights-field">
        Range
        <select
          value={preset}
          data-testid="insights-range"
          onChange={(e) => choose({ preset: e.target.value as RangePreset })}
        >
          {PRESETS.map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {preset === 'custom' && (
        <>
          <label className="insights-field">
            From
            <input
              type="date"
              value={custom.from ?? ''}
              max={custom.to ?? undefined}
              onChange={(e) => choose({ custom: { ...custom, from: e.target.value || null } })}
            />
          </label>
          <label className="insights-field">
            To
            <input
              type="date"
              value={custom.to ?? ''}
              min={custom.from ?? undefined}
              onChange={(e) => choose({ custom: { ...custom, to: e.target.value || null } })}
            />
          </label>
        </>
      )}
      <label className="insights-field">
        Per
        <select
          value={period}
          onChange={(e) => choose({ period: e.target.value as 'day' | 'week' | 'month' })}
        >
          <option value="day">Day</option>
          <option value="week">Week</option>
          <option value="month">Month</option>
        </select>
      </label>
      <label className="insights-field">
        Stacked by
        <select
          value={stackBy}
          onChange={(e) => choose({ stackBy: e.target.value as 'model' | 'project' })}
        >
          <option value="model">Model</option>
          <option value="project">Project</option>
        </select>
      </label>
      <span className="insights-zone" title="Days are counted in this time zone">
        {timeZone}
      </span>
    </div>
  )
}
