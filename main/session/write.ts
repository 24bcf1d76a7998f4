/**
 * Writing session files the way a process running next to pi must (pi spec 13, 17): one
 * complete line per write, newline repair, exclusive creation, atomic rewrites with a backup,
 * and no torn lines: a failed or short write is cut back off (truncate + fsync) so the file is
 * byte-identical to before. No locks: pi takes none either.
 */
import {
  closeSync,
  copyFileSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { isLive } from '../../preload/contract/timing.js'

/** What we know about a file's bytes after our last read or write. */
export interface FileSnapshot {
  /** Size in bytes. */
  size: number
  /** Inode (0 where the platform reports none). */
  ino: number
  /** Whether the last byte is `\n` (an empty file counts as ending in one). */
  endsWithNewline: boolean
  /** Up to {@link SNAPSHOT_TAIL_BYTES} of the last bytes, to notice a same-size or growing rewrite. */
  tail: Buffer
}

/** Bytes of a file's end kept in a snapshot: enough to tell our last line from a rewrite. */
export const SNAPSHOT_TAIL_BYTES = 256

/**
 * The system calls every session write goes through. Tests replace them with
 * {@link setWriteSeam} to inject short writes, ENOSPC or EIO.
 */
export interface WriteSeam {
  /** `fs.writeSync(fd, data, offset, length)`: bytes written (may be fewer), or throws. */
  write(fd: number, data: Buffer, offset: number, length: number): number
  /** `fs.ftruncateSync`. */
  truncate(fd: number, length: number): void
  /** `fs.fsyncSync`. */
  fsync(fd: number): void
  /** Replaces a whole file atomically (temp file, fsync, rename). */
  replaceFile(path: string, data: string): void
  /** `fs.copyFileSync(from, to, COPYFILE_EXCL)`. */
  copyExclusive(from: string, to: string): void
}

const SYSTEM: WriteSeam = {
  write: (fd, data, offset, length) => writeSync(fd, data, offset, length),
  truncate: (fd, length) => ftruncateSync(fd, length),
  fsync: (fd) => fsyncSync(fd),
  replaceFile: (path, data) => writeFileAtomic.sync(path, data, { fsync: true }),
  copyExclusive: (from, to) => copyFileSync(from, to, constants.COPYFILE_EXCL),
}
let seam: WriteSeam = SYSTEM

/**
 * Test hook: replaces some of the write system calls (the rest stay real) until the returned
 * function is called. Not for production code.
 */
export function setWriteSeam(overrides: Partial<WriteSeam>): () => void {
  seam = { ...SYSTEM, ...overrides }
  return () => {
    seam = SYSTEM
  }
}

/**
 * A write failed and its partial bytes could not be removed: the file is NOT as before.
 * `code` is the errno of the original failure; the message says what the file holds now
 * (how many bytes of an unfinished line, from which byte offset) and how to repair it.
 */
export class PartialWriteError extends Error {
  readonly code: string
  constructor(
    readonly path: string,
    /** Size of the file before the write (where it should be cut back to). */
    readonly offset: number,
    /** Bytes of the unfinished line left after `offset`. */
    readonly bytes: number,
    readonly original: unknown,
    detail: string,
  ) {
    super(
      `${path} now ends with ${bytes} bytes of an unfinished line (from byte ${offset}): ${detail}. ` +
        `pi would glue its next line onto them; cutting the file back to ${offset} bytes repairs it.`,
      { cause: original },
    )
    this.name = 'PartialWriteError'
    this.code = (original as NodeJS.ErrnoException)?.code ?? 'EIO'
  }
}

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
  const n = Math.min(SNAPSHOT_TAIL_BYTES, st.size)
  const tail = Buffer.alloc(n)
  if (n > 0) readFully(fd, tail, st.size - n)
  return { size: st.size, ino: st.ino, endsWithNewline: n === 0 || tail[n - 1] === 0x0a, tail }
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
  const probe = Buffer.alloc(needsProbe(known, now) ? known.tail.length : 0)
  if (probe.length > 0) readFully(fd, probe, known.size - probe.length)
  const change = classifyChange(known, now, probe)
  return change === 'same' || change === 'grown' ? change : 'replaced'
}

/** How a file changed, in detail: what {@link compareSnapshot} calls `replaced` is split up. */
export type FileChange = 'same' | 'grown' | 'replaced' | 'truncated' | 'rewritten'

/** Whether telling the change needs the bytes that used to end the file (same inode, not shrunk). */
export function needsProbe(
  known: Pick<FileSnapshot, 'size' | 'ino'>,
  now: Pick<FileSnapshot, 'size' | 'ino'>,
): boolean {
  return now.ino === known.ino && now.size >= known.size
}

