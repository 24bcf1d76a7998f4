/**
 * Writing an export to disk: streamed into a temp file beside the target, then renamed, so a
 * cancel or a failure leaves no partial file; an existing target is refused unless the caller
 * says to overwrite (the user was asked); nothing is ever written inside a session root
 * (exports are not sessions pi should list).
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { lstat, realpath, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ApiError } from '../../preload/contract/errors'

/** How a write may proceed. */
export interface WriteOptions {
  /** Replace an existing file (only after the user said so). */
  overwrite?: boolean
  /** Cancels the write; the temp file is removed. */
  signal?: AbortSignal
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  )
}

/** The real path of `path`, or of its nearest existing ancestor plus the rest. */
async function realish(path: string): Promise<string> {
  const rest: string[] = []
  let at = resolve(path)
  for (;;) {
    try {
      return join(await realpath(at), ...rest)
    } catch {
      const up = dirname(at)
      if (up === at) return resolve(path)
      rest.unshift(basename(at))
      at = up
    }
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/**
 * Refuses a target inside one of `roots` (also through symlinks).
 * @throws ApiError `invalid_argument` naming the root
 */
export async function refuseInsideRoots(target: string, roots: readonly string[]): Promise<void> {
  const real = await realish(target)
  for (const root of roots) {
    const rootReal = await realish(root)
    if (inside(rootReal, real) || inside(resolve(root), resolve(target))) {
      throw new ApiError(
        'invalid_argument',
        `Exports are not written inside the session folder ${root}: pi would list them as sessions`,
      )
    }
  }
}

/**
 * Writes `chunks` to `target` atomically (temp file beside it, then rename).
 * @returns bytes written
 * @throws ApiError `conflict` when `target` exists and `overwrite` is not set; the write's
 *   error (ENOSPC, EACCES, an AbortError on cancel) with no file left behind
 */
export async function writeExportFile(
  target: string,
  chunks: Iterable<string> | AsyncIterable<string>,
  options: WriteOptions = {},
): Promise<number> {
  if (!options.overwrite && (await exists(target))) {
    throw new ApiError('conflict', `${basename(target)} already exists`)
  }
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`)
  const out = createWriteStream(temp, { flags: 'wx' })
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), out, { signal: options.signal })
    if (!options.overwrite && (await exists(target))) {
      throw new ApiError('conflict', `${basename(target)} already exists`)
    }
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  return out.bytesWritten
}
