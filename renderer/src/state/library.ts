/**
 * The library store: projects, the session query (scope, search, filters, sort) and its
 * rows, scan progress, and the selected session. One store per concern (ARCHITECTURE.md
 * rule 9); components select narrowly. Refetches when main says the library changed.
 */
import { create } from 'zustand'
import type { AppInfo } from '../../../preload/contract/app'
import type {
  LibraryProblem,
  LibraryProgress,
  ProjectSummary,
  SessionQueryInput,
  QueryRow,
  SessionSort,
  MarkFilter,
  SearchScope,
} from '../../../preload/contract/library'
import { CLEARED_FILTERS } from '../../../preload/contract/library'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { call, errorData } from '../api/client'

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/** The user's query: everything of SessionQuery except the scope. */
export interface QueryState {
  text: string
  /** The kinds of text the search covers (pi's `messages` by default). */
  scopes: SearchScope[]
  named: boolean
  labeled: boolean
  modifiedFrom: number | null
  modifiedTo: number | null
  model: string | null
  /** Cleanup filters (contract SessionQuery): last activity before, empty, damaged, size, images. */
  olderThan: number | null
  empty: boolean
  damaged: boolean
  minSize: number | null
  withImages: boolean
  starred: MarkFilter
  /** Archived sessions: hidden from the usual scopes, alone in the Archived scope. */
  archived: MarkFilter
  starredFirst: boolean
  /** Damaged and empty sessions after the others, under "Needs attention" (contract SessionQuery). */
  attentionLast: boolean
  sort: SessionSort
}

/** State and actions of the library view. */
export interface LibraryState {
  info: AppInfo | null
  projects: ProjectSummary[]
  problems: LibraryProblem[]
  models: string[]
  progress: LibraryProgress
  status: LoadStatus
  error: ApiErrorData | null
  /** null = all projects. */
  projectId: string | null
  query: QueryState
  rows: QueryRow[]
  matched: number
  total: number
  /** Why the query shows no rows: a search main refused, or a failed call. */
  queryError: ApiErrorData | null
  /** When no row matched under filters: how many the filters hid (else null). */
  hiddenByFilters: number | null
  rowsStatus: LoadStatus
  /** The search text the shown rows answer (lets tests and the UI tell stale rows). */
  rowsText: string
  /** The search patterns of the shown rows (regex sources from main), for marking matches. */
  rowsPatterns: string[]
  selectedSessionId: string | null
  /** Sessions ticked for a bulk action (delete), in the current list. */
  checkedIds: string[]
  /** Rows asked for: the list grows a page at a time as it is scrolled (main sorts the rest). */
  rowLimit: number
  /** Loads app info, projects and the first rows. */
  load(): Promise<void>
  /** Re-reads projects and rows (after a change event). */
  refetch(): Promise<void>
  /** Asks main to rescan every root (change events then bring the results). */
  rescan(): Promise<void>
  setScope(projectId: string | null): void
  setQuery(change: Partial<QueryState>): void
  /** Clears every filter (contract CLEARED_FILTERS), keeping the search, its scopes and the sort. */
  clearFilters(): void
  /** Asks for the next page of rows when more matched than are shown. */
  loadMore(): void
  selectSession(sessionId: string | null): void
  setChecked(ids: string[]): void
  /** Ticks every session the current query matches (not only the rows loaded). */
  checkAllMatching(): Promise<void>
  /** Stars or unstars sessions (kept by main in the app's data). */
  setStarred(ids: string[], starred: boolean): Promise<void>
}

export const DEFAULT_QUERY: QueryState = {
  text: '',
  scopes: ['messages'],
  ...CLEARED_FILTERS,
  starred: 'any',
  archived: 'none',
  starredFirst: false,
  attentionLast: true,
  sort: 'threaded',
}

let rowsRequest = 0

/** Rows per page of the list. */
export const ROW_PAGE = 200

/**
 * How long after the user's project left the library its return selects it again (ms): a
 * rewrite by another program takes a moment; a project back after longer is the user's to pick.
 */
const VANISHED_PROJECT_MS = 60_000

