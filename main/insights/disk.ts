/**
 * Disk use of a scope's project(s): bytes per project, the largest session files, the
 * sessions holding images, and the damaged or unreadable files. Files take their space
 * whatever the date range, so only the project scope applies.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { DiskResult, DiskSession, InsightsScope } from '../../preload/contract/insights'

/** Rows per list (the largest sessions, those with images, the damaged files). */
export const DISK_LIST_LIMIT = 20

const SESSION_COLUMNS = `s.key AS id, s.project_id AS projectId,
  coalesce(s.name, s.first_message) AS label, s.size AS bytes,
  coalesce(m.images, 0) AS images, s.status AS status, s.problem AS problem,
  s.diagnostic_count AS diagnosticCount`
const SESSION_FROM = 'sessions s LEFT JOIN session_media m ON m.session_no = s.no'

/** Disk use of the scope's project(s). */
export function diskUse(db: DatabaseSync, scope: InsightsScope): DiskResult {
  const where = scope.projectId === null ? '1' : 's.project_id = :project'
  const params: Record<string, SQLInputValue> =
    scope.projectId === null ? {} : { project: scope.projectId }
  const sessions = (condition: string, order: string): DiskSession[] =>
    db
      .prepare(
        `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM} WHERE ${where} AND ${condition}
        ORDER BY ${order}, s.key LIMIT ${DISK_LIST_LIMIT}`,
      )
      .all(params) as unknown as DiskSession[]
  const projects = db
    .prepare(
      `SELECT s.project_id AS projectId, sum(s.size) AS bytes, count(*) AS sessions
      FROM sessions s WHERE ${where} GROUP BY s.project_id ORDER BY bytes DESC, projectId`,
    )
    .all(params) as unknown as DiskResult['projects']
  return {
    projects,
    largest: sessions('1', 's.size DESC'),
    withImages: sessions('m.images > 0', 'm.images DESC, s.size DESC'),
    damaged: sessions("s.status != 'ok'", 's.modified DESC'),
  }
}
