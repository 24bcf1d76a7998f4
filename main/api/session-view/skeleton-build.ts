/**
 * Builds one session's tree skeleton file (skeleton.ts) from a full parse, as the view would
 * open the session. Runs in the tree worker (tree-worker.ts), or in-process without one.
 */
import { buildOverview } from './overview'
import { encodeSkeleton, writeSkeleton } from './skeleton'
import { loadViewSource } from './source'

/**
 * Parses `sessionPath` whole and writes its skeleton to `file`. Reading never writes the
 * session file (pi spec 17).
 * @param app the app version the skeleton is valid for
 * @throws the fs error when the session cannot be read or the skeleton cannot be written
 */
export async function buildSkeletonFile(
  sessionPath: string,
  file: string,
  app: string,
): Promise<void> {
  const source = await loadViewSource(sessionPath, { sha256: true })
  const { stamp, loaded } = source
  const opened = await buildOverview(source, 'skeleton', '')
  const bytes = { stamp, tail: loaded.tail, sha256: loaded.sha256 as string }
  await writeSkeleton(file, encodeSkeleton(opened, bytes, app))
}
