/**
 * What the toolbar says about a query, in words: the search scopes' names and how far the
 * index covers them, the date presets and the label of a date range, and the active filters
 * as chips (each with the change that removes it). Pure functions of the query and the clock, shared by the toolbar's chips and
 * the empty list.
 */
import {
  CLEARED_FILTERS,
  type LibraryProgress,
  type SearchScope,
} from '../../../../preload/contract/library'
import type { QueryState } from '../../state/library'
import { bytes } from './format'

/** The scopes in the order the chips show them, with their names (pi's scope first). */
export const SCOPES: { value: SearchScope; label: string; title: string }[] = [
  {
    value: 'messages',
    label: 'Messages',
    title: "User and assistant text: pi's own search scope",
  },
  {
    value: 'tool-output',
    label: 'Tool output',
    title: 'Tool results and ! command output (each kept to its first and last 2,048 characters)',
  },
  { value: 'thinking', label: 'Thinking', title: "The model's thinking" },
  {
    value: 'commands',
    label: 'Commands and paths',
    title: 'Bash and ! commands and tool-call arguments such as file paths',
  },
]

/** "Messages, Tool output": the names of `scopes` in chip order. */
export function scopeNames(scopes: readonly SearchScope[]): string {
  return SCOPES.filter((s) => scopes.includes(s.value))
    .map((s) => s.label)
    .join(', ')
}

/** How far the search index covers a search: sessions searchable so far, of all, and why. */
export interface SearchCoverage {
  done: number
  of: number
  /** What is being built, as the progress bar names it. */
  what: string
}

/**
 * How far the search index covers what `scopes` search, or null when it covers all of it.
 * The kinds beyond pi's messages are indexed from the first search that asks for one of them
 * (main/library/other-kinds.ts), so such a search may cover fewer sessions for a while.
 */
export function searchCoverage(
  progress: LibraryProgress,
  scopes: readonly SearchScope[],
): SearchCoverage | null {
  const of = progress.textsTotal
  const others = progress.otherTextsIndexed
  const coverage =
    scopes.some((s) => s !== 'messages') && others !== null && others < progress.textsIndexed
      ? { done: others, of, what: 'Indexing tool output, thinking and commands' }
      : { done: progress.textsIndexed, of, what: 'Search index' }
  return coverage.done >= of ? null : coverage
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Midnight (local) of the day `days` before the day of `now`. */
function dayStart(now: number, days = 0): number {
  const date = new Date(now)
  date.setHours(0, 0, 0, 0)
  date.setDate(date.getDate() - days)
  return date.getTime()
}

/** A date preset: its name and the range it stands for from `now` (open-ended to today). */
export interface DatePreset {
  label: string
  from(now: number): number
}

/** The presets of the date range: each from the start of a day up to now. */
export const DATE_PRESETS: DatePreset[] = [
  { label: 'Today', from: (now) => dayStart(now) },
  { label: 'Last 7 days', from: (now) => dayStart(now, 6) },
  { label: 'Last 30 days', from: (now) => dayStart(now, 29) },
  { label: 'Last 90 days', from: (now) => dayStart(now, 89) },
  {
    label: 'This year',
    from: (now) => new Date(new Date(now).getFullYear(), 0, 1).getTime(),
  },
]

const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** `yyyy-mm-dd` of a local day, as a date field holds it. */
export function dayText(ms: number | null): string {
  if (ms === null) return ''
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The first and last millisecond of the local day a date field names; null when empty. */
export function dayBounds(text: string): { start: number; end: number } | null {
  if (!text) return null
  const start = new Date(`${text}T00:00:00`).getTime()
  if (Number.isNaN(start)) return null
  return { start, end: new Date(`${text}T23:59:59.999`).getTime() }
}

/**
 * The words for a last-activity range: a preset's name when the range is one (as of `now`),
 * else its dates; "Any time" when unbounded.
 */
export function rangeLabel(from: number | null, to: number | null, now = Date.now()): string {
  if (from === null && to === null) return 'Any time'
  if (to === null) {
    const preset = DATE_PRESETS.find((p) => p.from(now) === from)
    if (preset) return preset.label
    return `Since ${shortDate.format(from as number)}`
  }
  if (from === null) return `Until ${shortDate.format(to)}`
  if (Math.abs(to - from) < DAY_MS) return shortDate.format(from)
  return `${shortDate.format(from)} – ${shortDate.format(to)}`
}

/** One active filter, as a chip: its words and the change that removes it. */
export interface FilterChip {
  key: string
  label: string
  clear: Partial<QueryState>
}

const AGE_DAYS: Record<number, string> = {
  7: '1 week',
  30: '1 month',
  90: '3 months',
  365: '1 year',
}

/** The active filters of `query` (contract CLEARED_FILTERS) as chips, in toolbar order. */
export function activeFilters(query: QueryState, now = Date.now()): FilterChip[] {
  const chips: FilterChip[] = []
  const add = (key: string, on: boolean, label: string, clear: Partial<QueryState>) => {
    if (on) chips.push({ key, label, clear })
  }
  add('named', query.named, 'Named', { named: CLEARED_FILTERS.named })
  add('labeled', query.labeled, 'Labeled', { labeled: CLEARED_FILTERS.labeled })
  add('model', query.model !== null, `Model: ${query.model}`, { model: CLEARED_FILTERS.model })
  add(
    'dates',
    query.modifiedFrom !== null || query.modifiedTo !== null,
    rangeLabel(query.modifiedFrom, query.modifiedTo, now),
    { modifiedFrom: CLEARED_FILTERS.modifiedFrom, modifiedTo: CLEARED_FILTERS.modifiedTo },
  )
  if (query.olderThan !== null) {
    const days = Math.round((now - query.olderThan) / DAY_MS)
    const words = AGE_DAYS[days] ?? `${days} days`
    add('olderThan', true, `Older than ${words}`, { olderThan: CLEARED_FILTERS.olderThan })
  }
  add('minSize', query.minSize !== null, `Larger than ${bytes(query.minSize ?? 0)}`, {
    minSize: CLEARED_FILTERS.minSize,
  })
  add('empty', query.empty, 'No user message', { empty: CLEARED_FILTERS.empty })
  add('damaged', query.damaged, 'Damaged', { damaged: CLEARED_FILTERS.damaged })
  add('withImages', query.withImages, 'With images', { withImages: CLEARED_FILTERS.withImages })
  return chips
}
