/**
 * The trash store: the bulk confirmation (which sessions, described by main first: totals,
 * forks, running sessions), the move with its progress and cancel, the summary of the last
 * bulk action with its one undo, and the recently deleted list with restore.
 */
import { create } from 'zustand'
import type { SessionsDescription } from '../../../preload/contract/library'
import type { DeletedSessionView } from '../../../preload/contract/trash'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { call, errorData } from '../api/client'
import { useLibrary } from './library'
import { useSettings } from './settings'

/** A bulk action waiting for the user's confirmation. */
export interface Confirming {
  ids: string[]
  /** What main says about them (null until it answered). */
  description: SessionsDescription | null
  /** Running sessions the user chose to include anyway. */
  include: string[]
}

/** What the last bulk action did, and how to undo it. */
export interface BulkSummary {
  verb: 'Moved to the trash' | 'Restored'
  done: number
  failed: { id: string; message: string }[]
  skipped: { id: string; reason: string }[]
  cancelled: number
  /** The deletion to restore as the undo of a move to the trash; null when nothing to undo. */
  undo: string[] | null
}

/** State and actions of the trash feature. */
export interface TrashState {
  confirming: Confirming | null
  busy: boolean
  /** The bulk action under way: its id (to cancel) and progress. */
  operation: { id: string; done: number; total: number } | null
  lastResult: BulkSummary | null
  deleted: DeletedSessionView[]
  error: ApiErrorData | null
  /** Opens the confirmation for these sessions (by id) and asks main to describe them. */
  askToDelete(ids: string[]): void
  /** Includes or leaves out one running session. */
  includeRunning(id: string, include: boolean): void
  cancel(): void
  /** Moves the sessions being confirmed to the trash. */
  confirm(): Promise<void>
  /** Asks main to stop the bulk action under way after the session in hand. */
  stop(): Promise<void>
  /** Progress of a bulk action (main's `library:bulk-progressed`). */
  progressed(operationId: string, done: number, total: number): void
  loadDeleted(): Promise<void>
  restore(deletedId: string): Promise<void>
  /** Restores many deleted sessions at once (a multi-select, a whole deletion, an undo). */
  restoreMany(deletedIds: string[]): Promise<void>
  dismiss(): void
}

export const useTrash = create<TrashState>((set, get) => ({
  confirming: null,
  busy: false,
  operation: null,
  lastResult: null,
  deleted: [],
  error: null,

  askToDelete(ids) {
    if (ids.length === 0) return
    set({ confirming: { ids, description: null, include: [] }, error: null })
    void call('library:describe-sessions', { sessionIds: ids }).then(
      (description) => {
        const now = get().confirming
        if (now?.ids !== ids) return
        set({ confirming: { ...now, description } })
        // With confirmation turned off, the move goes ahead at once (running ones stay out).
        if (useSettings.getState().settings?.confirmDelete === false) void get().confirm()
      },
      (error: unknown) => set({ error: errorData(error) }),
    )
  },
  includeRunning(id, include) {
    const now = get().confirming
    if (!now) return
    const rest = now.include.filter((x) => x !== id)
    set({ confirming: { ...now, include: include ? [...rest, id] : rest } })
  },
  cancel() {
    set({ confirming: null })
  },
  async confirm() {
    const confirming = get().confirming
    if (!confirming || get().busy) return
    const operationId = crypto.randomUUID()
    set({ busy: true, error: null, operation: { id: operationId, done: 0, total: 0 } })
    try {
      const result = await call('trash:move-sessions', {
        sessionIds: confirming.ids,
        includeRunning: confirming.include,
        operationId,
      })
      set({
        confirming: null,
        lastResult: {
          verb: 'Moved to the trash',
          done: result.moved.length,
          failed: result.failed.map((f) => ({ id: f.sessionId, message: f.message })),
          skipped: result.skipped.map((s) => ({ id: s.sessionId, reason: s.reason })),
          cancelled: result.cancelled,
          undo: result.moved.length > 0 ? result.moved.map((m) => m.deletedId) : null,
        },
      })
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
      set({ busy: false, operation: null })
    }
  },
  async stop() {
    const operation = get().operation
    if (operation) await call('library:cancel-bulk', { operationId: operation.id })
  },
  progressed(operationId, done, total) {
    if (get().operation?.id === operationId) set({ operation: { id: operationId, done, total } })
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
  async restoreMany(deletedIds) {
    if (deletedIds.length === 0 || get().busy) return
    const operationId = crypto.randomUUID()
    set({ busy: true, error: null, operation: { id: operationId, done: 0, total: 0 } })
    try {
      const result = await call('trash:restore-many', { deletedIds, operationId })
      set({
        lastResult: {
          verb: 'Restored',
          done: result.restored.length,
          failed: result.failed.map((f) => ({ id: f.deletedId, message: f.message })),
          skipped: [],
          cancelled: result.cancelled,
          undo: null,
        },
      })
      await get().loadDeleted()
    } catch (error) {
      set({ error: errorData(error) })
    } finally {
      set({ busy: false, operation: null })
    }
  },
  dismiss() {
    set({ lastResult: null, error: null })
  },
}))
