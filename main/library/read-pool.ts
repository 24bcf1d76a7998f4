/**
 * Where session files are parsed: in worker threads when a worker script is given (the
 * app), else in-process (tests, or if workers cannot start). A worker that dies is
 * replaced by in-process reading for the calls it held, so a read never gets lost.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { readRecord, type LibrarySession, type ReadKind } from './record'
import type { SessionCandidate } from './scan'

/** One read request sent to a worker. */
export interface ReadRequest {
  id: number
  candidate: SessionCandidate
  previous?: LibrarySession
}

/** What a read returns. */
export interface ReadResult {
  record: LibrarySession
  kind: ReadKind
}

/** Reads session records. */
export interface RecordReader {
  read(candidate: SessionCandidate, previous?: LibrarySession): Promise<ReadResult>
  close(): Promise<void>
}

/** Where the worker script is and how to start it (e.g. `--import tsx` for a .ts file). */
export interface WorkerScript {
  path: string
  execArgv?: string[]
}

/** Reads on the calling thread. */
export function inProcessReader(): RecordReader {
  return { read: (candidate, previous) => readRecord(candidate, previous), close: async () => {} }
}

interface Slot {
  worker: Worker
  pending: Map<number, { request: ReadRequest; resolve: (r: ReadResult) => void }>
}

/**
 * A pool of worker threads (one per core, at most `max`), started on the first read, each
 * taking the next request when it has the fewest in flight.
 */
export function workerReader(script: WorkerScript, max = 4): RecordReader {
  const size = Math.max(1, Math.min(max, availableParallelism()))
  const slots: Slot[] = []
  let nextId = 1
  const fallback = inProcessReader()

  const start = (): Slot => {
    // Default: no execArgv of our own (a worker would otherwise inherit e.g. a TS loader).
    const worker = new Worker(script.path, { execArgv: script.execArgv ?? [] })
    const slot: Slot = { worker, pending: new Map() }
    worker.on('message', (message: ReadResult & { id: number }) => {
      const call = slot.pending.get(message.id)
      slot.pending.delete(message.id)
      // An idle worker must not keep the process alive; a busy one must.
      if (slot.pending.size === 0) worker.unref()
      call?.resolve({ record: message.record, kind: message.kind })
    })
    const rescue = () => {
      slots.splice(slots.indexOf(slot), 1)
      for (const { request, resolve } of slot.pending.values()) {
        void fallback.read(request.candidate, request.previous).then(resolve)
      }
      slot.pending.clear()
    }
    worker.on('error', rescue)
    worker.on('exit', rescue)
    worker.unref()
    return slot
  }
  // Workers start on the first read: a warm start that finds nothing changed needs none.
  let started = false

  return {
    read(candidate, previous) {
      if (!started) {
        started = true
        for (let i = 0; i < size; i++) slots.push(start())
      }
      const slot = slots.reduce<Slot | undefined>(
        (best, s) => (!best || s.pending.size < best.pending.size ? s : best),
        undefined,
      )
      if (!slot) return fallback.read(candidate, previous)
      const request: ReadRequest = { id: nextId++, candidate, previous }
      return new Promise((resolve) => {
        slot.pending.set(request.id, { request, resolve })
        slot.worker.ref()
        slot.worker.postMessage(request)
      })
    },
    async close() {
      const all = slots.splice(0)
      await Promise.all(all.map((s) => s.worker.terminate()))
    },
  }
}
