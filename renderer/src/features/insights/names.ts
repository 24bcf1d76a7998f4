/**
 * Names shown for series and items: a project by the last segment of its cwd (the full
 * path in tables), a model by its `provider/model`, '' as "unknown model".
 */
import { useMemo } from 'react'
import { useLibrary } from '../../state/library'
import { lastSegment } from '../library/format'

/** A function naming a project id (its cwd's last segment; the id if unknown). */
export function useProjectName(): (id: string) => string {
  const projects = useLibrary((s) => s.projects)
  return useMemo(() => {
    const names = new Map(
      projects.map((p) => [p.id, lastSegment(p.cwd ?? p.folders[0] ?? p.displayName)]),
    )
    return (id: string) => names.get(id) ?? id
  }, [projects])
}

/** A model's name for charts and tables. */
export function modelName(model: string): string {
  return model === '' ? 'unknown model' : model
}
