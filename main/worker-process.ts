/**
 * Starts a worker script as a process of its own (`child_process.fork`), for the workers that
 * parse a whole large session while main serves the window: the view's worker and the skeleton
 * builder. Threads of one process share V8's helper threads, their task queue and a message
 * port's lock. While a worker thread parsed a 250 MB session, main slept in all three: waiting
 * for the helpers to finish its own collection, for the queue behind the parse's collections,
 * and for a port lock held by the parsing thread that the OS had put aside (Linux perf, the
 * stacks of main's `sched_switch` events: up to 120 ms at a time). A process shares nothing
 * with main but its IPC channel, and lowers every thread of its own (thread-priority.ts). In
 * Electron, `fork` runs the app's own binary as Node (its RunAsNode fuse, on by default, must
 * stay on).
 */
import { fork, type ChildProcess } from 'node:child_process'
import type { WorkerScript } from './library/read-pool'
import { WORKER_YOUNG_GENERATION_MB } from './worker-heap'
import { lowerThisProcessPriority } from './thread-priority'

/** V8's young generation is three semi-spaces: a worker's young generation in them (MB). */
const SEMI_SPACE_MB = WORKER_YOUNG_GENERATION_MB / 3

/** The environment variable that carries a worker process's options, as JSON. */
export const WORKER_OPTIONS_ENV = 'PI_SESSIONS_WORKER'

/**
 * Forks `script` with an old generation of `heapMb` MB, the workers' young generation, its
 * output on main's, an IPC channel with V8's serialization (typed arrays cross as they are),
 * and `options` in {@link WORKER_OPTIONS_ENV}. The child starts with {@link enterWorker}.
 * Spawn errors arrive as the child's 'error' event.
 */
export function forkWorker(script: WorkerScript, heapMb: number, options: unknown): ChildProcess {
  return fork(script.path, [], {
    execArgv: [
      ...(script.execArgv ?? []),
      `--max-old-space-size=${heapMb}`,
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
    ],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [WORKER_OPTIONS_ENV]: JSON.stringify(options) },
  })
}

/**
 * Makes this process a worker as {@link forkWorker} started it: lowers every thread of it
 * (thread-priority.ts), ends it when main goes (the IPC channel closes), and returns the
 * options main gave.
 * @throws Error when the process was not started by forkWorker
 */
export function enterWorker<T>(): T {
  const json = process.env[WORKER_OPTIONS_ENV]
  if (json === undefined || !process.send)
    throw new Error('This script is a worker process of Pi Sessions; main starts it.')
  lowerThisProcessPriority()
  process.on('disconnect', () => process.exit(0))
  return JSON.parse(json) as T
}

/** Ends worker process `child` (SIGTERM) unless it has ended; resolves once it has. */
export async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill()
  await exited
}
