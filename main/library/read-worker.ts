/**
 * Worker thread of the library's read pool: parses session files, writes them to the
 * library index and builds slices of the full-text index, off the main thread (the main
 * process never blocks on a scan; 2+ cores work in parallel). Protocol: read-pool.ts
 * `WorkerRequest` in, `WorkerReply` out. Requests are done one after another, in the order
 * sent: the newest sessions, sent first, come back first.
 */
import { parentPort } from 'node:worker_threads'
import { localWorker, type WorkerRequest } from './read-pool'
import { lowerThisThreadPriority } from '../thread-priority'

lowerThisThreadPriority()

const worker = localWorker()
let queue: Promise<void> = Promise.resolve()

parentPort?.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => parentPort?.postMessage(await worker.handle(request)))
})
