/**
 * Projections of the library's records onto the contract's shapes: session rows and
 * projects grouped by header cwd (pi spec 1.2: never decode folder names).
 */
import { basename } from 'node:path'
import type { ProjectSummary, SessionSummary } from '../../preload/contract/schemas'
import { opaqueId } from './ids'
import type { LibrarySession } from './summary'

/** The grouping key of a session: its header cwd, else (no usable header) its folder. */
export function projectKey(session: LibrarySession): string {
  const cwd = session.info?.cwd
  return cwd ? `cwd:${cwd}` : `folder:${session.folder}`
}

/** The opaque project id of a session. */
export function projectIdOf(session: LibrarySession): string {
  return opaqueId('project', projectKey(session))
}

function finiteOrNull(ms: number | undefined): number | null {
  return ms !== undefined && Number.isFinite(ms) ? ms : null
}

/** One library row for the renderer (pi spec 15.1 fields plus status). */
export function toSessionSummary(session: LibrarySession): SessionSummary {
  const info = session.info
  return {
    id: session.key,
    projectId: projectIdOf(session),
    sessionId: info ? String(info.id) : null,
    fileName: session.fileName,
    cwd: info?.cwd || null,
    name: info?.name ?? null,
    firstMessage: info?.firstMessage ?? '(no messages)',
    created: finiteOrNull(info?.created.getTime()),
    modified: finiteOrNull(info?.modified.getTime()) ?? session.mtimeMs,
    messageCount: info?.messageCount ?? 0,
    size: session.size,
    status: session.status,
    listedByPi: session.listedByPi,
    diagnosticCount: session.diagnostics.length,
    problem: session.problem,
  }
}

/** Sorts rows newest activity first; ties by file name, newest name first (pi spec 15.2). */
export function byNewest(a: SessionSummary, b: SessionSummary): number {
  return b.modified - a.modified || b.fileName.localeCompare(a.fileName)
}

/** Groups sessions into projects, newest activity first. */
export function groupProjects(sessions: Iterable<LibrarySession>): ProjectSummary[] {
  const projects = new Map<string, ProjectSummary>()
  for (const session of sessions) {
    const row = toSessionSummary(session)
    const key = projectKey(session)
    let project = projects.get(key)
    if (!project) {
      project = {
        id: row.projectId,
        cwd: row.cwd,
        displayName: row.cwd ?? `${basename(session.folder)} (cwd unknown)`,
        folders: [],
        sessionCount: 0,
        damagedCount: 0,
        lastModified: 0,
      }
      projects.set(key, project)
    }
    if (!project.folders.includes(session.folder)) project.folders.push(session.folder)
    project.sessionCount += 1
    if (row.status !== 'ok') project.damagedCount += 1
    project.lastModified = Math.max(project.lastModified, row.modified)
  }
  return [...projects.values()].sort(
    (a, b) => b.lastModified - a.lastModified || a.displayName.localeCompare(b.displayName),
  )
}
