/**
 * pi's /tree filter modes (pi spec 15.6) and search, over tree rows.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'

/** pi's five filter modes, in pi's cycle order. */
export const FILTER_MODES = ['default', 'no-tools', 'user-only', 'labeled-only', 'all'] as const

/** One of pi's filter modes. */
export type FilterMode = (typeof FILTER_MODES)[number]

/** Button text of each mode. */
export const FILTER_LABELS: Record<FilterMode, string> = {
  default: 'Default',
  'no-tools': 'No tools',
  'user-only': 'User only',
  'labeled-only': 'Labeled',
  all: 'All',
}

/** Bookkeeping entries the default view hides (pi 1.6.0 also hides `context_edit`). */
const SETTINGS = new Set([
  'label',
  'custom',
  'model_change',
  'thinking_level_change',
  'session_info',
  'context_edit',
])

/**
 * Whether pi's /tree shows a row in `mode`. Assistant messages without text are hidden unless
 * they are an error/abort or the leaf; `usage` entries are hidden except in our "all" mode (pi
 * hides them always; we never hide an entry from every view).
 */
export function passesFilter(row: TreeRow, mode: FilterMode, isLeaf: boolean): boolean {
  if (mode === 'all') return true
  if (row.quiet && !isLeaf) return false
  if (row.type === 'usage') return false
  switch (mode) {
    case 'user-only':
      return row.type === 'message' && row.role === 'user'
    case 'labeled-only':
      return row.label !== undefined
    case 'no-tools':
      return !SETTINGS.has(row.type) && !(row.type === 'message' && row.role === 'toolResult')
    default:
      return !SETTINGS.has(row.type)
  }
}

/** Lower-case text a search matches against (label, role/type, the row text). */
export function searchText(row: TreeRow): string {
  return `${row.label ?? ''} ${row.role ?? row.type} ${row.head} ${row.text}`.toLowerCase()
}

/**
 * Whether `query` is written in a form of the library's search (a `re:` pattern or a quoted
 * phrase, main/library/search.ts) that the tree's search, pi's, takes as plain words: an empty
 * result then says so rather than leave the user guessing.
 */
export function usesLibraryForms(query: string): boolean {
  const trimmed = query.trim()
  return trimmed.startsWith('re:') || trimmed.includes('"')
}

/** pi's search: every whitespace-separated token must occur (case-insensitive). */
export function matchesSearch(row: TreeRow, query: string): boolean {
  const tokens = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (tokens.length === 0) return true
  const text = searchText(row)
  return tokens.every((t) => text.includes(t))
}
