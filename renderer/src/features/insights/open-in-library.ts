/**
 * Links from Insights to the library: a project opens its sessions, a model the sessions
 * that used it (the library's model filter), a session opens it; the Insights view closes.
 */
import { useLibrary } from '../../state/library'
import { useInsights } from './store'

/** Shows the sessions of project `id`. */
export function openProject(id: string): void {
  useLibrary.getState().setScope(id)
  useInsights.getState().setOpen(false)
}

/** Shows the sessions of the current scope that used `model`. */
export function openModel(model: string): void {
  useLibrary.getState().setQuery({ model })
  useInsights.getState().setOpen(false)
}

/** Opens session `id` (of project `projectId`) in the library. */
export function openSession(id: string, projectId: string): void {
  const library = useLibrary.getState()
  library.setScope(projectId)
  library.selectSession(id)
  useInsights.getState().setOpen(false)
}
