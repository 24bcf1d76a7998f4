/**
 * Apache ECharts, only the parts the Insights view draws (tree-shaken): bar and calendar
 * heatmap charts on canvas, with tooltips, legends and the aria module (a text description
 * of each chart and decal patterns, so series differ by more than colour).
 */
import * as echarts from 'echarts/core'
import { BarChart, HeatmapChart } from 'echarts/charts'
import {
  AriaComponent,
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([
  BarChart,
  HeatmapChart,
  AriaComponent,
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
])

export { echarts }
export type { EChartsCoreOption } from 'echarts/core'
