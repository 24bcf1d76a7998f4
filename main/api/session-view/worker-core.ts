/**
 * The view core (core.ts) in a process of its own, the view worker (view-worker.ts), behind the
 * same interface: each call is sent with an id and answered by id, its value as JSON bytes the
 * worker encoded (json-reply.ts), which main hands to the host unread. Errors cross as their
 * API code or errno and message, and are thrown again here as the error the handler table
 * expects. A worker that dies (out of memory on a huge file) fails the calls it held with a
 * message in words; the next call starts a new one. It is a process, not a thread, so that
 * its parse never holds main (worker-process.ts).
 */
import type { ChildProcess } from 'node:child_process'
import { ApiError, type ErrorCode } from '../../../preload/contract/errors'
import { JsonReply, encodeJsonReply } from '../json-reply'
import type { WorkerScript } from '../../library/read-pool'
import type { LocalViewCore, SessionFile, ViewChannel, ViewCore } from './core'
import type { EditResult, SessionEdit } from '../../library/edits'
import { forkWorker, stopWorker } from '../../worker-process'

/** `Omit` applied to each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A call posted to the worker: a view channel, or an edit ({@link ViewCore.edit}). */
export type ViewRequest = { id: number } & (
  | { channel: ViewChannel; file: SessionFile; args: unknown }
  | { channel: 'edit'; sessionId: string; path: string; edit: SessionEdit }
)

/** The worker's answer: the value's JSON in UTF-8, or the error. */
export type ViewReply = { id: number } & (
  | { json: Uint8Array }
  | { error: { message: string; api?: ErrorCode; errno?: string; stack?: string } }
)

/** What main tells the view worker at its start: the tree skeletons' folder and app version. */
export interface ViewWorkerOptions {
  skeletons: { dir: string; app: string } | null
}

/** Heap of the view worker: it keeps up to two parsed sessions (a 250 MB one takes ~1.5 GB). */
const HEAP_MB = 8192

/** Runs one request on `core` and describes its outcome (worker side). */
export async function replyOf(core: LocalViewCore, request: ViewRequest): Promise<ViewReply> {
  try {
    const value =
      request.channel === 'edit'
        ? await core.edit(request.sessionId, request.path, request.edit)
        : await core.call(request.channel, request.file, request.args as never)
    return { id: request.id, json: encodeJsonReply(value).bytes }
  } catch (thrown) {
    const error = thrown as Error & { code?: unknown }
    return {
      id: request.id,
      error: {
        message: error?.message ?? String(thrown),
        ...(thrown instanceof ApiError ? { api: thrown.code } : {}),
        ...(!(thrown instanceof ApiError) && typeof error?.code === 'string'
          ? { errno: error.code }
          : {}),
        ...(typeof error?.stack === 'string' ? { stack: error.stack } : {}),
      },
    }
  }
}

function errorOf(error: Extract<ViewReply, { error: unknown }>['error']): Error {
  if (error.api) return new ApiError(error.api, error.message)
  const out = new Error(error.message) as Error & { code?: string }
  if (error.errno) out.code = error.errno
  if (error.stack) out.stack = error.stack
  return out
}

/** Lets the app exit while `w` is idle. */
function unref(w: ChildProcess): void {
  w.unref()
  w.channel?.unref()
}

/**
 * The view core in a worker process started from `script` (again after it died), told where
 * the tree `skeletons` are.
 */
export function workerViewCore(
  script: WorkerScript,
  skeletons: { dir: string; app: string } | null,
): ViewCore {
  let worker: ChildProcess | null = null
  let nextId = 1
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  const start = (): ChildProcess => {
    const w = forkWorker(script, HEAP_MB, { skeletons } satisfies ViewWorkerOptions)
    w.on('message', (reply: ViewReply) => {
      const call = pending.get(reply.id)
      pending.delete(reply.id)
      if (pending.size === 0) unref(w)
      if (!call) return
      if ('error' in reply) call.reject(errorOf(reply.error))
      else call.resolve(new JsonReply(reply.json))
    })
    const died = (why: string) => {
      if (worker === w) worker = null
      for (const call of pending.values())
        call.reject(
          new ApiError(
            'io',
            `The session view stopped while reading this session (${why}); open the session again.`,
          ),
        )
      pending.clear()
    }
    w.on('error', (error) => died(error.message))
    w.on('exit', (code, signal) => died(`it exited with ${signal ?? 'code ' + code}`))
    unref(w)
    return w
  }
  // Started now, not on the first click: a process takes ~100 ms to come up.
  worker = start()
  /** Sends one request; resolves with the worker's JSON bytes. */
  const post = (request: DistributiveOmit<ViewRequest, 'id'>): Promise<JsonReply> => {
    worker ??= start()
    const w = worker
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      w.ref()
      w.channel?.ref()
      w.send({ ...request, id } satisfies ViewRequest)
    })
  }
  return {
    call: (channel, file, args) => post({ channel, file, args }) as never,
    async edit(sessionId, path, edit) {
      const reply = await post({ channel: 'edit', sessionId, path, edit })
      return JSON.parse(new TextDecoder().decode(reply.bytes)) as EditResult | null
    },
    async close() {
      const w = worker
      worker = null
      if (w) await stopWorker(w)
    },
  }
}
