/**
 * The edits store: rename a session, label an entry, extract a branch (named), and undo the
 * last of them: a rename or label is undone by writing the previous value as a new entry, as
 * pi would; an extraction by moving the new file to the OS trash (never unlink).
 * After each edit the open session view shows it; the list follows main's change event.
 */
import { create } from 'zustand'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { normalizeText } from '../../../preload/contract/edit-text'
import { LABEL_MAX, NAME_MAX } from '../../../preload/contract/session'
import { call, errorData } from '../api/client'
import { useLibrary } from './library'
import { useSessionView } from './session'
import { checkOpenSession } from './session-file'
import { useTrash } from './trash'

/** What the edit dialog is asking for. */
export type EditPrompt =
  | { kind: 'rename'; sessionId: string; initial: string }
  | { kind: 'label'; sessionId: string; entryId: string; initial: string }
  /** `entries`: how many entries the new session copies (labels re-added come on top). */
  | { kind: 'extract'; sessionId: string; entryId: string; initial: string; entries: number }

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
  /** `sessionId`: the new session; `sourceId`: the session it was extracted from. */
  | { kind: 'extract'; sessionId: string; sourceId: string; name: string | null }

/** A rename or a label: an edit that sets a value. */
export type ValueEdit = Exclude<LastEdit, { kind: 'extract' }>

/** State and actions of editing. */
export interface EditsState {
  prompt: EditPrompt | null
  busy: boolean
  error: ApiErrorData | null
  last: LastEdit | null
  /** The edit the last undo took back (what its confirmation says), or null. */
  undone: LastEdit | null
  /** The last rename or label that asked for the value already there (nothing written), or null. */
  unchanged: ValueEdit | null
  ask(prompt: EditPrompt): void
  cancel(): void
  /** Applies the prompt's new value (blank clears). Resolves true on success. */
  submit(value: string): Promise<boolean>
  rename(sessionId: string, name: string | null): Promise<boolean>
  setLabel(sessionId: string, entryId: string, label: string | null): Promise<boolean>
  /** Extracts the path to `entryId` into a new session, named `name` unless null. */
  extract(sessionId: string, entryId: string, name: string | null): Promise<boolean>
  /** Undoes the last edit (see the module comment); a second undo is not offered. */
  undo(): Promise<void>
  dismiss(): void
}

/**
 * Shows an edit in the open session view. A rename or a label appended a line to the open file:
 * live follow reads just that line, so the tree keeps its folds, focus and scroll (a re-open
 * would read the whole file and mount a new tree). An extraction opens the new session again.
 * The library list is not refetched here: main re-reads the file after every edit and says
 * `library:changed`, whose listener refetches (wiring.ts), so an edit costs one refetch, not two.
 */
async function refreshAfter(edit: LastEdit): Promise<void> {
  const view = useSessionView.getState()
  if (view.sessionId !== edit.sessionId) return
  if (edit.kind === 'extract') await view.reload()
  else await checkOpenSession()
}

export const useEdits = create<EditsState>((set, get) => {
  /** Runs `work` as the one edit under way; its failure becomes `error`. Resolves true on success. */
  async function busyWhile(work: () => Promise<void>): Promise<boolean> {
    set({ busy: true, error: null })
    try {
      await work()
      return true
    } catch (error) {
      set({ error: errorData(error) })
      return false
    } finally {
      set({ busy: false })
    }
  }

  /**
   * Runs an edit; once it is written, its Undo is offered and the view re-reads the file.
   * The re-read is not part of the busy time: an Undo clicked while it runs must not be lost.
   */
  async function attempt(action: () => Promise<LastEdit>): Promise<boolean> {
    let done: LastEdit | null = null
    const ok = await busyWhile(async () => {
      const edit = await action()
      // The value already there: main wrote nothing, so there is nothing to undo or re-read.
      if (edit.kind !== 'extract' && edit.previous === edit.current)
        return set({ unchanged: edit, prompt: null })
      done = edit
      set({ last: edit, prompt: null })
    })
    if (done) await refreshAfter(done as LastEdit)
    return ok
  }

  /** Moves an extracted session to the OS trash and opens the session it came from. */
  function trashExtracted(last: Extract<LastEdit, { kind: 'extract' }>): Promise<boolean> {
    return busyWhile(async () => {
      const { sessionId, sourceId } = last
      // A file written a moment ago looks running; it is ours, so it goes all the same.
      const result = await call('trash:move-sessions', {
        sessionIds: [sessionId],
        includeRunning: [sessionId],
      })
      if (result.moved.length === 0) {
        const why = result.failed[0]?.message ?? result.skipped[0]?.reason ?? 'it was not moved'
        throw new Error(`The extracted session is still there: ${why}`)
      }
      useLibrary.getState().selectSession(sourceId)
      void useTrash.getState().loadDeleted()
    })
  }

  return {
    prompt: null,
    busy: false,
    error: null,
    last: null,
    undone: null,
    unchanged: null,
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
      if (prompt.kind === 'extract') return get().extract(prompt.sessionId, prompt.entryId, text)
      return prompt.kind === 'rename'
        ? get().rename(prompt.sessionId, text)
        : get().setLabel(prompt.sessionId, prompt.entryId, text)
    },
    // Too long is refused before main is asked, in main's words for the same rule: a paste
    // far beyond the limit would otherwise be refused by the request's own size check first.
    rename(sessionId, name) {
      return attempt(async () => {
        if (name !== null) normalizeText(name, NAME_MAX, 'session name')
        return { kind: 'rename', sessionId, ...(await call('session:rename', { sessionId, name })) }
      })
    },
    setLabel(sessionId, entryId, label) {
      return attempt(async () => {
        if (label !== null) normalizeText(label, LABEL_MAX, 'label')
        const change = await call('session:set-label', { sessionId, entryId, label })
        return { kind: 'label', sessionId, entryId, ...change }
      })
    },
    extract(sessionId, entryId, name) {
      return attempt(async () => {
        if (name !== null) normalizeText(name, NAME_MAX, 'session name')
        const created = await call('session:extract-branch', { sessionId, entryId, name })
        useLibrary.getState().selectSession(created.sessionId)
        return { kind: 'extract', sessionId: created.sessionId, sourceId: sessionId, name }
      })
    },
    async undo() {
      const last = get().last
      if (!last || get().busy) return
      const ok =
        last.kind === 'extract'
          ? await trashExtracted(last)
          : last.kind === 'rename'
            ? await get().rename(last.sessionId, last.previous)
            : await get().setLabel(last.sessionId, last.entryId, last.previous)
      // Undoing the undo is not offered: its toast gives way to a confirmation.
      if (ok) set({ last: null, undone: last })
    },
    dismiss() {
      set({ last: null, error: null })
    },
  }
})
