/**
 * JSONL export: a pi session file (format v3, pi spec 2) that pi's own SessionManager opens.
 * The whole session is its header and entries as pi reads them (legacy files migrated, pi
 * spec 3); a path is "one branch as a new session", built by the session module's own
 * `createBranchedSession` in memory (pi spec 14.6: labels re-chained, a new session id),
 * so nothing is written beside the source.
 */
import { ApiError } from '../../preload/contract/errors'
import {
  SessionManager,
  createSessionId,
  newHeader,
  serializeLine,
  sessionFileName,
  type SessionEntry,
  type SessionHeader,
} from '../session'
import type { ViewSource } from '../api/session-view/source'
import { scopeTarget, type ExportScope } from './scope'

/** The header and entries of the export. */
export interface JsonlSession {
  header: SessionHeader
  entries: SessionEntry[]
}

/**
 * The session (or branch) `scope` names, as pi would write it.
 * @throws ApiError `conflict` when the selected entry has no id (a damaged file: pi cannot
 *   branch from it), `not_found` for an unknown entry
 */
export function jsonlSession(source: ViewSource, scope: ExportScope): JsonlSession {
  const header = source.loaded.header
  const cwd = typeof header?.cwd === 'string' ? header.cwd : ''
  // An in-memory manager seeded with the file's entries (a header-less file gets a new one).
  const manager = SessionManager.inMemory(cwd, undefined, [
    ...(header ? [{ ...header }] : []),
    ...source.entries,
  ])
  const target = scope.kind === 'session' ? null : scopeTarget(source, scope)
  if (target) {
    if (typeof target.id !== 'string' || target.id === '') {
      throw new ApiError('conflict', 'The selected entry has no id, so no branch can start from it')
    }
    manager.createBranchedSession(target.id)
  }
  const out = manager.getHeader()
  if (!out) throw new ApiError('internal', 'The session has no header to export')
  return { header: out, entries: manager.getEntries() }
}

/**
 * The export as a session of its own beside the source (pi's fork and createBranchedSession,
 * spec 14.5, 14.6): a new session id and timestamp, `parentSession` naming the source file.
 * @param cwd the source's own working directory: the new session is the user's, for pi to
 *   resume in that project, even when its text was redacted
 * @returns the session and its file name (`<timestamp>_<id>.jsonl`)
 */
export function asNewSession(
  session: JsonlSession,
  sourcePath: string,
  cwd: string,
): { session: JsonlSession; fileName: string } {
  const id = createSessionId()
  const timestamp = new Date().toISOString()
  return {
    session: { header: newHeader(id, timestamp, cwd, sourcePath), entries: session.entries },
    fileName: sessionFileName(timestamp, id),
  }
}

/** Renders a session as JSONL lines (one chunk per line). */
export function* renderJsonl(session: JsonlSession): Generator<string> {
  yield serializeLine(session.header)
  for (const entry of session.entries) yield serializeLine(entry)
}
