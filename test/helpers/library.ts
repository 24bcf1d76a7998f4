/**
 * Test helpers for the library: the query that lists every session.
 */
import { SessionQuery, type SessionQueryInput } from '../../preload/contract/library'
import type { SessionLibrary } from '../../main/library/library'

/** A full SessionQuery from a few fields (the contract's defaults for the rest). */
export function query(fields: Partial<SessionQueryInput> = {}): SessionQuery {
  return SessionQuery.parse({ projectId: null, sort: 'recent', ...fields })
}

/** Every session row of the library, newest activity first. */
export function allRows(library: SessionLibrary, fields: Partial<SessionQueryInput> = {}) {
  return library.query(query(fields)).rows
}
