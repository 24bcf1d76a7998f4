/**
 * Where session files are parsed and written to the library index, and where the full-text
 * index is built: in worker threads when a worker script is given (the app), each with its
 * own connection to the index file, else in-process (tests, or if workers cannot start). A
 * worker that dies is replaced by in-process work for the calls it held, so nothing is lost;
 * one stopped by close leaves its calls undone (they fail with "the library is closing").
 */
import { availableParallelism } from 'node:os'
import type { DatabaseSync } from 'node:sqlite'
import { isMainThread, Worker } from 'node:worker_threads'
import { connectIndex } from './index-db'
import { ingestFile } from './ingest'
import { indexTextSlice } from './other-kinds'
import { readRecord, type SessionRecord, type ReadKind, type ReadOutcome } from './record'
import type { SessionCandidate } from './scan'
import { WORKER_YOUNG_GENERATION_MB } from '../worker-heap'
import { WriteLock } from './write-lock'

/** Work sent to a worker: read a file, read and store it, or build a slice of the text index. */
export type WorkerRequest = { id: number } & (
  | { read: { candidate: SessionCandidate; previous?: SessionRecord } }
  | {
      ingest: {
        candidate: SessionCandidate
        file: string
        indexNow: boolean
        lock: SharedArrayBuffer
      }
    }
  | { index: { file: string; maxChars: number; lock: SharedArrayBuffer } }
)

/** A worker's answer, or why the work failed (the index could not be written). */
export type WorkerReply = { id: number } & (
  { outcome: ReadOutcome } | { kind: ReadKind } | { indexed: number } | { error: string }
)

/** An index file and its writers' lock (write-lock.ts). */
export interface IndexTarget {
  file: string
  lock: SharedArrayBuffer
}

/** Reads session files and stores them in an index file. */
export interface RecordReader {
  /** Reads a file (nothing stored). */
  read(candidate: SessionCandidate, previous?: SessionRecord): Promise<ReadOutcome>
  /**
   * Reads a file against its record in the index and stores the outcome there.
   * @throws Error when the index cannot be written
   */
  ingest(candidate: SessionCandidate, target: IndexTarget, indexNow: boolean): Promise<ReadKind>
  /**
   * Does one slice of the text work (other-kinds.ts `indexTextSlice`): waiting texts into
   * the full-text index, else other kinds of sessions read before they were asked for.
   * Resolves with the work done (0: nothing is left).
   * @throws Error when the index cannot be written
   */
  indexTexts(target: IndexTarget, maxChars: number): Promise<number>
  close(): Promise<void>
}

/** Where the worker script is and how to start it (e.g. `--import tsx` for a .ts file). */
export interface WorkerScript {
  path: string
  execArgv?: string[]
}

/** Does one request on this thread, with a connection per index file kept open. */
export function localWorker(): {
  handle(request: WorkerRequest): Promise<WorkerReply>
  close(): void
} {
  const connections = new Map<string, DatabaseSync>()
  const db = (file: string, lock: SharedArrayBuffer) => {
    let found = connections.get(file)
    if (!found) connections.set(file, (found = connectIndex(file, lock)))
    return found
  }
  return {
    async handle(request) {
      const { id } = request
      try {
        if ('read' in request)
          return { id, outcome: await readRecord(request.read.candidate, request.read.previous) }
        if ('ingest' in request) {
          const { candidate, file, indexNow, lock } = request.ingest
          // A worker parses without yielding: nothing else waits on its thread.
          return { id, kind: await ingestFile(db(file, lock), candidate, indexNow, !isMainThread) }
        }
        const conn = db(request.index.file, request.index.lock)
        return {
          id,
          indexed: await indexTextSlice(conn, request.index.maxChars, !isMainThread),
        }
      } catch (error) {
        return { id, error: (error as Error).message }
      }
    },
    close() {
      for (const conn of connections.values()) conn.close()
      connections.clear()
    },
  }
}

/** Unwraps a reply of the expected kind. @throws Error with the worker's error */
function unwrap<K extends 'outcome' | 'kind' | 'indexed'>(
  reply: WorkerReply,
  key: K,
): Extract<WorkerReply, Record<K, unknown>>[K] {
  if ('error' in reply) throw new Error(reply.error)
  return (reply as Record<K, unknown>)[key] as Extract<WorkerReply, Record<K, unknown>>[K]
}

