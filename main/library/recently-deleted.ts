/**
 * The list of sessions the app moved to the trash, kept across restarts in the app's data
 * folder ("Recently deleted"). Written atomically; a corrupt file starts a new
 * list instead of failing.
 */
import { randomUUID } from 'node:crypto'
import { lstat, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'

/** One session moved to the trash by the app. */
export const DeletedSession = z.preprocess(
  // Logs written before the header id had its own name called it `sessionId`.
  (value) =>
    value && typeof value === 'object' && !('headerId' in value) && 'sessionId' in value
      ? { ...value, headerId: (value as { sessionId: unknown }).sessionId }
      : value,
  z.object({
    id: z.string(),
    /** The header's session id (pi spec 2.1), not the library's opaque id. */
    headerId: z.string().nullable(),
    title: z.string(),
    cwd: z.string().nullable(),
    original: z.string(),
    size: z.number(),
    deletedAt: z.number(),
    trashPath: z.string().nullable(),
    infoPath: z.string().nullable(),
    /** The bulk deletion this entry was part of (one id per confirmed move); null before. */
    batchId: z.string().nullable().default(null),
  }),
)
export type DeletedSession = z.output<typeof DeletedSession>

const FileSchema = z.object({ version: z.literal(1), deleted: z.array(DeletedSession) })
/** How many entries are kept (oldest dropped first): a bulk deletion stays listed whole. */
const KEEP = 20_000

/** The recently-deleted log of one data folder. */
export class RecentlyDeleted {
  constructor(readonly dataDir: string) {}

  private get file(): string {
    return join(this.dataDir, 'recently-deleted.json')
  }

  /** Every logged entry, newest first; never throws. */
  async list(): Promise<DeletedSession[]> {
    try {
      return FileSchema.parse(JSON.parse(await readFile(this.file, 'utf8'))).deleted
    } catch {
      return []
    }
  }

  /** Entries whose file is still in the trash (or whose trash location is unknown). */
  async restorable(): Promise<(DeletedSession & { inTrash: boolean })[]> {
    const all = await this.list()
    return Promise.all(
      all.map(async (d) => ({
        ...d,
        inTrash:
          d.trashPath === null ||
          (await lstat(d.trashPath).then(
            () => true,
            () => false,
          )),
      })),
    )
  }

  private async write(deleted: DeletedSession[]): Promise<void> {
    await mkdir(this.dataDir, { recursive: true })
    await writeFileAtomic(
      this.file,
      JSON.stringify({ version: 1, deleted: deleted.slice(0, KEEP) }, null, 1),
    )
  }

  /** Logs a deletion; returns the new entry. */
  async add(entry: Omit<DeletedSession, 'id'>): Promise<DeletedSession> {
    const full = { ...entry, id: randomUUID() }
    await this.addMany([full])
    return full
  }

  /** Logs deletions (with their ids, e.g. from randomUUID) in one write: a bulk move. */
  async addMany(entries: readonly DeletedSession[]): Promise<void> {
    if (entries.length === 0) return
    await this.write([...[...entries].reverse(), ...(await this.list())])
  }

  /** Drops an entry (after a restore). */
  async remove(id: string): Promise<void> {
    await this.removeMany([id])
  }

  /** Drops entries in one write (after a bulk restore). */
  async removeMany(ids: readonly string[]): Promise<void> {
    const gone = new Set(ids)
    await this.write((await this.list()).filter((d) => !gone.has(d.id)))
  }
}
