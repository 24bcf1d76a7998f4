/**
 * Projects: the sessions that share one header cwd across all roots (pi spec 1.2: folder
 * names are lossy and never decoded). A session without a usable cwd is grouped by its folder.
 */
import { opaqueId } from './ids'

/** The opaque project id of a session with header cwd `cwd` ('' when none) in `folder`. */
export function projectIdOf(cwd: string, folder: string): string {
  return opaqueId('project', cwd ? `cwd:${cwd}` : `folder:${folder}`)
}
