/**
 * One ECharts chart in a div: created on mount, updated when its option changes, resized
 * with its box, disposed on unmount. The div is an image with the chart's text description
 * (the aria module writes it); the exact figures are in the chart's table view.
 */
import { useEffect, useRef } from 'react'
import { echarts, type EChartsCoreOption } from './echarts'

/** Props: the option to draw, the chart's accessible name, its height in px. */
export function EChart({
  option,
  label,
  height,
  testId,
}: {
  option: EChartsCoreOption
  label: string
  height: number
  testId?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = echarts.init(element, undefined, { renderer: 'canvas' })
    chart.current = instance
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true })
    box.current?.setAttribute('data-chart-state', 'drawn')
  }, [option])
  return (
    <div
      ref={box}
      className="insights-chart"
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ height }}
    />
  )
}
