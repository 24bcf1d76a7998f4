/**
 * The archive: sessions moved out of pi's session folders (pi no longer lists them) into an
 * archive folder the library also reads, keeping pi's `--<cwd>--` layout (pi spec 1.2), and
 * moved back to the exact folder they came from. Where each file came from is kept in
 * `archived.json` in the app's data folder, written before the file moves. A move never
 * overwrites (a taken name is a conflict, nothing moves); it is one rename on the same file
 * system, else a copy verified by size and SHA-256, then the source goes to the OS trash
 * (trash.ts): nothing is ever unlinked.
 */
import { createHash } from 'node:crypto'
import { constants, createReadStream } from 'node:fs'
import { copyFile, lstat, mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { ApiError } from '../../preload/contract/errors'
import { assertRegularFile } from '../session/open-file'
import { encodeSessionDirName } from '../session/paths'
import { inWords } from './fs-errors'
import { moveToTrash } from './trash'

/** The archive folder: the user's choice, else `archive` in the app's data folder. */
export function archiveFolder(dataDir: string, chosen: string | null): string {
  return chosen ?? join(dataDir, 'archive')
}

const Entry = z.object({
  /** Absolute path in the archive. */
  archived: z.string(),
  /** Absolute path it came from (where Unarchive puts it back). */
  original: z.string(),
  /** ms since epoch. */
  archivedAt: z.number(),
})
type Entry = z.output<typeof Entry>
const FileSchema = z.object({ version: z.literal(1), sessions: z.array(Entry) })

/** Where each archived file came from (`archived.json` in the data folder). */
export class ArchiveLog {
  constructor(readonly dataDir: string) {}

  private get file(): string {
    return join(this.dataDir, 'archived.json')
  }

  /** Every entry; a missing or corrupt file reads as none. Never throws. */
  async list(): Promise<Entry[]> {
    try {
      return FileSchema.parse(JSON.parse(await readFile(this.file, 'utf8'))).sessions
    } catch {
      return []
    }
  }

  /** The entry of an archived file, if any. */
  async find(archived: string): Promise<Entry | undefined> {
    return (await this.list()).find((e) => e.archived === archived)
  }

  /** Records (or replaces) an entry. @throws Error when the file cannot be written */
  async put(entry: Entry): Promise<void> {
    const rest = (await this.list()).filter((e) => e.archived !== entry.archived)
    await this.write([...rest, entry])
  }

  /** Forgets an archived file. @throws Error when the file cannot be written */
  async remove(archived: string): Promise<void> {
    await this.write((await this.list()).filter((e) => e.archived !== archived))
  }

  private async write(sessions: Entry[]): Promise<void> {
    await mkdir(this.dataDir, { recursive: true })
    await writeFileAtomic(this.file, JSON.stringify({ version: 1, sessions }, null, 1))
  }
}

/**
 * Where a session goes in the archive: its project folder's name (`--<cwd>--`) under the
 * archive folder, the same file name. A file lying directly in a flat root gets the folder
 * name pi would give its header cwd.
 */
export function archivePath(
  archiveDir: string,
  session: { path: string; folder: string; root: string; cwd: string | null },
): string {
  const folder =
    session.folder !== session.root
      ? basename(session.folder)
      : session.cwd
        ? encodeSessionDirName(session.cwd)
        : '--unknown-cwd--'
  return join(archiveDir, folder, basename(session.path))
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  )
}

/** @throws ApiError `conflict` when a file (or anything) already has the name `path` */
export async function assertFree(path: string): Promise<void> {
  if (await exists(path))
    throw new ApiError('conflict', `A file already exists at ${path}; nothing was moved`)
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Moves a session file to `to`, never overwriting: a rename, or across file systems a copy
 * verified by size and SHA-256 after which the source goes to the OS trash.
 * @returns how it moved
 * @throws ApiError `conflict` when `to` exists (nothing moved); `io` in words when the move
 * fails (a copy that could not be verified, or whose source could not be trashed, is
 * removed again: the file is then only where it was)
 */
export async function moveSessionFile(from: string, to: string): Promise<'renamed' | 'copied'> {
  await assertFree(to)
  return inWords('move', from, async () => {
    await mkdir(dirname(to), { recursive: true })
    try {
      await rename(from, to)
      return 'renamed'
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    }
    // A copy reads what the name points at: never a device or a pipe (it would not end).
    assertRegularFile(from, await stat(from))
    await copyFile(from, to, constants.COPYFILE_EXCL)
    try {
      const [a, b] = await Promise.all([stat(from), stat(to)])
      if (a.size !== b.size || (await sha256(from)) !== (await sha256(to)))
        throw new Error(`the copy at ${to} differs from the original; nothing was moved`)
      await moveToTrash(from, null)
    } catch (error) {
      // The copy is ours and unverified or redundant: the original stays the only file.
      await rm(to, { force: true })
      throw error
    }
    return 'copied'
  })
}
