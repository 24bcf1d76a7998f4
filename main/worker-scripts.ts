/**
 * Where main's worker scripts are: built beside main's bundle (out/main/). Worker threads
 * cannot start from inside an asar archive (the view's worker process starts alike), so electron-builder unpacks `out/main/**`
 * (package.json `asarUnpack`) and the packaged app starts each worker from the unpacked copy
 * beside the archive. Imports nothing of Electron: the desktop app and server mode share it,
 * and it is tested as it is.
 */
import { join } from 'node:path'
import type { WorkerScript } from './library/read-pool'

/** `app.asar` as a whole path segment (POSIX or Windows separators). */
const ASAR_SEGMENT = /app\.asar(?=[\\/]|$)/

/** The file names of the worker scripts, as electron.vite.config.ts builds them. */
export const WORKER_FILES = {
  worker: 'read-worker.js',
  treeWorker: 'tree-worker.js',
  viewWorker: 'view-worker.js',
} as const

/**
 * The path of worker script `file` that sits beside main's bundle in directory `mainDir`:
 * the `app.asar.unpacked` copy when `mainDir` is inside the archive, else `mainDir` itself
 * (development, server mode, tests).
 */
export function workerScriptPath(mainDir: string, file: string): string {
  return join(mainDir.replace(ASAR_SEGMENT, 'app.asar.unpacked'), file)
}

/** The read, tree and view workers of main's bundle in `mainDir`, as `createServices` takes them. */
export function workerScripts(mainDir: string): Record<keyof typeof WORKER_FILES, WorkerScript> {
  return {
    worker: { path: workerScriptPath(mainDir, WORKER_FILES.worker) },
    treeWorker: { path: workerScriptPath(mainDir, WORKER_FILES.treeWorker) },
    viewWorker: { path: workerScriptPath(mainDir, WORKER_FILES.viewWorker) },
  }
}
