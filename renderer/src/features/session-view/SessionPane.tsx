/**
 * The right pane of the app: the session selected in the library, opened in the session view.
 * Also follows deep links in the URL fragment and reopens the last session (deep-link.ts).
 */
import { useEffect } from 'react'
import { useLibrary } from '../../state/library'
import { useSessionView } from '../../state/session'
import { ErrorBoundary } from '../../components/ErrorBoundary'
import { SessionView } from './SessionView'
import { startDeepLinkSync } from './deep-link'

/** Opens the library's selected session; the placeholder when there is none. */
export function SessionPane() {
  const selectedId = useLibrary((s) => s.selectedSessionId)
  const openSession = useSessionView((s) => s.openSession)

  useEffect(() => startDeepLinkSync(), [])

  // A session chosen in the library opens at pi's leaf. One the view already opens (a deep
  // link, the last session, a search hit, a fork link: they select it themselves) is left to
  // that open, which names its entry: opening it again here would race it to the leaf.
  // No close() on deselect: a deep link may select in the same tick; the placeholder shows anyway.
  useEffect(() => {
    if (selectedId && useSessionView.getState().sessionId !== selectedId)
      void openSession(selectedId)
  }, [selectedId, openSession])

  if (!selectedId) {
    return (
      <section className="session-view placeholder" aria-label="Session">
        <p className="muted">Select a session to see its conversation.</p>
      </section>
    )
  }
  return (
    <ErrorBoundary what="the session view" resetKey={selectedId}>
      <SessionView />
    </ErrorBoundary>
  )
}
