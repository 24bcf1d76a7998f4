/**
 * A line pi is still writing. pi appends each entry as one whole line (pi spec 13.2), so a session
 * file written a moment ago (`isLive`) whose last line has no newline yet holds a line on its
 * way, not a damaged one. The library reads such a file up to its last newline, and the rest
 * once the line lands or the file turns quiet (then an unfinished line is damage).
 */
import { isLive } from '../../preload/contract/timing'
import { openForRange } from '../session'

/** Bytes read at a time, searching back for the last newline. */
const CHUNK = 64 * 1024

/**
 * Where the whole lines of the file at `path` end (the byte after its last newline, at least
 * `from`), when it was written a moment ago (`mtimeMs`, at `nowMs`) and its `size` bytes do not
 * end with a newline; `from` when no newline follows it. Null when the file is to be read to its
 * end: it is quiet, ends with a newline, or has no bytes after `from`.
 * @throws the fs error when the file cannot be read
 */
export async function landedEnd(
  path: string,
  file: { size: number; mtimeMs: number },
  from: number,
  nowMs = Date.now(),
): Promise<number | null> {
  if (file.size <= from || !isLive(file.mtimeMs, nowMs)) return null
  const handle = await openForRange(path)
  try {
    // Most reads end on a newline: one byte says so, before any search back.
    const buf = Buffer.alloc(CHUNK)
    await handle.read(buf, 0, 1, file.size - 1)
    if (buf[0] === 0x0a) return null
    for (let end = file.size; end > from; end -= CHUNK) {
      const start = Math.max(from, end - CHUNK)
      const { bytesRead } = await handle.read(buf, 0, end - start, start)
      const at = buf.subarray(0, bytesRead).lastIndexOf(0x0a)
      if (at >= 0) return start + at + 1
    }
    return from
  } finally {
    await handle.close()
  }
}

/**
 * Where a whole read of the file at `path` stops ({@link landedEnd} from its start): before a
 * line pi is still writing. Null when the file is to be read to its end, also when its only
 * line is on its way: nothing of it has landed to read instead.
 * @throws the fs error when the file cannot be read
 */
export async function wholeReadEnd(
  path: string,
  file: { size: number; mtimeMs: number },
): Promise<number | null> {
  return (await landedEnd(path, file, 0)) || null
}
