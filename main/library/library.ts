/**
 * SessionLibrary: every session of every root, grouped into projects. Owns the scan and
 * the id → path mapping; the API layer only ever hands it opaque ids.
 */
import pLimit from 'p-limit'
import type { ProjectList, SessionSummary } from '../../preload/contract/schemas'
import { ApiError } from '../../preload/contract/errors'
import type { SessionRoot } from './roots'
import { discoverSessionFiles, type ScanProblem } from './scan'
import { readLibrarySession, type LibrarySession } from './summary'
import { byNewest, groupProjects, projectIdOf, toSessionSummary } from './views'

/** How many session files are read at once (bounded: a store can hold thousands). */
const READ_CONCURRENCY = 8

/** The multi-root session library. */
export class SessionLibrary {
  private sessions = new Map<string, LibrarySession>()
  private problems: ScanProblem[] = []
  private pending: Promise<void> | null = null

  /** @param roots the folders to scan (see roots.ts); none of them is ever written. */
  constructor(readonly roots: readonly SessionRoot[]) {}

  /**
   * Rescans every root. Concurrent calls share one scan. Never rejects: unreadable paths
   * end up in `problems` and as `unreadable` sessions.
   */
  refresh(): Promise<void> {
    this.pending ??= this.scan().finally(() => {
      this.pending = null
    })
    return this.pending
  }

  private async scan(): Promise<void> {
    const found = await discoverSessionFiles(this.roots.map((root) => root.path))
    const limit = pLimit(READ_CONCURRENCY)
    const records = await Promise.all(
      found.candidates.map((c) => limit(() => readLibrarySession(c))),
    )
    this.sessions = new Map(records.map((record) => [record.key, record]))
    this.problems = found.problems
  }

  /** Projects (grouped by header cwd) with counts, newest activity first; rescans first. */
  async listProjects(): Promise<ProjectList> {
    await this.refresh()
    return {
      projects: groupProjects(this.sessions.values()),
      problems: this.problems.map((p) => ({ ...p })),
    }
  }

  /**
   * The sessions of one project, newest activity first.
   * @throws ApiError `not_found` when no project has that id.
   */
  async listSessions(projectId: string): Promise<SessionSummary[]> {
    if (this.sessions.size === 0) await this.refresh()
    const rows = [...this.sessions.values()]
      .filter((session) => projectIdOf(session) === projectId)
      .map(toSessionSummary)
    if (rows.length === 0) throw new ApiError('not_found', `No project with id ${projectId}`)
    return rows.sort(byNewest)
  }

  /**
   * The record behind a session id.
   * @throws ApiError `not_found` when the id is unknown (forged ids land here).
   */
  getSession(id: string): LibrarySession {
    const session = this.sessions.get(id)
    if (!session) throw new ApiError('not_found', `No session with id ${id}`)
    return session
  }
}
