/**
 * Worker thread of the library's read pool: parses session files off the main thread
 * (issue 4: the main process never blocks on a scan; 2+ cores parse in parallel).
 * Protocol: `{id, candidate, previous?}` in, `{id, record, kind}` out.
 */
import { parentPort } from 'node:worker_threads'
import { readRecord } from './record'
import type { ReadRequest } from './read-pool'

parentPort?.on('message', (request: ReadRequest) => {
  void readRecord(request.candidate, request.previous).then((result) => {
    parentPort?.postMessage({ id: request.id, ...result })
  })
})
