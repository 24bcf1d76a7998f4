/**
 * Worker process that builds one tree skeleton (skeleton-build.ts) and exits: the full parse of
 * a large session and its garbage stay out of the main process (worker-process.ts).
 * `TreeWorkerOptions` in; one message out, a `TreeWorkerReply`. It stops when main goes.
 */
import { buildSkeletonFile } from './skeleton-build'
import type { TreeWorkerOptions, TreeWorkerReply } from './skeletons'
import { enterWorker } from '../../worker-process'

const { sessionPath, file, app } = enterWorker<TreeWorkerOptions>()
/** Sends the reply, then lets the process end (nothing else keeps it). */
const reply = (message: TreeWorkerReply) => process.send?.(message, () => process.disconnect())

buildSkeletonFile(sessionPath, file, app).then(
  () => reply({ ok: true }),
  (error: unknown) => reply({ ok: false, error: (error as Error).message }),
)
