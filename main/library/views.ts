/**
 * Projections of the library's records onto the contract's shapes: session rows (with
 * lineage and fork-aware usage) and projects grouped by header cwd (pi spec 1.2: never
 * decode folder names).
 */
import { basename } from 'node:path'
import type { ProjectSummary, SessionSummary, TokenTotals } from '../../preload/contract/library'
import { opaqueId } from './ids'
import { splitIds } from './digest'
import type { LibrarySession } from './record'

/** The grouping key of a session: its header cwd, else (no usable header) its folder. */
export function projectKey(session: LibrarySession): string {
  const cwd = session.digest?.cwd
  return cwd ? `cwd:${cwd}` : `folder:${session.folder}`
}

/** The opaque project id of a session. */
export function projectIdOf(session: LibrarySession): string {
  return opaqueId('project', projectKey(session))
}

/** Lineage of the whole library: parent and forks of each session (header parentSession). */
export interface Lineage {
  parentOf: Map<string, LibrarySession>
  forksOf: Map<string, string[]>
}

/**
 * Resolves every header `parentSession` to a record: by exact path, else by file name (pi
 * names files `<time>_<session id>.jsonl`, so the name survives a moved or copied store).
 */
export function buildLineage(sessions: Iterable<LibrarySession>): Lineage {
  const all = [...sessions]
  const byPath = new Map(all.map((s) => [s.path, s]))
  const byName = new Map<string, LibrarySession>()
  for (const s of all) if (!byName.has(s.fileName)) byName.set(s.fileName, s)
  const parentOf = new Map<string, LibrarySession>()
  const forksOf = new Map<string, string[]>()
  for (const s of all) {
    const parentPath = s.digest?.parentSession
    if (!parentPath) continue
    const parent = byPath.get(parentPath) ?? byName.get(basename(parentPath))
    if (!parent || parent.key === s.key) continue
    parentOf.set(s.key, parent)
    forksOf.set(parent.key, [...(forksOf.get(parent.key) ?? []), s.key])
  }
  return { parentOf, forksOf }
}

/**
 * The session's own usage: its totals minus the entries its parent session also holds
 * (history a fork or branched session copied is counted once, in its origin).
 */
function ownUsage(session: LibrarySession, parent: LibrarySession | undefined) {
  const t = session.digest?.usageTotals
  const tokens: TokenTotals = {
    input: t?.input ?? 0,
    output: t?.output ?? 0,
    cacheRead: t?.cacheRead ?? 0,
    cacheWrite: t?.cacheWrite ?? 0,
  }
  let cost = t?.cost ?? 0
  if (parent?.digest) {
    const inherited = new Set(splitIds(parent.digest.ids))
    for (const u of session.digest?.usage ?? []) {
      if (!inherited.has(u.entryId)) continue
      tokens.input -= u.input
      tokens.output -= u.output
      tokens.cacheRead -= u.cacheRead
      tokens.cacheWrite -= u.cacheWrite
      cost -= u.cost
    }
  }
  return { tokens, cost: Math.max(0, cost) }
}

/** pi spec 15.1 `modified`: last activity if > 0, else header time, else file mtime. */
export function modifiedOf(session: LibrarySession): number {
  const d = session.digest
  if (d?.lastActivity && d.lastActivity > 0) return d.lastActivity
  return d?.created ?? session.mtimeMs
}

/** One library row for the renderer (pi spec 15.1 fields plus status and usage). */
export function toSessionSummary(session: LibrarySession, lineage: Lineage): SessionSummary {
  const d = session.digest
  const parent = lineage.parentOf.get(session.key)
  return {
    id: session.key,
    projectId: projectIdOf(session),
    sessionId: d?.sessionId ?? null,
    fileName: session.fileName,
    cwd: d?.cwd || null,
    name: d?.name ?? null,
    firstMessage: d?.firstMessage ?? '(no messages)',
    created: d?.created ?? null,
    modified: modifiedOf(session),
    messageCount: d?.messageCount ?? 0,
    entryCount: d?.entryCount ?? 0,
    branchCount: d?.leafCount ?? 0,
    labelCount: d?.labelCount ?? 0,
    models: d?.models ?? [],
    ...ownUsage(session, parent),
    parentId: parent?.key ?? null,
    parentFileName: d?.parentSession ? basename(d.parentSession) : null,
    forkIds: lineage.forksOf.get(session.key) ?? [],
    size: session.size,
    fileModified: session.mtimeMs,
    status: session.status,
    listedByPi: session.listedByPi,
    diagnosticCount: session.diagnostics.length,
    problem: session.problem,
  }
}

/** Groups session rows into projects, newest activity first. */
export function groupProjects(
  rows: readonly { row: SessionSummary; folder: string }[],
): ProjectSummary[] {
  const projects = new Map<string, ProjectSummary>()
  for (const { row, folder } of rows) {
    let project = projects.get(row.projectId)
    if (!project) {
      project = {
        id: row.projectId,
        cwd: row.cwd,
        displayName: row.cwd ?? `${basename(folder)} (cwd unknown)`,
        folders: [],
        sessionCount: 0,
        damagedCount: 0,
        lastModified: 0,
        messageCount: 0,
        tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        cost: 0,
      }
      projects.set(row.projectId, project)
    }
    if (!project.folders.includes(folder)) project.folders.push(folder)
    project.sessionCount += 1
    if (row.status !== 'ok') project.damagedCount += 1
    project.lastModified = Math.max(project.lastModified, row.modified)
    project.messageCount += row.messageCount
    project.tokens.input += row.tokens.input
    project.tokens.output += row.tokens.output
    project.tokens.cacheRead += row.tokens.cacheRead
    project.tokens.cacheWrite += row.tokens.cacheWrite
    project.cost += row.cost
  }
  return [...projects.values()].sort(
    (a, b) => b.lastModified - a.lastModified || a.displayName.localeCompare(b.displayName),
  )
}
