/**
 * The app's theme as ECharts needs it: concrete colours read from the CSS variables (which
 * follow light/dark), refreshed when the theme setting or the system's scheme changes.
 */
import { useEffect, useState } from 'react'

/** The colours a chart is drawn with. */
export interface ChartTheme {
  dark: boolean
  text: string
  muted: string
  border: string
  pane: string
  /** Series colours, distinguishable in both themes (and told apart by decals too). */
  palette: string[]
}

const LIGHT = [
  '#2f6fde',
  '#c2410c',
  '#15803d',
  '#7c3aed',
  '#b91c1c',
  '#0e7490',
  '#a16207',
  '#52525b',
]
const DARK = [
  '#6ea2ff',
  '#fb923c',
  '#4ade80',
  '#c4b5fd',
  '#f87171',
  '#22d3ee',
  '#facc15',
  '#a1a1aa',
]

/** The value of CSS colour `variable` as the page resolves it now. */
function resolve(variable: string): string {
  const probe = document.createElement('span')
  probe.style.color = `var(${variable})`
  probe.hidden = true
  document.body.append(probe)
  const color = getComputedStyle(probe).color
  probe.remove()
  return color
}

function isDark(): boolean {
  const chosen = document.documentElement.dataset.theme
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark'
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false
}

/** Reads the current theme. */
export function readTheme(): ChartTheme {
  const dark = isDark()
  return {
    dark,
    text: resolve('--text'),
    muted: resolve('--muted'),
    border: resolve('--border'),
    pane: resolve('--pane'),
    palette: dark ? DARK : LIGHT,
  }
}

/** The current chart theme, re-read when `<html data-theme>` or the system scheme changes. */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readTheme)
  useEffect(() => {
    const update = () => setTheme(readTheme())
    const observer = new MutationObserver(update)
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    })
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    media?.addEventListener('change', update)
    return () => {
      observer.disconnect()
      media?.removeEventListener('change', update)
    }
  }, [])
  return theme
}
