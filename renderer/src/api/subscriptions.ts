/**
 * Transport events, subscribed once at startup (ARCHITECTURE.md rule 9): a library change
 * updates progress at once and refetches, at most every 300 ms.
 */
import { runCommand } from '../state/commands'
import { useLibrary } from '../state/library'
import { checkOpenSession } from '../state/session-file'
import { subscribe } from './client'

const REFETCH_MS = 300

/** Starts listening; returns the function that stops. */
export function startSubscriptions(): () => void {
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
  return subscribe((event, payload) => {
    if (event === 'app:command') {
      runCommand(payload.command)
      return
    }
    if (event === 'app:error') {
      useLibrary.setState({
        error: { code: 'internal', message: `The app hit an unexpected error: ${payload.message}` },
      })
      return
    }
    if (event !== 'library:changed') return
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
