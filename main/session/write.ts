/**
 * Writing session files the way a process running next to pi must (pi spec 13, 17; issue 3
 * "safe appends"): one complete line per write, newline repair, exclusive creation, atomic
 * rewrites with a backup. No locks: pi takes none either.
 */
import {
  closeSync,
  copyFileSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'

/** What we know about a file's bytes after our last read or write. */
export interface FileSnapshot {
  /** Size in bytes. */
  size: number
  /** Inode (0 where the platform reports none). */
  ino: number
  /** Whether the last byte is `\n` (an empty file counts as ending in one). */
  endsWithNewline: boolean
  /** Up to 256 of the last bytes, to notice a same-size or growing rewrite. */
  tail: Buffer
}

const TAIL_BYTES = 256

/** Serialises one entry as pi does: `JSON.stringify(entry) + "\n"` (pi spec 2). */
export function serializeLine(entry: unknown): string {
  return `${JSON.stringify(entry)}\n`
}

/**
 * Reads the snapshot of an open file descriptor (size, inode, last bytes).
 * Throws the fs error.
 */
export function snapshotFd(fd: number): FileSnapshot {
  const st = fstatSync(fd)
  const n = Math.min(TAIL_BYTES, st.size)
  const tail = Buffer.alloc(n)
  if (n > 0) readFully(fd, tail, st.size - n)
  return { size: st.size, ino: st.ino, endsWithNewline: n === 0 || tail[n - 1] === 0x0a, tail }
}

/** Snapshot of a file by path (opened read-only). Throws the fs error (ENOENT...). */
export function snapshotFile(path: string): FileSnapshot {
  const fd = openSync(path, 'r')
  try {
    return snapshotFd(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * How the file changed since `known`: `same`, `grown` (bytes were appended after `known.size`
 * and the previously last bytes are unchanged), or `replaced` (shrunk, other inode, or the old
 * tail differs: re-read everything, never append blindly).
 */
export function compareSnapshot(
  known: FileSnapshot,
  now: FileSnapshot,
  fd: number,
): 'same' | 'grown' | 'replaced' {
  if (now.ino !== known.ino || now.size < known.size) return 'replaced'
  const probe = Buffer.alloc(known.tail.length)
  if (probe.length > 0) readFully(fd, probe, known.size - probe.length)
  if (!probe.equals(known.tail)) return 'replaced'
  return now.size === known.size ? 'same' : 'grown'
}

function readFully(fd: number, buf: Buffer, position: number): void {
  let off = 0
  while (off < buf.length) {
    const n = readSync(fd, buf, off, buf.length - off, position + off)
    if (n === 0) break
    off += n
  }
}

/** Writes all of `data` at the end of an `O_APPEND` descriptor (loops on short writes). */
function writeAll(fd: number, data: Buffer): void {
  let off = 0
  while (off < data.length) off += writeSync(fd, data, off, data.length - off)
}

/**
 * Appends one serialised line to an existing file in a single write; if the file does not end
 * in `\n`, the line break is completed in the same write (pi spec 6.1: pi 0.73.1 would glue the
 * line onto the broken one). Opens with O_APPEND, never creates the file.
 * @param line one line ending in `\n`
 * @returns the new snapshot
 */
export function appendLine(path: string, line: string, endsWithNewline: boolean): FileSnapshot {
  const data = Buffer.from(endsWithNewline ? line : `\n${line}`, 'utf8')
  // Read-write: the snapshot after the write reads the new tail through the same descriptor.
  const fd = openSync(path, constants.O_RDWR | constants.O_APPEND)
  try {
    writeAll(fd, data)
    return snapshotFd(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Creates a new session file with all `lines` in one write (pi 1.6.0 opens with `wx`, pi spec
 * 13.1). Creates the parent folder first: only a first write does that, never a read.
 * `allowEmptyExisting` accepts an existing 0-byte file (an explicit path pi would have
 * initialised on open). Throws EEXIST if the file exists (and is not an accepted empty file).
 */
export function createSessionFile(
  path: string,
  lines: string[],
  allowEmptyExisting = false,
): FileSnapshot {
  mkdirSync(dirname(path), { recursive: true })
  let fd: number
  if (allowEmptyExisting && existsSync(path)) {
    fd = openSync(path, constants.O_RDWR | constants.O_APPEND)
    if (fstatSync(fd).size !== 0) {
      closeSync(fd)
      throw Object.assign(
        new Error(`EEXIST: file already exists and is not empty, open '${path}'`),
        {
          code: 'EEXIST',
        },
      )
    }
  } else {
    fd = openSync(path, 'wx+')
  }
  try {
    writeAll(fd, Buffer.from(lines.join(''), 'utf8'))
    return snapshotFd(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Rewrites a whole session file atomically (temp file, fsync, rename via write-file-atomic)
 * after copying the original to a backup beside it (`<file>.v<version>.bak`, or with a counter
 * when taken; the name does not end in `.jsonl`, so pi never lists it). Used only when a legacy
 * (v1/v2) file is edited (issue 3, ARCHITECTURE rule 8).
 * @returns the backup path
 */
export function rewriteSessionFile(path: string, lines: string[], version: number): string {
  let backup = `${path}.v${version}.bak`
  for (let n = 1; existsSync(backup); n++) backup = `${path}.v${version}.${n}.bak`
  copyFileSync(path, backup, constants.COPYFILE_EXCL)
  writeFileAtomic.sync(path, lines.join(''), { fsync: true })
  return backup
}
