/**
 * Worker thread of the library's read pool: parses session files off the main thread
 * (issue 4: the main process never blocks on a scan; 2+ cores parse in parallel).
 * Protocol: `{id, candidate, previous?}` in, `{id, record, kind}` out. Requests are done
 * one after another, in the order sent: the newest sessions, sent first, come back first.
 */
import { parentPort } from 'node:worker_threads'
import { readRecord } from './record'
import type { ReadRequest } from './read-pool'

let queue: Promise<void> = Promise.resolve()

parentPort?.on('message', (request: ReadRequest) => {
  queue = queue.then(async () => {
    const result = await readRecord(request.candidate, request.previous)
    parentPort?.postMessage({ id: request.id, ...result })
  })
})