/**
 * How the file changed since `known` (pi spec 17: never append or follow blindly): another
 * inode is `replaced`, a shorter file `truncated`, changed bytes where the file used to end
 * `rewritten`; else `same` or `grown`.
 * @param probe the file's bytes now at the place of `known.tail` (empty when not needed)
 */
export function classifyChange(
  known: Pick<FileSnapshot, 'size' | 'ino'> & { tail: Uint8Array },
  now: Pick<FileSnapshot, 'size' | 'ino'>,
  probe: Uint8Array,
): FileChange {
  if (now.ino !== known.ino) return 'replaced'
  if (now.size < known.size) return 'truncated'
  if (Buffer.compare(Buffer.from(probe), Buffer.from(known.tail)) !== 0) return 'rewritten'
  return now.size === known.size ? 'same' : 'grown'
}

function readFully(fd: number, buf: Buffer, position: number): number {
  let off = 0
  while (off < buf.length) {
    const n = readSync(fd, buf, off, buf.length - off, position + off)
    if (n === 0) break
    off += n
  }
  return off
}

/**
 * Writes all of `data` at the end of an `O_APPEND` descriptor, looping on short writes. When a
 * write fails part-way, the bytes that landed are cut off again (truncate, fsync) before the
 * error is rethrown, so the file is byte-identical to before; if that is impossible, throws
 * {@link PartialWriteError} saying what the file holds. A write that reports 0 bytes counts
 * as a failure (EIO), never as a reason to spin.
 */
function writeWhole(fd: number, path: string, data: Buffer): void {
  let landed = 0
  try {
    while (landed < data.length) {
      const n = seam.write(fd, data, landed, data.length - landed)
      if (!(n > 0))
        throw errnoError('EIO', `write to ${path} wrote 0 of ${data.length - landed} bytes`)
      landed += n
    }
  } catch (error) {
    if (landed > 0) undoPartialWrite(fd, path, data.subarray(0, landed), error)
    throw error
  }
}

/** Cuts `landed` (the first bytes of our write) off the end of the file again. */
function undoPartialWrite(fd: number, path: string, landed: Buffer, error: unknown): void {
  let size = -1
  try {
    size = fstatSync(fd).size
    const start = size - landed.length
    const found = Buffer.alloc(landed.length)
    if (start < 0 || readFully(fd, found, start) !== landed.length || !found.equals(landed)) {
      // Another writer appended after our bytes: cutting now would remove its line too.
      throw new PartialWriteError(
        path,
        Math.max(0, start),
        landed.length,
        error,
        'another program appended after them, so they were left in place',
      )
    }
    seam.truncate(fd, start)
    seam.fsync(fd)
  } catch (undo) {
    if (undo instanceof PartialWriteError) throw undo
    const start = size >= 0 ? size - landed.length : -1
    const detail = `removing them failed too (${(undo as NodeJS.ErrnoException)?.code ?? String(undo)})`
    throw new PartialWriteError(path, Math.max(0, start), landed.length, error, detail)
  }
}

/** The code of {@link LineInProgressError} (ours: no errno says it). */
export const LINE_IN_PROGRESS = 'ELINEPENDING'

/**
 * The file ends in a line another writer (pi) is still writing: it was written a moment ago
 * (`isLive`, timing.ts) and its last line has no newline yet. Nothing was written: completing
 * that line with our own line break would cut the other writer's line in two.
 */
export class LineInProgressError extends Error {
  readonly code = LINE_IN_PROGRESS
  constructor(readonly path: string) {
    super(`${path} ends in a line another program is still writing`)
    this.name = 'LineInProgressError'
  }
}

function errnoError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code })
}

/** How long an append waits for another writer's unfinished line to end (ms), and how often it looks. */
const LINE_SETTLE_MS = 100
const LINE_SETTLE_STEP_MS = 5
const sleeper = new Int32Array(new SharedArrayBuffer(4))

/**
 * Whether the file open as `fd` ends in `\n` (an empty file does), giving another writer's line
 * time to land: a reader sees a write arrive in pieces (on ext4, one look in eight at a file
 * receiving 400-byte lines finds one unfinished), and pi takes no lock (pi spec 13.2). An end
 * that is not `\n` is looked at again every {@link LINE_SETTLE_STEP_MS} for up to
 * {@link LINE_SETTLE_MS}. Then, in a file written a moment ago (`isLive`: a slow disk, a huge
 * line written in pieces), it is a line on its way; in a quiet file, a broken last line (its
 * writer died) that our write must complete.
 * Blocks the thread for that long only when the file really ends in an unfinished line.
 * @throws {@link LineInProgressError} for a line on its way
 */
function endsWithLineBreak(fd: number, path: string): boolean {
  const last = Buffer.alloc(1)
  const deadline = performance.now() + LINE_SETTLE_MS
  for (;;) {
    const { size, mtimeMs } = fstatSync(fd)
    if (size === 0) return true
    if (readFully(fd, last, size - 1) === 1 && last[0] === 0x0a) return true
    if (performance.now() >= deadline) {
      if (isLive(mtimeMs, Date.now())) throw new LineInProgressError(path)
      return false
    }
    Atomics.wait(sleeper, 0, 0, LINE_SETTLE_STEP_MS)
  }
}

