/**
 * Worker thread of the library's read pool: parses session files and builds slices of the
 * full-text index off the main thread (the main process never blocks on a scan; 2+ cores
 * work in parallel). Protocol: read-pool.ts `WorkerRequest` in, `WorkerReply` out. Requests
 * are done one after another, in the order sent: the newest sessions, sent first, come back
 * first.
 */
import { parentPort } from 'node:worker_threads'
import { readRecord } from './record'
import { indexSlice, type WorkerReply, type WorkerRequest } from './read-pool'

let queue: Promise<void> = Promise.resolve()

parentPort?.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    let reply: WorkerReply
    if ('index' in request) {
      try {
        reply = { id: request.id, indexed: indexSlice(request.index.file, request.index.maxChars) }
      } catch (error) {
        reply = { id: request.id, indexed: 0, error: (error as Error).message }
      }
    } else
      reply = { id: request.id, outcome: await readRecord(request.candidate, request.previous) }
    parentPort?.postMessage(reply)
  })
})
