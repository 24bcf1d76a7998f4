/**
 * Worker thread that builds one tree skeleton (skeleton-build.ts) and exits: the full parse of
 * a large session and its garbage stay off the main process's heap. `workerData` in:
 * `{ sessionPath, file, app }`; one message out: `{ ok: true }` or `{ ok: false, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { buildSkeletonFile } from './skeleton-build'
import { lowerThisThreadPriority } from '../../thread-priority'

lowerThisThreadPriority()

const { sessionPath, file, app } = workerData as { sessionPath: string; file: string; app: string }

buildSkeletonFile(sessionPath, file, app).then(
  () => parentPort?.postMessage({ ok: true }),
  (error: unknown) => parentPort?.postMessage({ ok: false, error: (error as Error).message }),
)