/** What {@link appendLine} did: the file after it, and the bytes it wrote. */
export interface AppendResult {
  snapshot: FileSnapshot
  /** Bytes of our write: the line, plus one when it completed a broken last line. */
  written: number
}

/**
 * Appends one serialised line to an existing file in a single write; if the file does not end
 * in `\n` (looked at just before the write, see {@link endsWithLineBreak}) and is quiet, the line
 * break is completed in the same write (pi spec 6.1: pi 0.73.1 would glue the line onto the
 * broken one); a line still on its way is refused, the file untouched.
 * Opens with O_APPEND, never creates the file. A failed or short write leaves the file
 * byte-identical (see {@link writeWhole}).
 * @param line one line ending in `\n`
 * @throws the fs error (ENOSPC, EIO...) with the file unchanged, {@link LineInProgressError}
 * (nothing written), or {@link PartialWriteError}
 */
export function appendLine(path: string, line: string): AppendResult {
  // Read-write: the end check and the snapshot after the write read through the same descriptor.
  const fd = openSync(path, constants.O_RDWR | constants.O_APPEND)
  try {
    const data = Buffer.from(endsWithLineBreak(fd, path) ? line : `\n${line}`, 'utf8')
    writeWhole(fd, path, data)
    return { snapshot: snapshotFd(fd), written: data.length }
  } finally {
    closeSync(fd)
  }
}

/**
 * Creates a new session file with all `lines` in one write (pi 1.6.0 opens with `wx`, pi spec
 * 13.1). Creates the parent folder first: only a first write does that, never a read.
 * `allowEmptyExisting` accepts an existing 0-byte file (an explicit path pi would have
 * initialised on open). A failed write leaves things as before: a file this call created is
 * removed again (it held nothing but our partial bytes), an accepted empty file is cut back
 * to 0 bytes.
 * @throws EEXIST if the file exists (and is not an accepted empty file); the fs error of a
 * failed write; {@link PartialWriteError}
 */
export function createSessionFile(
  path: string,
  lines: string[],
  allowEmptyExisting = false,
): FileSnapshot {
  mkdirSync(dirname(path), { recursive: true })
  let fd: number
  let created = false
  if (allowEmptyExisting && existsSync(path)) {
    fd = openSync(path, constants.O_RDWR | constants.O_APPEND)
    if (fstatSync(fd).size !== 0) {
      closeSync(fd)
      throw errnoError('EEXIST', `file already exists and is not empty, open '${path}'`)
    }
  } else {
    fd = openSync(path, 'wx+')
    created = true
  }
  try {
    writeWhole(fd, path, Buffer.from(lines.join(''), 'utf8'))
    return snapshotFd(fd)
  } catch (error) {
    closeSync(fd)
    fd = -1
    if (created) undoCreate(path, error)
    throw error
  } finally {
    if (fd >= 0) closeSync(fd)
  }
}

/**
 * Removes the new file a failed create left (ours alone: removing it undoes the create, it is
 * not deleting a session); then the state is as before even when cutting the partial bytes off
 * had failed, so the original failure is thrown. If even the removal fails, returns and the
 * caller throws what it has.
 */
function undoCreate(path: string, error: unknown): void {
  try {
    rmSync(path, { force: true })
  } catch {
    return
  }
  if (error instanceof PartialWriteError) throw error.original
}

/**
 * Rewrites a whole session file atomically (temp file, fsync, rename via write-file-atomic)
 * after copying the original to a backup beside it (`<file>.v<version>.bak`, or with a counter
 * when taken; the name does not end in `.jsonl`, so pi never lists it). Used only when a legacy
 * (v1/v2) file is edited (ARCHITECTURE rule 8). When the copy or the rewrite fails, the
 * backup this call made is removed again and the session file is untouched.
 * @returns the backup path
 * @throws the fs error (ENOSPC...) with the session file unchanged
 */
export function rewriteSessionFile(path: string, lines: string[], version: number): string {
  let backup = `${path}.v${version}.bak`
  for (let n = 1; existsSync(backup); n++) backup = `${path}.v${version}.${n}.bak`
  let copied = false
  try {
    seam.copyExclusive(path, backup)
    copied = true
    seam.replaceFile(path, lines.join(''))
  } catch (error) {
    // A half-written backup (disk full during the copy) or one for a rewrite that never
    // happened: ours, and only in the way. EEXIST means someone else's file: leave it.
    if (copied || (error as NodeJS.ErrnoException)?.code !== 'EEXIST')
      rmSync(backup, { force: true })
    throw error
  }
  return backup
}
