/**
 * ECharts options of the Insights charts, built from main's figures and the app's theme:
 * stacked bars of usage per period, a calendar heatmap of messages per day (sessions in the
 * tooltip), and bars of bytes per project. Tooltips give exact figures; decals tell the
 * series apart without colour.
 */
import type { ActivityResult } from '../../../../preload/contract/insights'
import type { EChartsCoreOption } from './echarts'
import { exact, short, type UsageTable } from './figures'
import type { Measure } from './store'
import type { ChartTheme } from './theme'

function base(theme: ChartTheme): EChartsCoreOption {
  return {
    animation: false,
    backgroundColor: 'transparent',
    color: theme.palette,
    textStyle: { color: theme.text, fontFamily: 'system-ui, sans-serif', fontSize: 12 },
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    tooltip: {
      backgroundColor: theme.pane,
      borderColor: theme.border,
      textStyle: { color: theme.text },
    },
  }
}

const axis = (theme: ChartTheme) => ({
  axisLine: { lineStyle: { color: theme.border } },
  axisLabel: { color: theme.muted },
  splitLine: { lineStyle: { color: theme.border } },
})

/** Escapes text for the HTML of a tooltip (series names are model ids or project paths). */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Stacked bars: one bar per period, one segment per series, in `measure`. */
export function usageOption(
  table: UsageTable,
  measure: Measure,
  nameOf: (series: string) => string,
  theme: ChartTheme,
): EChartsCoreOption {
  return {
    ...base(theme),
    legend: { type: 'scroll', top: 0, textStyle: { color: theme.text } },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    tooltip: {
      ...(base(theme).tooltip as object),
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (
        params: { axisValue: string; seriesName: string; value: number; marker: string }[],
      ) => {
        const rows = params
          .filter((p) => p.value > 0)
          .map((p) => `${p.marker}${html(p.seriesName)}: <b>${exact(p.value, measure)}</b>`)
        const total = params.reduce((n, p) => n + p.value, 0)
        return [
          `<b>${html(params[0]?.axisValue ?? '')}</b>`,
          ...rows,
          `Total: <b>${exact(total, measure)}</b>`,
        ].join('<br>')
      },
    },
    xAxis: { type: 'category', data: table.periods, ...axis(theme) },
    yAxis: {
      type: 'value',
      ...axis(theme),
      axisLabel: { color: theme.muted, formatter: (v: number) => short(v, measure) },
    },
    series: table.series.map((name) => ({
      type: 'bar',
      name: nameOf(name),
      stack: 'usage',
      large: table.periods.length > 500,
      data: table.values.get(name),
    })),
  }
}

/** The years a calendar heatmap spans, oldest first. */
function yearsOf(days: readonly string[]): string[] {
  const years = new Set(days.map((d) => d.slice(0, 4)))
  return [...years].sort()
}

/** Side of one day's cell, px. */
const CELL = 15
/** Height of one year's calendar (7 days, month labels, gap), px. */
export const CALENDAR_HEIGHT = CELL * 7 + 40

/** A GitHub-style heatmap: one calendar row per year, colour = messages that day. */
export function activityOption(
  activity: ActivityResult,
  range: { from: string | null; to: string | null },
  theme: ChartTheme,
): EChartsCoreOption {
  const days = activity.days.map((d) => d.day)
  const from = range.from ?? days[0] ?? range.to ?? '1970-01-01'
  const to = range.to ?? days[days.length - 1] ?? from
  const years = yearsOf([from, to, ...days]).filter(
    (y) => y >= from.slice(0, 4) && y <= to.slice(0, 4),
  )
  const max = Math.max(1, ...activity.days.map((d) => d.messages))
  const sessions = new Map(activity.days.map((d) => [d.day, d.sessions]))
  return {
    ...base(theme),
    tooltip: {
      ...(base(theme).tooltip as object),
      formatter: (p: { value: [string, number] }) =>
        `<b>${p.value[0]}</b><br>${p.value[1]} messages<br>${sessions.get(p.value[0]) ?? 0} sessions`,
    },
    visualMap: {
      min: 0,
      max,
      type: 'piecewise',
      splitNumber: 4,
      precision: 0,
      formatter: (low: number, high: number) => `${low}–${high} messages`,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      textStyle: { color: theme.text },
      inRange: { color: theme.dark ? ['#1f3a5f', '#6ea2ff'] : ['#d6e4fb', '#1d4fa8'] },
    },
    calendar: years.map((year, i) => ({
      top: 28 + i * CALENDAR_HEIGHT,
      left: 48,
      cellSize: CELL,
      range: [
        year === from.slice(0, 4) ? from : `${year}-01-01`,
        year === to.slice(0, 4) ? to : `${year}-12-31`,
      ],
      itemStyle: { color: 'transparent', borderColor: theme.border },
      splitLine: { lineStyle: { color: theme.muted } },
      dayLabel: {
        color: theme.muted,
        firstDay: 1,
        fontSize: 9,
        nameMap: ['S', 'M', 'T', 'W', 'T', 'F', 'S'],
      },
      monthLabel: { color: theme.muted, fontSize: 11 },
      yearLabel: { color: theme.muted, fontSize: 12, margin: 24 },
    })),
    series: years.map((year, i) => ({
      type: 'heatmap',
      coordinateSystem: 'calendar',
      calendarIndex: i,
      // Shades tell the days apart; the figures are in the tooltip and the table.
      itemStyle: { decal: { symbol: 'none' } },
      data: activity.days.filter((d) => d.day.startsWith(year)).map((d) => [d.day, d.messages]),
    })),
  }
}

/** Height of the activity chart for `years` calendars. */
export function activityHeight(option: EChartsCoreOption): number {
  const calendars = (option.calendar as unknown[] | undefined)?.length ?? 1
  return 24 + calendars * CALENDAR_HEIGHT + 40
}

/** Horizontal bars of bytes per project, largest on top. */
export function diskOption(
  projects: { name: string; bytes: number }[],
  theme: ChartTheme,
): EChartsCoreOption {
  const rows = [...projects].reverse()
  return {
    ...base(theme),
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      ...(base(theme).tooltip as object),
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (p: { name: string; value: number }[]) =>
        `<b>${html(p[0]?.name ?? '')}</b><br>${exact(p[0]?.value ?? 0, 'bytes')} bytes (${short(p[0]?.value ?? 0, 'bytes')})`,
    },
    xAxis: {
      type: 'value',
      ...axis(theme),
      axisLabel: { color: theme.muted, formatter: (v: number) => short(v, 'bytes') },
    },
    yAxis: { type: 'category', data: rows.map((r) => r.name), ...axis(theme) },
    series: [{ type: 'bar', name: 'Bytes', data: rows.map((r) => r.bytes) }],
  }
}
