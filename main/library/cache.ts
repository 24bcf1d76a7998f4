/**
 * The library's metadata cache in the app's data folder (issue 4), in two files: records
 * without their searchable texts (small, read at launch), and the texts (most of the
 * bytes, read in the background once the list is shown). Each text line names the file
 * facts it belongs to, so a stale one is never used. A missing, corrupt, foreign or
 * older-format cache is ignored and rebuilt, never fatal. Written atomically and streamed
 * (stream-write.ts), a slice of records at a time so the event loop keeps breathing.
 */
import { createReadStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { writeStreamAtomic } from './stream-write'
import type { TextSegment } from './digest'
import type { LibrarySession } from './record'

/** Bump when the record or digest shape changes: older caches are then rebuilt. */
export const CACHE_VERSION = 5
const MAGIC = 'pi-sessions-library-cache'
const TEXT_MAGIC = 'pi-sessions-library-texts'

/** The records file inside `dataDir`. */
export function cachePath(dataDir: string): string {
  return join(dataDir, 'library-cache.jsonl')
}

/** The texts file inside `dataDir`. */
export function textCachePath(dataDir: string): string {
  return join(dataDir, 'library-texts.jsonl')
}

/** What loading found: the records (by path) and, when the cache was unusable, why. */
export interface CacheLoad {
  records: Map<string, LibrarySession>
  discarded: string | null
}

/** The texts of one file, with the facts that must still hold for them to be used. */
export interface CachedTexts {
  path: string
  size: number
  mtimeMs: number
  ino: number
  texts: TextSegment[]
}

function isRecord(value: unknown): value is LibrarySession {
  const r = value as LibrarySession
  return (
    !!r && typeof r.path === 'string' && typeof r.key === 'string' && typeof r.size === 'number'
  )
}

/** Reads a JSONL cache file line by line; throws on a foreign head or a bad line. */
async function* readLines(file: string, magic: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity })
  let first = true
  try {
    for await (const line of lines) {
      const value: unknown = JSON.parse(line)
      if (first) {
        first = false
        const head = value as { magic?: unknown; version?: unknown }
        if (head.magic !== magic || head.version !== CACHE_VERSION) {
          throw new Error('cache from another format or program')
        }
        continue
      }
      yield value
    }
  } finally {
    lines.close()
  }
}

function reason(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' ? null : (error as Error).message
}

/** Loads the records (texts left for {@link loadTextCache}, see `textsOf`); never throws. */
export async function loadCache(dataDir: string): Promise<CacheLoad> {
  const records = new Map<string, LibrarySession>()
  try {
    for await (const value of readLines(cachePath(dataDir), MAGIC)) {
      if (!isRecord(value)) throw new Error('cache line of the wrong shape')
      records.set(value.path, value)
    }
  } catch (error) {
    return { records: new Map(), discarded: reason(error) }
  }
  return { records, discarded: null }
}

/** Streams the cached texts; a corrupt file simply ends the stream early. */
export async function* loadTextCache(dataDir: string): AsyncGenerator<CachedTexts> {
  try {
    for await (const value of readLines(textCachePath(dataDir), TEXT_MAGIC)) {
      const t = value as CachedTexts
      if (typeof t?.path !== 'string' || !Array.isArray(t.texts)) return
      yield t
    }
  } catch {
    // Unusable: the library re-reads the files whose texts are still missing.
  }
}

const SLICE = 100
const pause = () => new Promise((done) => setImmediate(done))
const head = (magic: string) => JSON.stringify({ magic, version: CACHE_VERSION }) + '\n'

/** The records file's lines: every record with its texts left out (see `textsOf`). */
async function* recordLines(records: readonly LibrarySession[]): AsyncGenerator<string> {
  yield head(MAGIC)
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as LibrarySession
    const { size, mtimeMs, ino } = record
    if (record.digest && record.textsOf === null) {
      const digest = { ...record.digest, texts: [] }
      yield JSON.stringify({ ...record, digest, textsOf: { size, mtimeMs, ino } }) + '\n'
    } else {
      // Texts still missing (or no digest): the record goes as it is; a later read fills them.
      yield JSON.stringify(record) + '\n'
    }
    if (i % SLICE === SLICE - 1) await pause()
  }
}

/** The texts file's lines: the texts of every record that has them all. */
async function* textLines(records: readonly LibrarySession[]): AsyncGenerator<string> {
  yield head(TEXT_MAGIC)
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as LibrarySession
    if (!record.digest || record.textsOf !== null) continue
    const { path, size, mtimeMs, ino } = record
    yield JSON.stringify({ path, size, mtimeMs, ino, texts: record.digest.texts }) + '\n'
    if (i % SLICE === SLICE - 1) await pause()
  }
}

/**
 * Writes both cache files atomically, streaming (the texts can be hundreds of megabytes),
 * serialising a slice of records at a time and yielding between slices.
 */
export async function saveCache(dataDir: string, records: Iterable<LibrarySession>): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  const list = [...records]
  await writeStreamAtomic(cachePath(dataDir), recordLines(list))
  await writeStreamAtomic(textCachePath(dataDir), textLines(list))
}
