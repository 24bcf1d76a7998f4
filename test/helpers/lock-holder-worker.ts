/**
 * A read-pool worker that dies, or stops answering, while it holds the index's writers' lock
 * and a write transaction: what a worker terminated or out of memory mid-write leaves behind.
 * An `index` request of 13 chars exits the thread; any other request is held unanswered.
 */
import { DatabaseSync } from 'node:sqlite'
import { parentPort } from 'node:worker_threads'
import type { WorkerRequest } from '../../main/library/read-pool'
import { WriteLock } from '../../main/library/write-lock'

parentPort?.on('message', (request: WorkerRequest) => {
  if (!('index' in request)) return
  new WriteLock(request.index.lock).acquire()
  const db = new DatabaseSync(request.index.file)
  db.exec('BEGIN IMMEDIATE')
  if (request.index.maxChars === 13) process.exit(1)
  setInterval(() => {}, 1000)
})
