/**
 * Where session files are parsed, and where the full-text index is built: in worker threads
 * when a worker script is given (the app), else in-process (tests, or if workers cannot
 * start). A worker that dies is replaced by in-process work for the calls it held, so a
 * read never gets lost.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { connectIndex, inTransaction } from './index-db'
import { indexPendingChunks } from './index-chunks'
import { readRecord, type LibrarySession, type ReadOutcome } from './record'
import type { SessionCandidate } from './scan'

/** One request sent to a worker: a file to read, or a slice of the text index to build. */
export type WorkerRequest =
  | { id: number; candidate: SessionCandidate; previous?: LibrarySession }
  | { id: number; index: { file: string; maxChars: number } }

/** A worker's answer: a read's outcome, or how many chunks it indexed (and why none, on error). */
export type WorkerReply = { id: number } & (
  { outcome: ReadOutcome } | { indexed: number; error?: string }
)

/** Reads session records, and builds the text index of an index file. */
export interface RecordReader {
  read(candidate: SessionCandidate, previous?: LibrarySession): Promise<ReadOutcome>
  /**
   * Indexes up to about `maxChars` characters of waiting texts in the index file `file`
   * (off the main thread where workers run). Resolves with the chunks indexed (0: none wait);
   * rejects when the index cannot be written.
   */
  indexTexts(file: string, maxChars: number): Promise<number>
  close(): Promise<void>
}

/** Where the worker script is and how to start it (e.g. `--import tsx` for a .ts file). */
export interface WorkerScript {
  path: string
  execArgv?: string[]
}

/** Runs one slice of the text index on a connection of its own (also used by the worker). */
export function indexSlice(file: string, maxChars: number): number {
  const db = connectIndex(file)
  try {
    return inTransaction(db, () => indexPendingChunks(db, maxChars))
  } finally {
    db.close()
  }
}

/** Reads and indexes on the calling thread. */
export function inProcessReader(): RecordReader {
  return {
    read: (candidate, previous) => readRecord(candidate, previous),
    indexTexts: async (file, maxChars) => indexSlice(file, maxChars),
    close: async () => {},
  }
}

interface Pending {
  request: WorkerRequest
  resolve: (reply: WorkerReply) => void
}

interface Slot {
  worker: Worker
  pending: Map<number, Pending>
}

/**
 * A pool of worker threads (one per core, at most `max`), started on the first request, each
 * taking the next request when it has the fewest in flight.
 */
export function workerReader(script: WorkerScript, max = 4): RecordReader {
  const size = Math.max(1, Math.min(max, availableParallelism()))
  const slots: Slot[] = []
  let nextId = 1
  const fallback = inProcessReader()
  const locally = async (request: WorkerRequest): Promise<WorkerReply> =>
    'index' in request
      ? { id: request.id, indexed: indexSlice(request.index.file, request.index.maxChars) }
      : { id: request.id, outcome: await fallback.read(request.candidate, request.previous) }

  const start = (): Slot => {
    // Default: no execArgv of our own (a worker would otherwise inherit e.g. a TS loader).
    const worker = new Worker(script.path, { execArgv: script.execArgv ?? [] })
    const slot: Slot = { worker, pending: new Map() }
    worker.on('message', (reply: WorkerReply) => {
      const call = slot.pending.get(reply.id)
      slot.pending.delete(reply.id)
      // An idle worker must not keep the process alive; a busy one must.
      if (slot.pending.size === 0) worker.unref()
      call?.resolve(reply)
    })
    const rescue = () => {
      if (slots.includes(slot)) slots.splice(slots.indexOf(slot), 1)
      for (const { request, resolve } of slot.pending.values()) void locally(request).then(resolve)
      slot.pending.clear()
    }
    worker.on('error', rescue)
    worker.on('exit', rescue)
    worker.unref()
    return slot
  }
  // Workers start on the first request: a warm start that finds nothing changed needs none.
  let started = false
  const send = (make: (id: number) => WorkerRequest): Promise<WorkerReply> => {
    if (!started) {
      started = true
      for (let i = 0; i < size; i++) slots.push(start())
    }
    const request = make(nextId++)
    const slot = slots.reduce<Slot | undefined>(
      (best, s) => (!best || s.pending.size < best.pending.size ? s : best),
      undefined,
    )
    if (!slot) return locally(request)
    return new Promise((resolve) => {
      slot.pending.set(request.id, { request, resolve })
      slot.worker.ref()
      slot.worker.postMessage(request)
    })
  }

  return {
    async read(candidate, previous) {
      const reply = await send((id) => ({ id, candidate, previous }))
      return 'outcome' in reply ? reply.outcome : fallback.read(candidate, previous)
    },
    async indexTexts(file, maxChars) {
      const reply = await send((id) => ({ id, index: { file, maxChars } }))
      if ('error' in reply && reply.error) throw new Error(reply.error)
      return 'indexed' in reply ? reply.indexed : 0
    },
    async close() {
      const all = slots.splice(0)
      await Promise.all(all.map((s) => s.worker.terminate()))
    },
  }
}
