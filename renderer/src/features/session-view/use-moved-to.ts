/**
 * Where the open session's file went when it is gone: pi sessions keep their session id in
 * the header (pi spec 1), so a file moved to another folder, or into the archive, is the one
 * session in the library that carries the same id in another file.
 */
import { useEffect, useState } from 'react'
import type { LibraryRow } from '../../../../preload/contract/library'
import { call } from '../../api/client'
import { useLibrary } from '../../state/library'

/**
 * The library's row of the file the open session moved to, or null: while the file is not
 * gone, without a header id, when no other file carries the id, or when more than one does
 * (copies: which one is "the" session is not ours to guess). Asked again whenever the library
 * is read again while the file is gone: the new file may be read a moment after the old one
 * was missed.
 * @param sessionId the open session's library id (its gone file's)
 * @param headerId the session id in its header, or null
 */
export function useMovedTo(
  gone: boolean,
  sessionId: string | null,
  headerId: string | null,
): LibraryRow | null {
  const projects = useLibrary((s) => s.projects)
  // The answer with the session it was asked for: another session's answer is never shown.
  const [found, setFound] = useState<{ sessionId: string | null; row: LibraryRow } | null>(null)
  useEffect(() => {
    if (!gone || !headerId) return
    let live = true
    call('library:sessions-with-header', { headerId }).then(
      ({ sessions }) => {
        if (!live) return
        const [only] = sessions
        setFound(
          sessions.length === 1 && only && only.id !== sessionId ? { sessionId, row: only } : null,
        )
      },
      () => {
        // Not found, as far as the notice goes: it keeps saying the file is gone.
      },
    )
    return () => {
      live = false
    }
  }, [gone, sessionId, headerId, projects])
  return gone && found?.sessionId === sessionId ? found.row : null
}
