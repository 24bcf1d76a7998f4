/**
 * Loaded into a worker thread before its script (`--import`): every message the script posts
 * is preceded by `{ nice }`, the thread's own priority at that moment (Linux), so a test can
 * see the priority of a worker that ends right after its one message.
 */
import { readlinkSync } from 'node:fs'
import { getPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'

const post = parentPort.postMessage.bind(parentPort)
parentPort.postMessage = (message, transfer) => {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
  post({ nice: getPriority(tid) })
  post(message, transfer)
}
