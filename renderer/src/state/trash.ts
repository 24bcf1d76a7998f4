/**
 * The trash store: the delete confirmation (which sessions, shown to the user first) and
 * the recently deleted list with restore.
 */
import { create } from 'zustand'
import type { QueryRow } from '../../../preload/contract/library'
import type { DeletedSessionView, TrashMoveResult } from '../../../preload/contract/trash'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { call, errorData } from '../api/client'
import { useLibrary } from './library'
import { useSettings } from './settings'

/** State and actions of the trash feature. */
export interface TrashState {
  /** Sessions waiting for the user's confirmation; null when no dialog is open. */
  confirming: QueryRow[] | null
  busy: boolean
  /** What the last move did (shown until dismissed). */
  lastResult: TrashMoveResult | null
  deleted: DeletedSessionView[]
  error: ApiErrorData | null
  /** Opens the confirmation for these sessions. */
  askToDelete(rows: QueryRow[]): void
  cancel(): void
  /** Moves the sessions being confirmed to the trash. */
  confirm(): Promise<void>
  loadDeleted(): Promise<void>
  restore(deletedId: string): Promise<void>
  dismiss(): void
}

export const useTrash = create<TrashState>((set, get) => ({
  confirming: null,
  busy: false,
  lastResult: null,
  deleted: [],
  error: null,

  askToDelete(rows) {
    if (rows.length === 0) return
    set({ confirming: rows, error: null })
    // With confirmation turned off in the settings, the move goes ahead at once.
    if (useSettings.getState().settings?.confirmDelete === false) void get().confirm()
  },
  cancel() {
    set({ confirming: null })
  },
  async confirm() {
    const rows = get().confirming
    if (!rows) return
    set({ busy: true, error: null })
    try {
      const result = await call('trash:move-sessions', { sessionIds: rows.map((r) => r.id) })
      set({ lastResult: result, confirming: null })
      const library = useLibrary.getState()
      const gone = new Set(result.moved.map((m) => m.sessionId))
      library.setChecked(library.checkedIds.filter((id) => !gone.has(id)))
      if (library.selectedSessionId && gone.has(library.selectedSessionId))
        library.selectSession(null)
      // The list follows main's change event after the move (wiring.ts): no refetch here.
      await get().loadDeleted()
    } catch (error) {
      set({ error: errorData(error) })
    } finally {
      set({ busy: false })
    }
  },
  async loadDeleted() {
    try {
      set({ deleted: await call('trash:list', {}) })
    } catch (error) {
      set({ error: errorData(error) })
    }
  },
  async restore(deletedId) {
    set({ busy: true, error: null })
    try {
      const { sessionId } = await call('trash:restore', { deletedId })
      set({ lastResult: null })
      await get().loadDeleted()
      useLibrary.getState().selectSession(sessionId)
    } catch (error) {
      set({ error: errorData(error) })
    } finally {
      set({ busy: false })
    }
  },
  dismiss() {
    set({ lastResult: null, error: null })
  },
}))