/** Does everything on the calling thread. */
export function inProcessReader(): RecordReader {
  return overRequests(localWorker())
}

function overRequests(worker: {
  handle(request: WorkerRequest): Promise<WorkerReply>
  close(): void | Promise<void>
}): RecordReader {
  let nextId = 1
  return {
    read: async (candidate, previous) =>
      unwrap(await worker.handle({ id: nextId++, read: { candidate, previous } }), 'outcome'),
    ingest: async (candidate, target, indexNow) =>
      unwrap(
        await worker.handle({ id: nextId++, ingest: { candidate, ...target, indexNow } }),
        'kind',
      ),
    indexTexts: async (target, maxChars) =>
      unwrap(await worker.handle({ id: nextId++, index: { ...target, maxChars } }), 'indexed'),
    close: async () => worker.close(),
  }
}

interface Slot {
  worker: Worker
  /** The worker's thread id, kept: the Worker reports -1 once the thread has stopped. */
  threadId: number
  pending: Map<number, { request: WorkerRequest; resolve: (reply: WorkerReply) => void }>
}

/** The writers' lock a request writes under, if it writes. */
function lockOf(request: WorkerRequest): SharedArrayBuffer | null {
  if ('ingest' in request) return request.ingest.lock
  if ('index' in request) return request.index.lock
  return null
}

/**
 * A pool of worker threads (one per core, at most `max`), started on the first request, each
 * taking the next request when it has the fewest in flight.
 */
export function workerReader(script: WorkerScript, max = 4): RecordReader {
  const size = Math.max(1, Math.min(max, availableParallelism()))
  const slots: Slot[] = []
  const fallback = localWorker()
  // Set by close: calls still held, or still coming, are not done any more.
  let closing = false

  const start = (): Slot => {
    // Default: no execArgv of our own (a worker would otherwise inherit e.g. a TS loader).
    const worker = new Worker(script.path, {
      execArgv: script.execArgv ?? [],
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    })
    const slot: Slot = { worker, threadId: worker.threadId, pending: new Map() }
    worker.on('message', (reply: WorkerReply) => {
      const call = slot.pending.get(reply.id)
      slot.pending.delete(reply.id)
      // An idle worker must not keep the process alive; a busy one must.
      if (slot.pending.size === 0) worker.unref()
      call?.resolve(reply)
    })
    const rescue = () => {
      if (slots.includes(slot)) slots.splice(slots.indexOf(slot), 1)
      // A worker that died mid-write still holds the writers' lock: every later writer,
      // this thread's rescue first, would wait for it forever.
      for (const { request } of slot.pending.values()) {
        const lock = lockOf(request)
        if (lock) new WriteLock(lock).releaseHeldBy(slot.threadId)
      }
      for (const { request, resolve } of slot.pending.values()) {
        // Stopped by close: its work is not done here (the index is closing after it).
        if (closing) resolve({ id: request.id, error: 'the library is closing' })
        else void fallback.handle(request).then(resolve)
      }
      slot.pending.clear()
    }
    worker.on('error', rescue)
    worker.on('exit', rescue)
    worker.unref()
    return slot
  }
  // Workers start on the first request: a warm start that finds nothing changed needs none.
  let started = false
  const pool = {
    handle(request: WorkerRequest): Promise<WorkerReply> {
      if (!started) {
        started = true
        for (let i = 0; i < size; i++) slots.push(start())
      }
      const slot = slots.reduce<Slot | undefined>(
        (best, s) => (!best || s.pending.size < best.pending.size ? s : best),
        undefined,
      )
      if (closing) return Promise.resolve({ id: request.id, error: 'the library is closing' })
      if (!slot) return fallback.handle(request)
      return new Promise((resolve) => {
        slot.pending.set(request.id, { request, resolve })
        slot.worker.ref()
        slot.worker.postMessage(request)
      })
    },
    async close() {
      closing = true
      const all = slots.splice(0)
      await Promise.all(all.map((s) => s.worker.terminate()))
      fallback.close()
    },
  }
  return overRequests(pool)
}
