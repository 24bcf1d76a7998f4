/**
 * Loading session files: text or file -> {@link LoadedSession}. Reading never writes
 * (pi spec 17): no newline repair, no migration rewrite, no folder creation.
 */
import { createHash } from 'node:crypto'
import { closeSync, fstatSync, readSync } from 'node:fs'
import { diagnoseGraph } from './diagnose.js'
import { lastIndexById } from './tree.js'
import { migrateSessionEntries, needsMigration } from './migrate.js'
import { SessionLineParser, type RawParse } from './parse.js'
import type { Diagnostic, FileEntry, SessionEntry, SessionHeader } from './types.js'
import { CURRENT_SESSION_VERSION } from './types.js'
import { openRegular, openRegularSync } from './open-file.js'

/** A parsed session file (pi spec 6, 7) plus everything that was wrong with it. */
export interface LoadedSession {
  /** First `type:"session"` line, or null when the file has none. */
  header: SessionHeader | null
  /**
   * All non-header entries in file order, as pi's `getEntries()`; legacy files are migrated to
   * v3 in memory (pi spec 3). JSON `null` and non-object lines are not entries (diagnostics).
   */
  entries: SessionEntry[]
  /** 1-based physical line of each entry (same index as `entries`). */
  lines: number[]
  diagnostics: Diagnostic[]
  /** Format version of the file as stored (`header.version ?? 1`; 3 when there is no header). */
  version: number
  /** Whether the last byte is a newline (false also for an empty file). */
  endsWithNewline: boolean
  /** Bytes read (for a continuation: including the starting offset). */
  bytes: number
  /** Physical line of the header, 0 when none. */
  headerLine: number
  /**
   * Physical lines in the file (the last one counts even without a newline): for a
   * continuation, the number of the last line read (`startLine` - 1 + the lines read).
   */
  lineCount: number
  /** Up to the last 256 bytes read; with `ino`, lets a writer detect a replaced file. */
  tail: Uint8Array
  /** Inode of the file read (file loaders only). */
  ino?: number
  /**
   * SHA-256 (hex) of the bytes read, from the starting offset on, when asked for
   * ({@link LoadOptions.sha256}): tells the same bytes from an in-place rewrite of equal length.
   */
  sha256?: string
  /** id -> position of the last entry with that id (pi's index winner); not for continuations. */
  indexById?: Map<string, number>
}

/** Options of {@link loadSessionFile}. */
export interface LoadOptions {
  /** Aborts the read; the promise rejects with the signal's reason. */
  signal?: AbortSignal
  /**
   * Continue from this byte offset (must be the start of a line, e.g. a previous `bytes`):
   * the result holds only the entries after it, no header, and is not migrated.
   */
  fromOffset?: number
  /** Physical line number at `fromOffset` (1-based), for diagnostics. Default 1. */
  startLine?: number
  /**
   * Read no further than this byte offset (the end of a line, e.g. a previous `bytes`): the
   * file's first bytes as they were, while a writer appends after them.
   */
  toOffset?: number
  /** Read size in bytes. Default 1 MiB. */
  chunkSize?: number
  /** Also hash the bytes read ({@link LoadedSession.sha256}; ~0.7 ms per MB). Async only. */
  sha256?: boolean
}

const DEFAULT_CHUNK = 1 << 20
/** Longest stretch of synchronous parsing before the async loader yields (ms). */
const YIELD_AFTER_MS = 12

/**
 * Parses a whole session text synchronously (pi spec 6.1 semantics with diagnostics).
 * Never throws on bad content.
 */
export function parseSessionText(text: string): LoadedSession {
  const parser = new SessionLineParser()
  parser.push(Buffer.from(text, 'utf8'))
  return finishParse(parser.end(), false, 0)
}

/**
 * Reads and parses a session file synchronously in chunks (no whole-file string, so files
 * beyond V8's string limit load). Throws the fs error (ENOENT, EISDIR, EACCES...) when the file
 * cannot be read; never writes.
 */
export function loadSessionFileSync(
  path: string,
  options: Omit<LoadOptions, 'signal'> = {},
): LoadedSession {
  const offset = options.fromOffset ?? 0
  const end = options.toOffset ?? Number.POSITIVE_INFINITY
  const parser = newParser(options)
  const buf = Buffer.allocUnsafe(options.chunkSize ?? DEFAULT_CHUNK)
  const fd = openRegularSync(path)
  let ino: number
  try {
    ino = fstatSync(fd).ino
    let position = offset
    for (;;) {
      const want = Math.min(buf.length, end - position)
      if (want <= 0) break
      const n = readSync(fd, buf, 0, want, position)
      if (n === 0) break
      parser.push(buf.subarray(0, n))
      position += n
    }
  } finally {
    closeSync(fd)
  }
  return { ...finishParse(parser.end(), offset > 0, offset), ino }
}

