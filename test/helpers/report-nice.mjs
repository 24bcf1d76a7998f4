/**
 * Loaded into a worker before its script (`--import`): every message the script sends is
 * preceded by `{ nice }`, the priority of the thread that sends it at that moment (Linux), so a
 * test can see the priority of a worker that ends right after its one message. Works in a
 * worker thread (parentPort) and in a worker process (process.send).
 */
import { readlinkSync } from 'node:fs'
import { getPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'

const nice = () => ({
  nice: getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())),
})

if (parentPort) {
  const post = parentPort.postMessage.bind(parentPort)
  parentPort.postMessage = (message, transfer) => {
    post(nice())
    post(message, transfer)
  }
} else if (process.send) {
  const send = process.send.bind(process)
  process.send = (message, ...rest) => {
    send(nice())
    return send(message, ...rest)
  }
}
