/**
 * One zip file written as a stream (yazl: a small, long-maintained streaming zip writer with no
 * native parts): entries are added one at a time, each read to its end before the next is
 * made, so only one entry's data is in memory. Written to a temp file beside the target and
 * renamed at the end: a cancel or a failure leaves no partial zip.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { ZipFile } from 'yazl'

/** Adds one entry (text chunks or bytes) and resolves once it has been read into the zip. */
export type AddEntry = (name: string, data: Iterable<string> | Buffer) => Promise<void>

/** Thrown from `fill` to end the zip without writing it (a cancel); carries fill's result. */
export class ZipAbandoned<T> extends Error {
  constructor(readonly result: T) {
    super('cancelled')
  }
}

/**
 * Writes the zip `fill` builds to `target` (replacing it: the caller asked the user).
 * @returns what `fill` returned, or the result a {@link ZipAbandoned} carried (then no zip is
 *   written)
 * @throws fill's errors and the write's (ENOSPC...), with no file left behind
 */
export async function writeZip<T>(target: string, fill: (add: AddEntry) => Promise<T>): Promise<T> {
  const zip = new ZipFile()
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`)
  const out = createWriteStream(temp, { flags: 'wx' })
  zip.outputStream.pipe(out)
  const written = finished(out)
  // A failed write must not be an unhandled rejection while the entries are still made.
  written.catch(() => undefined)
  const add: AddEntry = async (name, data) => {
    if (Buffer.isBuffer(data)) return zip.addBuffer(data, name, { mtime: new Date() })
    const entry = Readable.from(data, { objectMode: false })
    // yazl keeps every entry's stream function for the whole zip: hand the stream over and
    // drop it, so a finished entry's document can be collected.
    let pending: Readable | null = entry
    zip.addReadStreamLazy(name, { mtime: new Date() }, (give) => {
      give(null, pending as Readable)
      pending = null
    })
    // yazl reads entries in order: once this one ended, the next may be made.
    await finished(entry)
  }
  try {
    const result = await fill(add)
    zip.end()
    await written
    await rename(temp, target)
    return result
  } catch (error) {
    out.destroy()
    await rm(temp, { force: true })
    if (error instanceof ZipAbandoned) return error.result as T
    throw error
  }
}
