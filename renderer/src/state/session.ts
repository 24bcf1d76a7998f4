/**
 * The session view store: the open session (header facts and tree rows), the selected entry,
 * and the transcript of the path to it, loaded a window at a time. One store per concern
 * (ARCHITECTURE.md rule 9). `openSession(id, entryId?)` is the deep-link entry point (library
 * search results call it).
 */
import { create } from 'zustand'
import type {
  PathItem,
  PathPage,
  SessionLineage,
  SessionOverview,
  TreeRow,
} from '../../../preload/contract/session-view'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { call, errorData } from '../api/client'
import { useLibrary } from './library'

type Status = 'idle' | 'loading' | 'ready' | 'error'

/** Items fetched per request when scrolling the transcript. */
export const CHUNK = 100
/** Items kept in memory; beyond this, those far from the viewport are dropped. */
const MAX_ITEMS = 3000

/** The transcript of one path (root -> selected entry), as far as it is loaded. */
export interface PathState {
  /** `${targetPos}:${raw}`: responses for another key are stale. */
  key: string
  targetId: string
  targetPos: number
  raw: boolean
  total: number
  /** Loaded items by index in the path (sparse). */
  items: ReadonlyMap<number, PathItem>
  compactedAway: number
  contextMessages: number
  thinkingLevel: string
  model: string | null
}

/** State and actions of the session view. */
export interface SessionViewState {
  sessionId: string | null
  status: Status
  error: ApiErrorData | null
  overview: SessionOverview | null
  lineage: SessionLineage | null
  /** The selected entry (a tree row): its path is the transcript. */
  selected: { id: string; pos: number } | null
  raw: boolean
  path: PathState | null
  pathStatus: Status
  pathError: ApiErrorData | null
  /** Opens a session (again), selecting `entryId` or pi's leaf; a no-op reload is avoided. */
  openSession(sessionId: string, entryId?: string): Promise<void>
  /** Selects a tree row: the transcript shows the path to it. */
  selectEntry(row: { id: string; pos: number }): void
  setRaw(raw: boolean): void
  /** Makes sure items [start, end] of the current path are loaded (visible range). */
  ensureRange(start: number, end: number): void
  /** Re-reads the open session (after pi appended to it). */
  reload(): Promise<void>
  close(): void
}

let openTicket = 0
const inFlight = new Set<string>()

function mark(name: string): void {
  performance.mark(name)
}

function toPathState(page: PathPage, items: Map<number, PathItem>): PathState {
  page.items.forEach((item, i) => items.set(page.offset + i, item))
  return {
    key: `${page.targetPos}:${page.raw}`,
    targetId: page.targetId,
    targetPos: page.targetPos,
    raw: page.raw,
    total: page.total,
    items,
    compactedAway: page.compactedAway,
    contextMessages: page.contextMessages,
    thinkingLevel: page.thinkingLevel,
    model: page.model,
  }
}

/** The row a deep link names: an entry id, else pi's leaf. */
function initialRow(overview: SessionOverview, entryId?: string): TreeRow | undefined {
  const rows = overview.rows
  if (entryId !== undefined) {
    const hit = rows.find((r) => r.id === entryId)
    if (hit) return hit
  }
  return rows.find((r) => r.pos === overview.leafPos) ?? rows[rows.length - 1]
}