/**
 * Reads and parses a session file asynchronously: reads chunks (default 1 MiB), parses them and
 * yields to the event loop whenever parsing has run for ~12 ms, so a 100 MB file never blocks
 * the main process for long. Rejects with the fs error or the abort
 * reason; never writes.
 */
export async function loadSessionFile(
  path: string,
  options: LoadOptions = {},
): Promise<LoadedSession> {
  const { signal } = options
  signal?.throwIfAborted()
  const offset = options.fromOffset ?? 0
  const parser = newParser(options)
  const chunk = options.chunkSize ?? DEFAULT_CHUNK
  const { handle, stats } = await openRegular(path)
  const hash = options.sha256 ? createHash('sha256') : null
  let ino: number
  try {
    ino = stats.ino
    const buf = Buffer.allocUnsafe(chunk)
    const end = options.toOffset ?? Number.POSITIVE_INFINITY
    let position = offset
    let sliceStart = Date.now()
    for (;;) {
      signal?.throwIfAborted()
      const want = Math.min(buf.length, end - position)
      if (want <= 0) break
      const { bytesRead } = await handle.read(buf, 0, want, position)
      if (bytesRead === 0) break
      position += bytesRead
      hash?.update(buf.subarray(0, bytesRead))
      // Parse in sub-slices so one chunk never costs more than the yield budget.
      for (let s = 0; s < bytesRead; s += SUB_SLICE) {
        parser.push(buf.subarray(s, Math.min(bytesRead, s + SUB_SLICE)))
        if (Date.now() - sliceStart >= YIELD_AFTER_MS) {
          await yieldToEventLoop()
          signal?.throwIfAborted()
          sliceStart = Date.now()
        }
      }
    }
  } finally {
    await handle.close()
  }
  const raw = parser.end()
  // The whole-file checks run in one piece: give the loop a turn first.
  await yieldToEventLoop()
  signal?.throwIfAborted()
  const loaded: LoadedSession = { ...finishParse(raw, offset > 0, offset), ino }
  if (hash) loaded.sha256 = hash.digest('hex')
  return loaded
}

const SUB_SLICE = 256 * 1024

function newParser(options: LoadOptions): SessionLineParser {
  const continuation = (options.fromOffset ?? 0) > 0
  return new SessionLineParser({ continuation, startLine: options.startLine ?? 1 })
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * Turns a raw parse into a LoadedSession: migrates legacy entries in memory (pi spec 3) and adds
 * the graph diagnostics (duplicate ids, dangling parents, cycles). A continuation is neither
 * migrated nor graph-checked (its parents live in the earlier part).
 */
export function finishParse(raw: RawParse, continuation: boolean, offset: number): LoadedSession {
  const { header, entries } = raw
  const version = header === null ? CURRENT_SESSION_VERSION : storedVersion(header)
  if (!continuation && needsMigration(header)) {
    const all: FileEntry[] = [header as SessionHeader, ...entries]
    migrateSessionEntries(all)
  }
  const diagnostics = raw.diagnostics
  let indexById: Map<string, number> | undefined
  if (!continuation) {
    if (header === null && raw.entries.length === 0) {
      diagnostics.push({
        line: 0,
        kind: 'missing-header',
        message: 'no session header in the file',
      })
    }
    indexById = lastIndexById(entries)
    for (const d of diagnoseGraph(entries, raw.lines, indexById)) diagnostics.push(d)
    diagnostics.sort((a, b) => a.line - b.line)
  }
  return {
    header,
    entries,
    lines: raw.lines,
    diagnostics,
    version,
    endsWithNewline: raw.bytes === 0 ? offset > 0 : raw.endsWithNewline,
    bytes: offset + raw.bytes,
    headerLine: raw.headerLine,
    lineCount: raw.lineCount,
    tail: raw.tail,
    ...(indexById ? { indexById } : {}),
  }
}

function storedVersion(header: SessionHeader): number {
  const v = header.version ?? 1
  return typeof v === 'number' ? v : Number(v)
}
