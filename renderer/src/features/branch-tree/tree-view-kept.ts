/**
 * The branch tree's own view settings (pi's filter, the tree's search, collapsed runs) kept
 * while its pane is away: hidden (`t`, the app bar's Tree button, a window made narrow) or
 * mounted again (a Reload). They belong to the session on screen: another session starts with
 * the user's default filter, as the tree always did.
 */
import type { FilterMode } from './filters'

/** What the tree pane keeps of its settings. */
export interface TreeViewSettings {
  mode: FilterMode
  query: string
  collapse: boolean
}

/** The settings of the last tree shown, and its session. */
let kept: { sessionId: string; settings: TreeViewSettings } | null = null

/** The settings kept for `sessionId`'s tree, or null (another session's, or none yet). */
export function keptTreeView(sessionId: string): TreeViewSettings | null {
  return kept !== null && kept.sessionId === sessionId ? kept.settings : null
}

/** Keeps `settings` as `sessionId`'s tree has them now. */
export function keepTreeView(sessionId: string, settings: TreeViewSettings): void {
  kept = { sessionId, settings }
}
