/**
 * Whether the open session's file still matches what the view shows: after each library
 * change, the file's size is compared with the one the view was opened with. The view
 * then offers Reload (pi appended, or the file was rewritten) or says the file is gone. The
 * reset to `current` when a session opens is wired in `wiring.ts`.
 */
import { create } from 'zustand'
import { ApiError } from '../../../preload/contract/errors'
import { call } from '../api/client'
import { useSessionView } from './session'

/** The open file's state relative to the view. */
export type FileState = 'current' | 'changed' | 'gone'

export const useSessionFile = create<{ state: FileState }>(() => ({ state: 'current' }))

/** Checks the open session against the library (call after a library change). */
export async function checkOpenSession(): Promise<void> {
  const view = useSessionView.getState()
  if (!view.sessionId || view.status !== 'ready' || !view.overview) {
    useSessionFile.setState({ state: 'current' })
    return
  }
  const { sessionId, overview } = view
  try {
    const row = await call('library:get-session', { sessionId })
    if (useSessionView.getState().overview !== overview) return
    useSessionFile.setState({ state: row.size === overview.size ? 'current' : 'changed' })
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found')
      useSessionFile.setState({ state: 'gone' })
  }
}
