/**
 * Cost or tokens per day, week or month, stacked by model or project, with its table
 * (periods as rows, series as columns, exact figures).
 */
import { useMemo } from 'react'
import { useInsights, type Measure } from './store'
import { ChartCard } from './ChartCard'
import { EChart } from './EChart'
import { usageOption } from './chart-options'
import type { Column } from './csv'
import { exact, MEASURES, OTHER, usageTable } from './figures'
import { modelName, useProjectName } from './names'
import { useChartTheme } from './theme'

type Row = { period: string; values: number[]; total: number }

/** The usage chart card. */
export function UsageChart() {
  const cells = useInsights((s) => s.data?.usage.cells)
  const measure = useInsights((s) => s.measure)
  const stackBy = useInsights((s) => s.data?.stackBy ?? 'model')
  const period = useInsights((s) => s.data?.period ?? 'day')
  const setMeasure = useInsights((s) => s.setMeasure)
  const projectName = useProjectName()
  const theme = useChartTheme()
  const nameOf = (series: string) =>
    series === OTHER ? OTHER : stackBy === 'model' ? modelName(series) : projectName(series)
  const table = useMemo(() => usageTable(cells ?? [], measure, period), [cells, measure, period])
  const option = useMemo(
    () => usageOption(table, measure, nameOf, theme),
    // nameOf follows stackBy and the project names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [table, measure, theme, stackBy, projectName],
  )
  const rows: Row[] = table.periods.map((period, i) => {
    const values = table.series.map((s) => table.values.get(s)?.[i] ?? 0)
    return { period, values, total: values.reduce((a, b) => a + b, 0) }
  })
  const columns: Column<Row>[] = [
    { header: 'Period', value: (r) => r.period },
    ...table.series.map((s, i) => ({
      header: nameOf(s),
      value: (r: Row) => r.values[i] ?? 0,
      format: (r: Row) => exact(r.values[i] ?? 0, measure),
    })),
    { header: 'Total', value: (r) => r.total, format: (r) => exact(r.total, measure) },
  ]
  const title = `${MEASURES[measure]} by ${stackBy}`
  const picker = (
    <label className="insights-field">
      Show
      <select value={measure} onChange={(e) => setMeasure(e.target.value as Measure)}>
        {Object.entries(MEASURES).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <ChartCard
      title={title}
      testId="insights-usage"
      columns={columns}
      rows={rows}
      extra={picker}
      chart={
        <EChart
          option={option}
          label={`${title}, ${rows.length} periods; the table view lists every figure`}
          height={300}
          testId="insights-usage-chart"
        />
      }
    />
  )
}
