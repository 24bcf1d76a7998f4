/**
 * Reads one session file into the library's record of it: pi's SessionInfo (spec 15.1)
 * plus status, diagnostics and file facts. Never throws and never writes: a file that
 * cannot be read becomes an `unreadable` record that says why.
 */
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { buildSessionInfo, loadSessionFile } from '../session'
import type { Diagnostic, SessionInfo } from '../session'
import { opaqueId } from './ids'
import { describeFsError, type SessionCandidate } from './scan'

/** Whether a session read cleanly, with damage (still readable), or not at all. */
export type SessionStatus = 'ok' | 'damaged' | 'unreadable'

/** The library's record of one session file. */
export interface LibrarySession {
  /** Opaque id (ids.ts), the only name the renderer uses. */
  key: string
  path: string
  folder: string
  root: string
  fileName: string
  size: number
  mtimeMs: number
  status: SessionStatus
  /** pi's listing info; null when the file has no usable header. */
  info: SessionInfo | null
  /** Would pi 1.6.0's own list()/listAll() show it (spec 6.2)? */
  listedByPi: boolean
  diagnostics: Diagnostic[]
  /** One sentence on what is wrong, or null. */
  problem: string | null
}

/** Diagnostics that describe data pi itself writes on purpose, not damage. */
const INFORMATIONAL: ReadonlySet<Diagnostic['kind']> = new Set(['unknown-type'])

/** Reads `candidate` and summarises it; see the module comment for the error policy. */
export async function readLibrarySession(candidate: SessionCandidate): Promise<LibrarySession> {
  const base = {
    key: opaqueId('session', candidate.path),
    path: candidate.path,
    folder: candidate.folder,
    root: candidate.root,
    fileName: basename(candidate.path),
  }
  let size = 0
  let mtimeMs = 0
  try {
    const facts = await stat(candidate.path)
    size = facts.size
    mtimeMs = facts.mtimeMs
    if (facts.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' })
    const loaded = await loadSessionFile(candidate.path)
    const { info, listedByPi } = buildSessionInfo(candidate.path, loaded, new Date(mtimeMs))
    const damage = loaded.diagnostics.filter((d) => !INFORMATIONAL.has(d.kind))
    const first = damage[0]
    return {
      ...base,
      size,
      mtimeMs,
      status: info === null || damage.length > 0 ? 'damaged' : 'ok',
      info,
      listedByPi,
      diagnostics: loaded.diagnostics,
      problem: first ? describeDiagnostic(first) : info === null ? 'No session header' : null,
    }
  } catch (error) {
    const problem = describeFsError(candidate.path, error)
    return {
      ...base,
      size,
      mtimeMs,
      status: 'unreadable',
      info: null,
      listedByPi: false,
      diagnostics: [],
      problem: problem.message,
    }
  }
}

function describeDiagnostic(diagnostic: Diagnostic): string {
  return diagnostic.line > 0 ? `Line ${diagnostic.line}: ${diagnostic.message}` : diagnostic.message
}
