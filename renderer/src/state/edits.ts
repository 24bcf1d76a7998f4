/**
 * The edits store: rename a session, label an entry, extract a branch, and undo
 * the last rename or label (undo writes the previous value as a new entry, as pi would).
 * After each edit the open session view is reloaded; the list follows main's change event.
 */
import { create } from 'zustand'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { call, errorData } from '../api/client'
import { useLibrary } from './library'
import { useSessionView } from './session'

/** What the edit dialog is asking for. */
export type EditPrompt =
  | { kind: 'rename'; sessionId: string; initial: string }
  | { kind: 'label'; sessionId: string; entryId: string; initial: string }

/** The last change, kept so it can be undone. */
export type LastEdit =
  | { kind: 'rename'; sessionId: string; previous: string | null; current: string | null }
  | {
      kind: 'label'
      sessionId: string
      entryId: string
      previous: string | null
      current: string | null
    }
  | { kind: 'extract'; sessionId: string }

/** State and actions of editing. */
export interface EditsState {
  prompt: EditPrompt | null
  busy: boolean
  error: ApiErrorData | null
  last: LastEdit | null
  ask(prompt: EditPrompt): void
  cancel(): void
  /** Applies the prompt's new value (blank clears). Resolves true on success. */
  submit(value: string): Promise<boolean>
  rename(sessionId: string, name: string | null): Promise<boolean>
  setLabel(sessionId: string, entryId: string, label: string | null): Promise<boolean>
  extract(sessionId: string, entryId: string): Promise<boolean>
  undo(): Promise<void>
  dismiss(): void
}

/**
 * Shows an edit in the open session view. The library list is not refetched here: main re-reads
 * the file after every edit and says `library:changed`, whose listener refetches (wiring.ts), so
 * an edit costs one refetch, not two.
 */
async function refreshAfter(sessionId: string): Promise<void> {
  const view = useSessionView.getState()
  if (view.sessionId === sessionId) await view.reload()
}

export const useEdits = create<EditsState>((set, get) => {
  async function attempt(action: () => Promise<LastEdit>): Promise<boolean> {
    set({ busy: true, error: null })
    try {
      const last = await action()
      set({ last, prompt: null })
      await refreshAfter(last.sessionId)
      return true
    } catch (error) {
      set({ error: errorData(error) })
      return false
    } finally {
      set({ busy: false })
    }
  }

  return {
    prompt: null,
    busy: false,
    error: null,
    last: null,
    ask(prompt) {
      set({ prompt, error: null })
    },
    cancel() {
      set({ prompt: null, error: null })
    },
    async submit(value) {
      const prompt = get().prompt
      if (!prompt) return false
      const text = value.trim() === '' ? null : value
      return prompt.kind === 'rename'
        ? get().rename(prompt.sessionId, text)
        : get().setLabel(prompt.sessionId, prompt.entryId, text)
    },
    rename(sessionId, name) {
      return attempt(async () => ({
        kind: 'rename',
        sessionId,
        ...(await call('session:rename', { sessionId, name })),
      }))
    },
    setLabel(sessionId, entryId, label) {
      return attempt(async () => ({
        kind: 'label',
        sessionId,
        entryId,
        ...(await call('session:set-label', { sessionId, entryId, label })),
      }))
    },
    extract(sessionId, entryId) {
      return attempt(async () => {
        const created = await call('session:extract-branch', { sessionId, entryId })
        useLibrary.getState().selectSession(created.sessionId)
        return { kind: 'extract', sessionId: created.sessionId }
      })
    },
    async undo() {
      const last = get().last
      if (!last || last.kind === 'extract') return
      const ok =
        last.kind === 'rename'
          ? await get().rename(last.sessionId, last.previous)
          : await get().setLabel(last.sessionId, last.entryId, last.previous)
      // Undoing the undo is not offered: the notice goes away.
      if (ok) set({ last: null })
    },
    dismiss() {
      set({ last: null, error: null })
    },
  }
})
