/**
 * Atomic write of a large file produced piece by piece: temp file beside the target, each
 * piece written as it comes, fsync, rename over the target. write-file-atomic wants the
 * whole content as one string or buffer; for a library cache of hundreds of megabytes that
 * would hold it two or three times in memory, so this streams instead. On any failure the
 * temp file is removed and the target is left as it was.
 */
import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'

/**
 * Writes `pieces` to `path` atomically.
 * @throws the fs error of the first failing step (the target is untouched then)
 */
export async function writeStreamAtomic(
  path: string,
  pieces: AsyncIterable<string> | Iterable<string>,
): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  const handle = await open(temp, 'wx', 0o644)
  try {
    let batch: string[] = []
    let size = 0
    for await (const piece of pieces) {
      batch.push(piece)
      size += piece.length
      if (size >= 1 << 20) {
        await handle.write(batch.join(''))
        batch = []
        size = 0
      }
    }
    if (batch.length > 0) await handle.write(batch.join(''))
    await handle.sync()
    await handle.close()
    await rename(temp, path)
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
}
