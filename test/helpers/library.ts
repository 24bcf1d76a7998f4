/**
 * Test helpers for the library: the query that lists every session.
 */
import { SessionQuery, type SessionQueryInput } from '../../preload/contract/library'
import { SessionLibrary } from '../../main/library/library'
import { basename } from 'node:path'
import { copyFixtureStore, fixtureFile, type TempStore } from './fixtures'

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

/**
 * A library over a fresh temp copy of the fixture store's sessions folder (no watcher, no
 * index on disk), closed and removed after the test, and the session of `scenario` written by
 * pi 1.6.0 in it: its library id and file.
 */
export async function libraryWithSession(
  t: { after(fn: () => Promise<void>): void },
  prefix: string,
  scenario = 'plain-chat',
): Promise<{ library: SessionLibrary; id: string; path: string }> {
  const store = copyFixtureStore(prefix)
  const library = new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], {
    watch: false,
    dataDir: null,
  })
  await library.refresh()
  t.after(async () => {
    await library.close()
    store.cleanup()
  })
  const file = fixtureFile(scenario, 'pi 1.6.0')
  const row = allRows(library).find((r) => r.fileName === basename(file.file))
  if (!row) throw new Error(`the library lists no ${scenario} session`)
  return { library, id: row.id, path: `${store.root}/${file.file}` }
}
