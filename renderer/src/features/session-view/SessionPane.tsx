/**
 * The right pane of the app: the session selected in the library, opened in the session view.
 * Also follows deep links in the URL fragment (`#session=<id>&entry=<id>`, next to the
 * server-mode token), at startup and whenever the fragment changes.
 */
import { useEffect } from 'react'
import { useLibrary } from '../../state/library'
import { useSessionView } from '../../state/session'
import { ErrorBoundary } from '../../components/ErrorBoundary'
import { SessionView } from './SessionView'

/** Session and entry ids of a `#...&session=...&entry=...` fragment. */
export function deepLinkFromHash(hash: string): { sessionId: string; entryId?: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const sessionId = params.get('session')
  if (!sessionId || !/^[a-f0-9]{16}$/.test(sessionId)) return null
  const entryId = params.get('entry') ?? undefined
  return entryId ? { sessionId, entryId } : { sessionId }
}

/** Opens the library's selected session; the placeholder when there is none. */
export function SessionPane() {
  const selectedId = useLibrary((s) => s.selectedSessionId)
  const openSession = useSessionView((s) => s.openSession)

  useEffect(() => {
    const follow = () => {
      const link = deepLinkFromHash(window.location.hash)
      if (link) void useSessionView.getState().openSession(link.sessionId, link.entryId)
    }
    follow()
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [])

  // No close() on deselect: a deep link may select in the same tick; the placeholder shows anyway.
  useEffect(() => {
    if (selectedId) void openSession(selectedId)
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
