/**
 * The main-process log: one file in the app's data folder (`logs/main.log`), rotated at
 * 5 MiB (one old file kept). Synchronous appends: a log line must survive a crash that
 * follows it. Never throws: logging must not take the app down.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'

const MAX_BYTES = 5 * 1024 * 1024

/** A logger writing to one file. */
export interface Logger {
  readonly file: string
  info(message: string): void
  error(message: string, error?: unknown): void
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  return String(error)
}

/** Opens (creates on first write) the log in `dataDir/logs`. */
export function createLogger(dataDir: string, echo = true): Logger {
  const dir = join(dataDir, 'logs')
  const file = join(dir, 'main.log')
  const write = (level: string, message: string) => {
    const line = `${new Date().toISOString()} ${level} ${message}\n`
    // Errors also go to stderr; info stays in the file (server mode prints one line only).
    if (echo && level === 'ERROR') console.error(line.trimEnd())
    try {
      mkdirSync(dir, { recursive: true })
      const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0
      if (size > MAX_BYTES) renameSync(file, `${file}.1`)
      appendFileSync(file, line)
    } catch {
      // Disk full or read-only data folder: the console line above is all we can do.
    }
  }
  return {
    file,
    info: (message) => write('INFO', message),
    error: (message, error) =>
      write('ERROR', error === undefined ? message : `${message}: ${describe(error)}`),
  }
}

/**
 * Logs uncaught exceptions and unhandled rejections instead of dying silently, and hands
 * them to `notify` (the app shows them to the user).
 */
export function catchUnexpected(log: Logger, notify: (message: string) => void): void {
  process.on('uncaughtException', (error) => {
    log.error('Uncaught exception', error)
    notify(error instanceof Error ? error.message : String(error))
  })
  process.on('unhandledRejection', (reason) => {
    log.error('Unhandled rejection', reason)
    notify(reason instanceof Error ? reason.message : String(reason))
  })
}
