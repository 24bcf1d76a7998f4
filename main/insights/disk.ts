/**
 * Disk use of a scope's project(s): bytes per project, the largest session files, the
 * sessions holding images, and the damaged or unreadable files. Files take their space
 * whatever the date range, so only the project scope applies. Reads the small
 * `session_facts` rows, and the sessions' rows only for the listed files.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { DiskResult, DiskSession, InsightsScope } from '../../preload/contract/insights'
import { TITLE_COLUMNS, withTitle, type TitleColumns } from './session-title'

/** Rows per list (the largest sessions, those with images, the damaged files). */
export const DISK_LIST_LIMIT = 20

/** Disk use of the scope's project(s). */
export function diskUse(db: DatabaseSync, scope: InsightsScope): DiskResult {
  const where = scope.projectId === null ? '1' : 'f.project_id = :project'
  const params: Record<string, SQLInputValue> =
    scope.projectId === null ? {} : { project: scope.projectId }
  const sessions = (condition: string, order: string): DiskSession[] =>
    (
      db
        .prepare(
          `SELECT s.key AS id, f.project_id AS projectId, ${TITLE_COLUMNS},
          f.size AS bytes, f.images AS images, s.status AS status, s.problem AS problem,
          s.diagnostic_count AS diagnosticCount
        FROM (SELECT * FROM session_facts f WHERE ${where} AND ${condition}
          ORDER BY ${order}, f.session_no LIMIT ${DISK_LIST_LIMIT}) f
        JOIN sessions s ON s.no = f.session_no ORDER BY ${order}, f.session_no`,
        )
        .all(params) as unknown as (Omit<DiskSession, 'label'> & TitleColumns)[]
    ).map(withTitle)
  const projects = db
    .prepare(
      `SELECT f.project_id AS projectId, sum(f.size) AS bytes, count(*) AS sessions
      FROM session_facts f WHERE ${where} GROUP BY f.project_id ORDER BY bytes DESC, projectId`,
    )
    .all(params) as unknown as DiskResult['projects']
  return {
    projects,
    largest: sessions('1', 'f.size DESC'),
    withImages: sessions('f.images > 0', 'f.images DESC, f.size DESC'),
    damaged: sessions('f.damaged = 1', 'f.size DESC'),
  }
}
