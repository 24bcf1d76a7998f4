/**
 * Where the packaged app's worker scripts are. Worker threads cannot start from inside an asar
 * archive, so electron-builder unpacks `out/main/**` (package.json `asarUnpack`) and main
 * starts each worker from the unpacked copy beside the archive. Imports nothing of Electron:
 * tested as it is.
 */
import { join } from 'node:path'

/** `app.asar` as a whole path segment (POSIX or Windows separators). */
const ASAR_SEGMENT = /app\.asar(?=[\\/]|$)/

/**
 * The path of worker script `file` that sits beside main's bundle in directory `mainDir`:
 * the `app.asar.unpacked` copy when `mainDir` is inside the archive, else `mainDir` itself
 * (development, tests).
 */
export function workerScriptPath(mainDir: string, file: string): string {
  return join(mainDir.replace(ASAR_SEGMENT, 'app.asar.unpacked'), file)
}
