/**
 * The activity heatmap: messages per day on a calendar (GitHub-style), sessions active that
 * day in the tooltip and the table.
 */
import { useMemo } from 'react'
import type { ActivityResult } from '../../../../preload/contract/insights'
import { useInsights } from './store'
import { ChartCard } from './ChartCard'
import { EChart } from './EChart'
import { activityHeight, activityOption } from './chart-options'
import type { Column } from './csv'
import { rangeOf } from './range'
import { useChartTheme } from './theme'

type Row = ActivityResult['days'][number]

const COLUMNS: Column<Row>[] = [
  { header: 'Day', value: (r) => r.day },
  { header: 'Sessions', value: (r) => r.sessions },
  { header: 'Messages', value: (r) => r.messages },
]

/** The activity card. */
export function ActivityChart() {
  const activity = useInsights((s) => s.data?.activity)
  const preset = useInsights((s) => s.preset)
  const custom = useInsights((s) => s.custom)
  const timeZone = useInsights((s) => s.timeZone)
  const theme = useChartTheme()
  const option = useMemo(
    () => activityOption(activity ?? { days: [] }, rangeOf(preset, custom, timeZone), theme),
    [activity, preset, custom, timeZone, theme],
  )
  const rows = activity?.days ?? []
  const messages = rows.reduce((n, d) => n + d.messages, 0)
  return (
    <ChartCard
      title="Activity: messages per day"
      testId="insights-activity"
      columns={COLUMNS}
      rows={rows}
      chart={
        <EChart
          option={option}
          label={`Activity heatmap: ${messages} messages on ${rows.length} active days`}
          height={activityHeight(option)}
          testId="insights-activity-chart"
        />
      }
    />
  )
}
