/**
 * Opening a session file for reading, safely whatever sits at the path. A `.jsonl` name can be
 * a FIFO (opening it would wait for a writer forever, holding a thread of the pool), a device
 * such as /dev/zero behind a symlink (reading it never ends) or a socket. No open blocks
 * (O_NONBLOCK, which changes nothing for a regular file). A read to the end of the file reads
 * only a regular file: the opened descriptor is checked, so a file swapped between a stat and
 * the open is caught. A read of a bounded range needs no check (a device gives at most the
 * range), and skips the extra stat: the thread pool it would wait in is the one tree pages
 * are read on while a session opens.
 */
import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

/** O_NONBLOCK where the platform has it (not on Windows, which has no FIFOs at such paths). */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/** The code of {@link NotRegularFileError} (ours: no errno says it). */
export const NOT_REGULAR = 'ENOTREG'

/** A session path names something other than a regular file (a folder, a pipe, a device). */
export class NotRegularFileError extends Error {
  readonly code = NOT_REGULAR
  constructor(
    readonly path: string,
    kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file`)
    this.name = 'NotRegularFileError'
  }
}

/** What `stats` describes, for the error's message. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a pipe'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  if (stats.isSocket()) return 'a socket'
  return 'not a file'
}

/**
 * Throws unless `stats` is of a regular file; a folder throws EISDIR as reading one would.
 * @throws NotRegularFileError, or an EISDIR error for a folder
 */
export function assertRegularFile(path: string, stats: Stats): void {
  if (stats.isFile()) return
  if (stats.isDirectory())
    throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), {
      code: 'EISDIR',
      path,
    })
  throw new NotRegularFileError(path, kindOf(stats))
}

/**
 * Opens `path` for reading when it is a regular file, never waiting on a pipe.
 * @returns the file descriptor (the caller closes it)
 * @throws the fs error, NotRegularFileError, or EISDIR for a folder
 */
export function openRegularSync(path: string): number {
  const fd = openSync(path, READ_FLAGS)
  try {
    assertRegularFile(path, fstatSync(fd))
    return fd
  } catch (error) {
    closeSync(fd)
    throw error
  }
}

/**
 * Opens `path` for reading when it is a regular file, never waiting on a pipe.
 * @returns the file handle (the caller closes it) and the file's stats
 * @throws the fs error, NotRegularFileError, or EISDIR for a folder
 */
export async function openRegular(path: string): Promise<{ handle: FileHandle; stats: Stats }> {
  const handle = await open(path, READ_FLAGS)
  try {
    const stats = await handle.stat()
    assertRegularFile(path, stats)
    return { handle, stats }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/**
 * Opens `path` to read a bounded range, never waiting on a pipe (whatever the path holds: the
 * caller reads at most the bytes it asks for).
 * @returns the file handle (the caller closes it)
 * @throws the fs error
 */
export function openForRange(path: string): Promise<FileHandle> {
  return open(path, READ_FLAGS)
}
