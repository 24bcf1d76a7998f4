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

/** What a confirmed bulk action does with the sessions. */
export type BulkAction = 'trash' | 'archive'

/** A bulk action waiting for the user's confirmation. */
export interface Confirming {
  action: BulkAction
  ids: string[]
  /** What main says about them (null until it answered). */
  description: SessionsDescription | null
  /** Running sessions the user chose to include anyway. */
  include: string[]
}

/** What the last bulk action did, and how to undo it. */
export interface BulkSummary {
  verb: 'Moved to the trash' | 'Restored' | 'Archived' | 'Unarchived'
  done: number
  failed: { id: string; message: string }[]
  skipped: { id: string; reason: string }[]
  cancelled: number
  /**
   * The one undo: restore the deleted ids, or unarchive the archived sessions; null: none.
   * `reopen`: the deleted id of the session that was open, opened again once restored.
   */
  undo: { kind: 'restore' | 'unarchive'; ids: string[]; reopen?: string } | null
}

/** A bulk result as the summary shows it (the contract's trash and archive results). */
function summary(
  verb: BulkSummary['verb'],
  result: {
    failed: { message: string; sessionId?: string; deletedId?: string }[]
    skipped?: { sessionId: string; reason: string }[]
    cancelled: number
  },
  done: number,
  undo: BulkSummary['undo'],
): BulkSummary {
  return {
    verb,
    done,
    failed: result.failed.map((f) => ({
      id: f.sessionId ?? f.deletedId ?? '',
      message: f.message,
    })),
    skipped: (result.skipped ?? []).map((s) => ({ id: s.sessionId, reason: s.reason })),
    cancelled: result.cancelled,
    undo: done > 0 ? undo : null,
  }
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
  /** Opens the confirmation to archive these sessions. */
  askToArchive(ids: string[]): void
  /** Moves archived sessions back to the folders they came from. */
  unarchive(ids: string[]): Promise<void>
  /** Undoes the last bulk action (restore, or move back). */
  undo(): Promise<void>
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
  /**
   * Restores many deleted sessions at once (a multi-select, a whole deletion, an undo).
   * @param reopen the deleted id of a session to open once restored, unless another session
   *   was opened meanwhile
   */
  restoreMany(deletedIds: string[], reopen?: string): Promise<void>
  dismiss(): void
}

export const useTrash = create<TrashState>((set, get) => {
  /** Opens the confirmation of `action` and asks main to describe the sessions. */
  function ask(action: BulkAction, ids: string[]): void {
    if (ids.length === 0) return
    const confirming: Confirming = { action, ids, description: null, include: [] }
    set({ confirming, error: null })
    void call('library:describe-sessions', { sessionIds: ids }).then(
      (description) => {
        if (get().confirming !== confirming) return
        set({ confirming: { ...confirming, description } })
        // With confirmation turned off, a move to the trash goes ahead at once (running
        // sessions still stay out).
        if (action === 'trash' && useSettings.getState().settings?.confirmDelete === false)
          void get().confirm()
      },
      (error: unknown) => set({ error: errorData(error) }),
    )
  }

  /** Runs one bulk action at a time under a fresh operation id (progress, Stop). */
  async function run(act: (operationId: string) => Promise<void>): Promise<void> {
    if (get().busy) return
    const operationId = crypto.randomUUID()
    set({ busy: true, error: null, operation: { id: operationId, done: 0, total: 0 } })
    try {
      await act(operationId)
    } catch (error) {
      set({ error: errorData(error) })
    } finally {
      set({ busy: false, operation: null })
    }
  }

  /** Unticks and unselects sessions that left their place (the list follows main's event). */
  function forget(ids: string[]): void {
    const library = useLibrary.getState()
    const gone = new Set(ids)
    library.setChecked(library.checkedIds.filter((id) => !gone.has(id)))
    if (library.selectedSessionId && gone.has(library.selectedSessionId))
      library.selectSession(null)
  }

  return {
    confirming: null,
    busy: false,
    operation: null,
    lastResult: null,
    deleted: [],
    error: null,

    askToDelete(ids) {
      ask('trash', ids)
    },
    askToArchive(ids) {
      ask('archive', ids)
    },
    async unarchive(ids) {
      await run(async (operationId) => {
        const result = await call('archive:restore-sessions', { sessionIds: ids, operationId })
        set({ lastResult: summary('Unarchived', result, result.moved.length, null) })
        forget(result.moved.map((m) => m.sessionId))
      })
    },
    async undo() {
      const undo = get().lastResult?.undo
      if (undo?.kind === 'restore') await get().restoreMany(undo.ids, undo.reopen)
      if (undo?.kind === 'unarchive') await get().unarchive(undo.ids)
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
      if (!confirming) return
      const args = { sessionIds: confirming.ids, includeRunning: confirming.include }
      let trashed = false
      await run(async (operationId) => {
        if (confirming.action === 'archive') {
          const result = await call('archive:move-sessions', { ...args, operationId })
          const undo = { kind: 'unarchive' as const, ids: result.moved.map((m) => m.newSessionId) }
          set({
            confirming: null,
            lastResult: summary('Archived', result, result.moved.length, undo),
          })
          forget(result.moved.map((m) => m.sessionId))
          return
        }
        const open = useLibrary.getState().selectedSessionId
        const result = await call('trash:move-sessions', { ...args, operationId })
        const undo = {
          kind: 'restore' as const,
          ids: result.moved.map((m) => m.deletedId),
          reopen: result.moved.find((m) => m.sessionId === open)?.deletedId,
        }
        set({
          confirming: null,
          lastResult: summary('Moved to the trash', result, result.moved.length, undo),
        })
        forget(result.moved.map((m) => m.sessionId))
        trashed = true
      })
      // After the busy time: the Undo its notice offers works while the list reloads.
      if (trashed) await get().loadDeleted()
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
      await run(async () => {
        const { sessionId } = await call('trash:restore', { deletedId })
        set({ lastResult: null })
        await get().loadDeleted()
        useLibrary.getState().selectSession(sessionId)
      })
    },
    async restoreMany(deletedIds, reopen) {
      if (deletedIds.length === 0) return
      await run(async (operationId) => {
        const result = await call('trash:restore-many', { deletedIds, operationId })
        set({ lastResult: summary('Restored', result, result.restored.length, null) })
        await get().loadDeleted()
        const back = result.restored.find((r) => r.deletedId === reopen)
        if (back && useLibrary.getState().selectedSessionId === null)
          useLibrary.getState().selectSession(back.sessionId)
      })
    },
    dismiss() {
      set({ lastResult: null, error: null })
    },
  }
})
