/**
 * Moving session files to the OS trash and bringing them back. Always through
 * the `trash` package with globbing off, never `unlink`, never a permanent fallback: if the
 * move fails the file stays where it was and the error says why. On Linux (freedesktop
 * trash: `files/` + `info/`) a trashed session can be restored to its original path; a
 * restore never overwrites an existing file.
 */
import { constants } from 'node:fs'
import { copyFile, link, lstat, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ApiError } from '../../preload/contract/errors'
import { describeFsError, inWords, isFsError } from './fs-errors'

/** Where a trashed file went (Linux: the files/ and info/ entries). */
export interface TrashedFile {
  original: string
  /** The file inside the trash, when the platform tells (Linux). */
  trashPath: string | null
  /** Its .trashinfo (Linux). */
  infoPath: string | null
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  )
}

/** The `Path=` of a .trashinfo, decoded (freedesktop trash spec). */
async function trashInfoPath(info: string): Promise<string | null> {
  const text = await readFile(info, 'utf8').catch(() => '')
  const line = text.split('\n').find((l) => l.startsWith('Path='))
  if (!line) return null
  try {
    return decodeURI(line.slice('Path='.length))
  } catch {
    return null
  }
}

/** .trashinfo files in `infoDir` naming `original`, newest first. */
async function infoFilesFor(infoDir: string, original: string): Promise<string[]> {
  const names = await readdir(infoDir).catch(() => [] as string[])
  const matches: { path: string; mtime: number }[] = []
  for (const name of names.filter((n) => n.endsWith('.trashinfo'))) {
    const path = join(infoDir, name)
    if ((await trashInfoPath(path)) !== original) continue
    matches.push({ path, mtime: (await stat(path)).mtimeMs })
  }
  return matches.sort((a, b) => b.mtime - a.mtime).map((m) => m.path)
}

/** The home trash of freedesktop systems: `$XDG_DATA_HOME/Trash`. */
export function homeTrashDir(env: NodeJS.ProcessEnv, home: string): string {
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'Trash')
}

/**
 * Moves one file to the OS trash and checks it is gone from its folder.
 * @throws ApiError `not_found` if the file is already gone; `io` if the trash failed
 * (the file is then still in place, and a stray .trashinfo left by the failure is removed)
 */
export async function moveToTrash(path: string, trashDir: string | null): Promise<TrashedFile> {
  if (!(await exists(path))) throw new ApiError('not_found', `${path} no longer exists`)
  // `trash` reads XDG_DATA_HOME when it is first imported: import it late (tests set it).
  const { default: trash } = await import('trash')
  const infoDir = trashDir ? join(trashDir, 'info') : null
  try {
    const result = (await trash([path], { glob: false })) as unknown
    if (await exists(path)) throw new Error('the file is still in its folder after the move')
    const first = Array.isArray(result)
      ? (result[0] as { path?: string; info?: string })
      : undefined
    if (first?.path && first.info)
      return { original: path, trashPath: first.path, infoPath: first.info }
    const info = infoDir ? (await infoFilesFor(infoDir, path))[0] : undefined
    const trashPath =
      info && trashDir
        ? join(trashDir, 'files', info.slice(infoDir!.length + 1, -'.trashinfo'.length))
        : null
    return { original: path, trashPath, infoPath: info ?? null }
  } catch (error) {
    if (infoDir && (await exists(path))) await removeStrayInfo(infoDir, path).catch(() => {})
    const message = isFsError(error)
      ? describeFsError(path, error, 'trash').message
      : `Could not move ${path} to the trash (${(error as Error).message}); the file was not touched`
    throw Object.assign(new ApiError('io', message), { cause: error })
  }
}

/** Removes .trashinfo files for `original` whose trashed file does not exist (a failed move). */
async function removeStrayInfo(infoDir: string, original: string): Promise<void> {
  for (const info of await infoFilesFor(infoDir, original)) {
    const name = info.slice(infoDir.length + 1, -'.trashinfo'.length)
    if (!(await exists(join(dirname(infoDir), 'files', name)))) await rm(info, { force: true })
  }
}

/**
 * Puts a trashed file back at its original path without ever overwriting: a hard link
 * (fails if the name is taken), or across devices an exclusive copy; the trash entry is
 * removed only after the file is back.
 * @throws ApiError `conflict` if a file exists at the original path; `not_found` if the
 * trash no longer holds it (emptied, or restored elsewhere); `io` for a file-system failure,
 * in words (a partial copy is removed again, so nothing was restored)
 */
export async function restoreFromTrash(item: TrashedFile): Promise<void> {
  return inWords('restore', item.original, () => restore(item))
}

async function restore(item: TrashedFile): Promise<void> {
  if (!item.trashPath || !item.infoPath) {
    throw new ApiError(
      'conflict',
      'This platform’s trash cannot be restored from the app: use the system Trash',
    )
  }
  if (!(await exists(item.trashPath)))
    throw new ApiError('not_found', 'The trash no longer holds this session')
  if (await exists(item.original)) {
    throw new ApiError(
      'conflict',
      `A file already exists at ${item.original}; nothing was overwritten`,
    )
  }
  await mkdir(dirname(item.original), { recursive: true })
  try {
    await link(item.trashPath, item.original)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST')
      throw new ApiError('conflict', `A file already exists at ${item.original}`)
    if (code !== 'EXDEV' && code !== 'EPERM') throw error
    try {
      await copyFile(item.trashPath, item.original, constants.COPYFILE_EXCL)
    } catch (copyError) {
      // A partial copy (disk full) is ours: the trash still holds the session.
      if ((copyError as NodeJS.ErrnoException).code !== 'EEXIST')
        await rm(item.original, { force: true })
      throw copyError
    }
  }
  // The session is back in place: only now does the trash copy go.
  await rm(item.trashPath, { force: true })
  await rm(item.infoPath, { force: true })
}
