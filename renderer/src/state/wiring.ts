/**
 * Every link between the stores and from the transport to the stores, in one place, started
 * once at startup (ARCHITECTURE.md rule 9): transport events (a library change updates progress
 * at once and refetches, at most every REFETCH_MS), the open file's state reset and an edit
 * dialog of another session closed when a session opens, and the app-level commands that act
 * on several stores.
 */
import { REFETCH_MS } from '../../../preload/contract/timing'
import { subscribe } from '../api/client'
import { startExportEvents } from '../features/export/store'
import { registerCommand, runCommand, searchOrFind } from './commands'
import { useEdits } from './edits'
import { useLibrary } from './library'
import { useSessionView } from './session'
import { checkOpenSession, useSessionFile } from './session-file'
import { useSettings } from './settings'
import { useTrash } from './trash'

/** Starts every link; returns the function that stops them all. */
export function startWiring(): () => void {
  let lastOpened: string | null = null
  const stops = [
    startEvents(),
    startExportEvents(),
    // A newly opened (or reloaded) session is current by definition; a notice about the
    // previous session goes when another one opens; growth while the tree loaded is followed
    // once it is there.
    useSessionView.subscribe((s, before) => {
      if (s.overview !== before.overview) useSessionFile.setState({ state: 'current' })
      if (s.overview && s.overview.id !== lastOpened) {
        lastOpened = s.overview.id
        useSessionFile.setState({ notice: null })
      }
      if (s.rows !== null && before.rows === null) void checkOpenSession()
      // A rename, label or extraction asked of a session the user has left (another session
      // opened: a click, the browser's Back) is not for the one on screen: the dialog closes and
      // nothing is written. A session opened again (null, then the same id) keeps it.
      const prompt = useEdits.getState().prompt
      if (s.sessionId !== null && prompt !== null && prompt.sessionId !== s.sessionId)
        useEdits.getState().cancel()
    }),
    registerCommand('refresh', () => void useLibrary.getState().rescan()),
    registerCommand('toggle-hidden', () => {
      const settings = useSettings.getState().settings
      if (settings) void useSettings.getState().update({ showHidden: !settings.showHidden })
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/** Transport events into the stores; returns the function that stops listening. */
function startEvents(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let again = false
  const refetch = () => {
    timer = null
    void useLibrary
      .getState()
      .refetch()
      .then(() => checkOpenSession())
      .finally(() => {
        if (again) {
          again = false
          timer ??= setTimeout(refetch, REFETCH_MS)
        }
      })
  }
  const reopen = startReopen()
  return subscribe((event, payload) => {
    if (event === 'app:command') {
      const { command } = payload
      runCommand(command === 'search' ? searchOrFind(document.activeElement) : command)
      return
    }
    if (event === 'app:error') {
      useLibrary.setState({
        error: { code: 'internal', message: `The app hit an unexpected error: ${payload.message}` },
      })
      return
    }
    if (event === 'library:bulk-progressed') {
      useTrash.getState().progressed(payload.operationId, payload.done, payload.total)
      return
    }
    if (event === 'library:files-changed') {
      const view = useSessionView.getState()
      const open = view.sessionId
      if (!open || !payload.sessionIds.includes(open)) return
      if (view.status === 'error' || reopen.waitsFor(open)) reopen.fileChanged(open)
      else void checkOpenSession()
      return
    }
    if (event !== 'library:changed') return
    // A session that could not be read (its folder's permission taken away, an I/O error) may
    // be readable now: the library changed, and its file need not have (the folder did).
    const view = useSessionView.getState()
    if (view.status === 'error' && view.error?.code === 'io' && view.sessionId)
      reopen.fileChanged(view.sessionId)
    else reopen.libraryChanged()
    // The open session follows its file at once, without waiting for the list.
    void checkOpenSession()
    const { progress } = payload
    // While scanning, show progress at once; the end of a scan is shown only with the
    // refetched projects, so "idle" never comes before the final list.
    if (progress.scanning) useLibrary.setState({ progress })
    // Always refetch after an event, even before the first load ends: an answer computed
    // before the event must not be the last word.
    if (timer) again = true
    else timer = setTimeout(refetch, progress.scanning ? REFETCH_MS : 0)
  })
}

/**
 * Opens again a session that could not be opened (its file was gone, or unreadable) once its
 * file changes: it came back, or was mended. Main reports the change before its library has
 * read the file, so the first attempt may still find nothing; each later library change tries
 * again until the session opens or another one is chosen. One attempt runs at a time; a change
 * during it asks for one more, or once the session is open, for live follow to look.
 */
function startReopen(): {
  fileChanged(sessionId: string): void
  libraryChanged(): void
  waitsFor(sessionId: string): boolean
} {
  let wanted: string | null = null
  let running = false
  let again = false
  const attempt = () => {
    if (running) {
      again = true
      return
    }
    const view = useSessionView.getState()
    if (wanted === null || view.sessionId !== wanted || view.status !== 'error') {
      wanted = null
      return
    }
    running = true
    void view.openSession(wanted).finally(() => {
      running = false
      // Opened: what its file does next is live follow's.
      const opened = useSessionView.getState().status === 'ready'
      if (opened) wanted = null
      if (!again) return
      again = false
      if (opened) void checkOpenSession()
      else attempt()
    })
  }
  return {
    fileChanged(sessionId) {
      wanted = sessionId
      attempt()
    },
    libraryChanged() {
      if (wanted !== null) attempt()
    },
    waitsFor: (sessionId) => wanted === sessionId,
  }
}
