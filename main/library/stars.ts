/**
 * Stars: the user's app-side mark on sessions, kept in `stars.json` in the app's data folder
 * and never in a session file (pi has no such entry, and reading never modifies a session).
 * A star is keyed by the header's session id (pi spec 2.1), which a rename (session_info)
 * or a move of the file (archive) leaves alone; a session without a header id is keyed by
 * its path, which moves with it (see {@link StarStore.moved}). Written atomically; a corrupt
 * file starts an empty list instead of failing.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'

/** What identifies a session for its star: the header's session id, else the file's path. */
export interface StarKey {
  headerId: string | null
  path: string
}

const StarEntry = z.object({
  headerId: z.string().nullable(),
  /** The file's absolute path when it was starred (the key when `headerId` is null). */
  path: z.string(),
  /** ms since epoch. */
  starredAt: z.number(),
})
type StarEntry = z.output<typeof StarEntry>

const FileSchema = z.object({ version: z.literal(1), stars: z.array(StarEntry) })

/** What a query tests rows against for stars: header ids, and paths of headerless sessions. */
export interface StarMarks {
  headerIds: string[]
  paths: string[]
}

/** The stars of one data folder (in memory only when the folder is null). */
export class StarStore {
  private entries: StarEntry[] = []

  /** @param dataDir the app's data folder; null keeps stars for this run only */
  constructor(private readonly dataDir: string | null) {}

  private get file(): string | null {
    return this.dataDir === null ? null : join(this.dataDir, 'stars.json')
  }

  /** Reads the file; a missing or corrupt one leaves no stars. Never throws. */
  async load(): Promise<void> {
    if (this.file === null) return
    try {
      this.entries = FileSchema.parse(JSON.parse(await readFile(this.file, 'utf8'))).stars
    } catch {
      this.entries = []
    }
  }

  /** True when the session is starred: by its header id, or by its path when it has none. */
  has(key: StarKey): boolean {
    return this.entries.some((e) => matches(e, key))
  }

  /** The marks of every star (for the query's SQL). */
  marks(): StarMarks {
    return {
      headerIds: this.entries.flatMap((e) => (e.headerId === null ? [] : [e.headerId])),
      paths: this.entries.flatMap((e) => (e.headerId === null ? [e.path] : [])),
    }
  }

  /**
   * Stars or unstars sessions; returns how many changed.
   * @throws Error when the file cannot be written (nothing changes then)
   */
  async set(keys: readonly StarKey[], starred: boolean): Promise<number> {
    let next = [...this.entries]
    let changed = 0
    for (const key of keys) {
      const had = next.some((e) => matches(e, key))
      if (had === starred) continue
      changed += 1
      next = starred
        ? [...next, { headerId: key.headerId, path: key.path, starredAt: Date.now() }]
        : next.filter((e) => !matches(e, key))
    }
    if (changed > 0) await this.write(next)
    return changed
  }

  /**
   * Follows a file that moved (archive, unarchive): a star kept by path moves with it.
   * @throws Error when the file cannot be written
   */
  async moved(from: string, to: string): Promise<void> {
    if (!this.entries.some((e) => e.path === from)) return
    await this.write(this.entries.map((e) => (e.path === from ? { ...e, path: to } : e)))
  }

  private async write(entries: StarEntry[]): Promise<void> {
    if (this.file !== null && this.dataDir !== null) {
      await mkdir(this.dataDir, { recursive: true })
      await writeFileAtomic(this.file, JSON.stringify({ version: 1, stars: entries }, null, 1))
    }
    this.entries = entries
  }
}

function matches(entry: StarEntry, key: StarKey): boolean {
  if (key.headerId !== null) return entry.headerId === key.headerId
  return entry.headerId === null && entry.path === key.path
}