export const useLibrary = create<LibraryState>((set, get) => {
  async function fetchRows(): Promise<void> {
    const ticket = ++rowsRequest
    const { projectId, query, rowLimit } = get()
    const args: SessionQueryInput = { projectId, ...query, limit: rowLimit }
    try {
      const result = await call('library:query-sessions', args)
      if (ticket !== rowsRequest) return
      set({
        rows: result.rows,
        matched: result.matched,
        total: result.total,
        queryError:
          result.queryError === null
            ? null
            : { code: 'invalid_argument', message: result.queryError },
        hiddenByFilters: result.hiddenByFilters,
        progress: result.progress,
        rowsStatus: 'ready',
        rowsText: query.text,
        rowsPatterns: result.searchPatterns,
      })
    } catch (error) {
      // The refusal replaces the rows: they answered another query.
      if (ticket === rowsRequest)
        set({
          rows: [],
          matched: 0,
          hiddenByFilters: null,
          rowsStatus: 'error',
          rowsText: query.text,
          queryError: errorData(error),
        })
    }
  }

  // The project the user chose, while the library does not list it (its only session's file
  // emptied for a moment by another program's rewrite, or moved out and back): chosen again
  // when it comes back soon, unless the user chose another scope meanwhile.
  let vanished: { projectId: string; at: number } | null = null

  async function fetchProjects(): Promise<void> {
    const list = await call('library:list-projects', {})
    set({
      projects: list.projects,
      problems: list.problems,
      progress: list.progress,
      models: list.models,
    })
    const { projectId } = get()
    const listed = (id: string) => list.projects.some((p) => p.id === id)
    if (projectId !== null && !listed(projectId)) {
      vanished = { projectId, at: Date.now() }
      set({ projectId: null })
    } else if (projectId === null && vanished && listed(vanished.projectId)) {
      if (Date.now() - vanished.at <= VANISHED_PROJECT_MS) set({ projectId: vanished.projectId })
      vanished = null
    }
  }

  return {
    info: null,
    projects: [],
    problems: [],
    models: [],
    progress: {
      loaded: 0,
      total: 0,
      scanning: false,
      textsIndexed: 0,
      textsTotal: 0,
      otherTextsIndexed: null,
    },
    status: 'idle',
    error: null,
    projectId: null,
    query: DEFAULT_QUERY,
    rows: [],
    matched: 0,
    total: 0,
    queryError: null,
    hiddenByFilters: null,
    rowsStatus: 'idle',
    rowsText: '',
    rowsPatterns: [],
    selectedSessionId: null,
    checkedIds: [],
    rowLimit: ROW_PAGE,

    async load() {
      set({ status: 'loading', error: null })
      try {
        const info = await call('app:get-info', {})
        set({ info })
        await fetchProjects()
        await fetchRows()
        set({ status: 'ready' })
      } catch (error) {
        set({ status: 'error', error: errorData(error) })
      }
    },

    async refetch() {
      try {
        await fetchProjects()
        await fetchRows()
      } catch (error) {
        set({ error: errorData(error) })
      }
    },

    async rescan() {
      try {
        set({ progress: await call('library:refresh', {}) })
      } catch (error) {
        set({ error: errorData(error) })
      }
    },

    setScope(projectId) {
      vanished = null
      set({ projectId, rowsStatus: 'loading', rowLimit: ROW_PAGE })
      void fetchRows()
    },

    setQuery(change) {
      set({ query: { ...get().query, ...change }, rowsStatus: 'loading', rowLimit: ROW_PAGE })
      void fetchRows()
    },

    clearFilters() {
      get().setQuery(CLEARED_FILTERS)
    },

    loadMore() {
      const { rows, matched, rowLimit } = get()
      if (rows.length >= matched || rows.length < rowLimit) return
      set({ rowLimit: rowLimit + ROW_PAGE })
      void fetchRows()
    },

    selectSession(sessionId) {
      set({ selectedSessionId: sessionId })
    },

    setChecked(ids) {
      set({ checkedIds: ids })
    },

    async checkAllMatching() {
      const { projectId, query } = get()
      try {
        const selection = await call('library:select-sessions', { projectId, ...query })
        set({ checkedIds: selection.ids })
      } catch (error) {
        set({ error: errorData(error) })
      }
    },

    async setStarred(ids, starred) {
      if (ids.length === 0) return
      try {
        // Main's change event brings the rows with their new stars (wiring.ts).
        await call('library:star-sessions', { sessionIds: ids, starred })
      } catch (error) {
        set({ error: errorData(error) })
      }
    },
  }
})
