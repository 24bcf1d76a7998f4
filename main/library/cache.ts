/**
 * The library's metadata cache in the app's data folder: one JSON line per session
 * record, keyed by path and checked against size, mtime and inode on use (issue 4). A
 * missing, corrupt, foreign or older-format cache is ignored and rebuilt, never fatal.
 * Written atomically (write-file-atomic) and built in slices so the event loop keeps
 * breathing.
 */
import { createReadStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import writeFileAtomic from 'write-file-atomic'
import type { LibrarySession } from './record'

/** Bump when the record or digest shape changes: older caches are then rebuilt. */
export const CACHE_VERSION = 3
const MAGIC = 'pi-sessions-library-cache'
const FILE = 'library-cache.jsonl'

/** The cache file inside `dataDir`. */
export function cachePath(dataDir: string): string {
  return join(dataDir, FILE)
}

/** What loading found: the records (by path) and, when the cache was unusable, why. */
export interface CacheLoad {
  records: Map<string, LibrarySession>
  discarded: string | null
}

function isRecord(value: unknown): value is LibrarySession {
  const r = value as LibrarySession
  return (
    !!r && typeof r.path === 'string' && typeof r.key === 'string' && typeof r.size === 'number'
  )
}

/** Loads the cache; never throws (an unusable cache yields no records and a reason). */
export async function loadCache(dataDir: string): Promise<CacheLoad> {
  const records = new Map<string, LibrarySession>()
  const lines = createInterface({
    input: createReadStream(cachePath(dataDir)),
    crlfDelay: Infinity,
  })
  let first = true
  try {
    for await (const line of lines) {
      if (first) {
        first = false
        const head = JSON.parse(line) as { magic?: unknown; version?: unknown }
        if (head.magic !== MAGIC || head.version !== CACHE_VERSION) {
          return { records: new Map(), discarded: 'cache from another format or program' }
        }
        continue
      }
      const record: unknown = JSON.parse(line)
      if (!isRecord(record))
        return { records: new Map(), discarded: 'cache line of the wrong shape' }
      records.set(record.path, record)
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return {
      records: new Map(),
      discarded: code === 'ENOENT' ? null : `unreadable cache: ${String(error)}`,
    }
  } finally {
    lines.close()
  }
  if (first) return { records, discarded: null }
  return { records, discarded: null }
}

const SLICE = 200

/** Writes the cache atomically; serialises in slices, yielding between them. */
export async function saveCache(dataDir: string, records: Iterable<LibrarySession>): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  const parts: string[] = [JSON.stringify({ magic: MAGIC, version: CACHE_VERSION }) + '\n']
  let n = 0
  for (const record of records) {
    parts.push(JSON.stringify(record) + '\n')
    if (++n % SLICE === 0) await new Promise((done) => setImmediate(done))
  }
  await writeFileAtomic(cachePath(dataDir), parts.join(''))
}
