/**
 * The app-side marks a query reads beside the index: stars (stars.ts) and the archive
 * folder (archive.ts). The index stores neither (both change without a session file
 * changing), so each query binds them as parameters and tests rows in SQL.
 */
import type { StarMarks } from './stars'

/** Stars, and the archive folder whose sessions are marked archived (null: none). */
export interface RowMarks extends StarMarks {
  archiveRoot: string | null
}

/**
 * The SQL test of a `sessions` row for a star, with the named parameters `:starIds` and
 * `:starPaths` ({@link markParams}): the same rule as StarStore.has (stars.ts).
 */
export const STARRED_SQL = `(header_id IN (SELECT value FROM json_each(:starIds))
  OR (header_id IS NULL AND path IN (SELECT value FROM json_each(:starPaths))))`

/** The SQL test of a `sessions` row for lying in the archive folder (`:archiveRoot`). */
export const ARCHIVED_SQL = `(root IS :archiveRoot)`

/** The named parameters of {@link STARRED_SQL} and {@link ARCHIVED_SQL}. */
export function markParams(marks: RowMarks): {
  starIds: string
  starPaths: string
  archiveRoot: string | null
} {
  return {
    starIds: JSON.stringify(marks.headerIds),
    starPaths: JSON.stringify(marks.paths),
    archiveRoot: marks.archiveRoot,
  }
}

/** No star and no archive (an index read without either). */
export const NO_MARKS: RowMarks = { headerIds: [], paths: [], archiveRoot: null }
