/**
 * Test helpers for the library: the query that lists every session.
 */
import { SessionQuery, type SessionQueryInput } from '../../preload/contract/library'
import { SessionLibrary } from '../../main/library/library'
import { copyFixtureStore, type TempStore } from './fixtures'

/** A full SessionQuery from a few fields (the contract's defaults for the rest). */
export function query(fields: Partial<SessionQueryInput> = {}): SessionQuery {
  return SessionQuery.parse({ projectId: null, sort: 'recent', ...fields })
}

/** Every session row of the library, newest activity first. */
export function allRows(library: SessionLibrary, fields: Partial<SessionQueryInput> = {}) {
  return library.query(query(fields)).rows
}

/**
 * A library over a fresh temp copy of the fixture store (both pi layouts), fully read,
 * with the function that closes it and removes the copy.
 */
export async function openFixtureLibrary(): Promise<{
  store: TempStore
  library: SessionLibrary
  close(): Promise<void>
}> {
  const store = copyFixtureStore()
  const library = new SessionLibrary(
    [
      { path: store.sessionsDir, source: 'cli' },
      { path: store.customDir, source: 'cli' },
    ],
    { watch: false },
  )
  await library.start()
  await library.whenIdle()
  return {
    store,
    library,
    close: async () => {
      await library.close()
      store.cleanup()
    },
  }
}