export const useSessionView = create<SessionViewState>((set, get) => {
  async function loadPath(): Promise<void> {
    const { sessionId, selected, raw } = get()
    if (!sessionId || !selected) return set({ path: null, pathStatus: 'idle' })
    const key = `${selected.pos}:${raw}`
    set({ pathStatus: 'loading', pathError: null })
    mark('pi:path:request')
    try {
      const page = await call('session:get-path', {
        sessionId,
        ...(selected.id ? { entryId: selected.id } : {}),
        position: selected.pos,
        raw,
        limit: CHUNK,
      })
      const now = get()
      if (now.sessionId !== sessionId || `${now.selected?.pos}:${now.raw}` !== key) return
      mark('pi:path:data')
      set({ path: toPathState(page, new Map()), pathStatus: 'ready' })
    } catch (error) {
      if (get().sessionId === sessionId) set({ pathStatus: 'error', pathError: errorData(error) })
    }
  }

  async function loadChunk(offset: number): Promise<void> {
    const { sessionId, path, selected } = get()
    if (!sessionId || !path || !selected) return
    const flight = `${sessionId}:${path.key}:${offset}`
    if (inFlight.has(flight)) return
    inFlight.add(flight)
    try {
      const page = await call('session:get-path', {
        sessionId,
        ...(selected.id ? { entryId: selected.id } : {}),
        position: selected.pos,
        raw: path.raw,
        offset,
        limit: CHUNK,
      })
      const current = get().path
      if (get().sessionId !== sessionId || current?.key !== path.key) return
      const items = new Map(current.items)
      if (items.size > MAX_ITEMS) {
        for (const index of items.keys())
          if (Math.abs(index - offset) > MAX_ITEMS / 2) items.delete(index)
      }
      set({ path: toPathState(page, items) })
    } catch (error) {
      set({ pathError: errorData(error) })
    } finally {
      inFlight.delete(flight)
    }
  }

  async function loadLineage(sessionId: string): Promise<void> {
    try {
      const lineage = await call('session:get-lineage', { sessionId })
      if (get().sessionId === sessionId) set({ lineage })
    } catch {
      // Lineage is an extra: the view works without it.
    }
  }

  return {
    sessionId: null,
    status: 'idle',
    error: null,
    overview: null,
    lineage: null,
    selected: null,
    raw: false,
    path: null,
    pathStatus: 'idle',
    pathError: null,

    async openSession(sessionId, entryId) {
      if (useLibrary.getState().selectedSessionId !== sessionId) {
        useLibrary.getState().selectSession(sessionId)
      }
      const current = get()
      if (current.sessionId === sessionId && current.status !== 'error') {
        if (entryId === undefined) return
        if (current.overview) {
          const row = current.overview.rows.find((r) => r.id === entryId)
          if (row) get().selectEntry(row)
          return
        }
      }
      const ticket = ++openTicket
      set({
        sessionId,
        status: 'loading',
        error: null,
        overview: null,
        lineage: null,
        selected: null,
        path: null,
        pathStatus: 'idle',
        pathError: null,
      })
      mark('pi:open:request')
      try {
        const overview = await call('session:open', { sessionId })
        if (ticket !== openTicket) return
        mark('pi:open:data')
        const row = initialRow(overview, entryId)
        set({ overview, status: 'ready', selected: row ? { id: row.id, pos: row.pos } : null })
        void loadLineage(sessionId)
        await loadPath()
      } catch (error) {
        if (ticket === openTicket) set({ status: 'error', error: errorData(error) })
      }
    },

    selectEntry(row) {
      const selected = get().selected
      if (selected?.pos === row.pos && selected.id === row.id) return
      set({ selected: { id: row.id, pos: row.pos } })
      void loadPath()
    },

    setRaw(raw) {
      if (raw === get().raw) return
      set({ raw })
      void loadPath()
    },

    ensureRange(start, end) {
      const path = get().path
      if (!path) return
      const first = Math.max(0, start)
      const last = Math.min(path.total - 1, end)
      for (let chunk = Math.floor(first / CHUNK) * CHUNK; chunk <= last; chunk += CHUNK) {
        let missing = false
        for (let i = chunk; i < Math.min(chunk + CHUNK, path.total); i++) {
          if (!path.items.has(i)) {
            missing = true
            break
          }
        }
        if (missing) void loadChunk(chunk)
      }
    },

    async reload() {
      const { sessionId, selected } = get()
      if (!sessionId) return
      set({ sessionId: null })
      await get().openSession(sessionId, selected?.id || undefined)
    },

    close() {
      openTicket++
      set({
        sessionId: null,
        status: 'idle',
        overview: null,
        lineage: null,
        selected: null,
        path: null,
      })
    },
  }
})
