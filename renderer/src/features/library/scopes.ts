/**
 * The library's scopes: every project (All), the starred and the archived sessions, or one
 * project. One home for what choosing a scope does, shared by the project sidebar and the
 * project picker of narrow windows.
 */
import type { ProjectSummary } from '../../../../preload/contract/library'
import { useLibrary, type LibraryState, type QueryState } from '../../state/library'
import { lastSegment } from './format'

/** A scope above the projects. */
export type MarkScope = 'all' | 'starred' | 'archived'

/** The query marks of each scope above the projects. */
const MARKS: Record<MarkScope, Partial<QueryState>> = {
  all: {},
  starred: { starred: 'only', archived: 'any', starredFirst: true },
  archived: { archived: 'only' },
}

/** Shows every project's sessions, filtered by the marks of `scope`. */
export function chooseMarkScope(scope: MarkScope): void {
  const { setQuery, setScope } = useLibrary.getState()
  setQuery({ starred: 'any', archived: 'none', starredFirst: false, ...MARKS[scope] })
  setScope(null)
}

/** The scope shown now: a project id, else the scope above the projects. */
export function currentScope(s: LibraryState): string {
  if (s.projectId !== null) return s.projectId
  if (s.query.starred === 'only') return 'starred'
  if (s.query.archived === 'only') return 'archived'
  return 'all'
}

/** A project's short name: the last folder of its cwd (else of its session folder). */
export function projectTitle(project: ProjectSummary): string {
  return lastSegment(project.cwd ?? project.folders[0] ?? project.displayName)
}
