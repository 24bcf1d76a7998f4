/**
 * SessionRecord: the library's record of one session file (file facts, status,
 * diagnostics and the digest), and how it is read: fully, or from the previous end when
 * pi only appended. Never throws and never writes a session file: a file that cannot be read
 * becomes an `unreadable` record that says why.
 */
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  assertRegularFile,
  headerIsFirstForPi,
  isDamage,
  isPiSessionFile,
  loadSessionFile,
  loadSessionFileSync,
  openForRange,
  type Diagnostic,
  type LoadOptions,
  type LoadedSession,
} from '../session'
import { addEntries, newDigest, type SessionDigest } from './digest'
import type { SearchText } from './search-texts'
import { opaqueId } from './ids'
import { describeFsError, type SessionCandidate } from './scan'
import { meansGone } from './fs-errors'
import { landedEnd, wholeReadEnd } from './landed'

/** Whether a session read cleanly, with damage (still readable), or not at all. */
export type SessionStatus = 'ok' | 'damaged' | 'unreadable'

/** What identifies one version of a file: an unchanged file is never read again. */
export interface FileIdentity {
  size: number
  mtimeMs: number
  ino: number
}

/** The library's record of one session file (plain data: stored in the index). */
export interface SessionRecord extends FileIdentity {
  /** Opaque id (ids.ts), the only name the renderer uses. */
  key: string
  path: string
  folder: string
  root: string
  fileName: string
  /** Bytes parsed so far; an append is read from here. */
  parsedBytes: number
  endsWithNewline: boolean
  lineCount: number
  /** Hex of the last bytes parsed: an append must leave them unchanged. */
  tailHex: string
  status: SessionStatus
  diagnostics: Diagnostic[]
  /** One sentence on what is wrong, or null. */
  problem: string | null
  /** Null only for a file that could not be read at all. */
  digest: SessionDigest | null
}

/** Same inode, size and mtime: the same version of the file. */
export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs
}

/** Same version of the file, and it was readable: nothing to read again. */
export function sameVersion(
  previous: FileIdentity & { status: SessionStatus },
  facts: FileIdentity,
): boolean {
  return previous.status !== 'unreadable' && sameIdentity(previous, facts)
}

function describeDiagnostic(d: Diagnostic): string {
  return d.line > 0 ? `Line ${d.line}: ${d.message}` : d.message
}

function judge(diagnostics: Diagnostic[], digest: SessionDigest) {
  const damage = diagnostics.filter(isDamage)
  const first = damage[0]
  const headerless = !digest.hasHeader
  return {
    status: (headerless || damage.length > 0 ? 'damaged' : 'ok') as SessionStatus,
    problem: first ? describeDiagnostic(first) : headerless ? 'No session header' : null,
  }
}

function baseOf(candidate: SessionCandidate) {
  return {
    key: opaqueId('session', candidate.path),
    path: candidate.path,
    folder: candidate.folder,
    root: candidate.root,
    fileName: basename(candidate.path),
  }
}

function fromLoad(
  candidate: SessionCandidate,
  facts: { size: number; mtimeMs: number },
  loaded: LoadedSession,
  onText: (text: SearchText) => void,
): SessionRecord {
  // A file without a readable header still shows what its readable entries say.
  const digest = newDigest(loaded.header, headerIsFirstForPi(loaded))
  addEntries(digest, loaded.entries, onText)
  return {
    ...baseOf(candidate),
    size: facts.size,
    mtimeMs: facts.mtimeMs,
    ino: loaded.ino ?? 0,
    parsedBytes: loaded.bytes,
    endsWithNewline: loaded.endsWithNewline,
    lineCount: loaded.lineCount,
    tailHex: Buffer.from(loaded.tail).toString('hex'),
    diagnostics: loaded.diagnostics,
    digest,
    ...judge(loaded.diagnostics, digest),
  }
}

/** What the library's problems say of another program's JSONL file. */
export const NOT_A_SESSION =
  'Not a pi session file: its lines are JSON of another kind, not pi entries'

/** A record for a path that could not be read at all. */
export function unreadableRecord(candidate: SessionCandidate, error: unknown): SessionRecord {
  return {
    ...baseOf(candidate),
    size: 0,
    mtimeMs: 0,
    ino: 0,
    parsedBytes: 0,
    endsWithNewline: false,
    lineCount: 0,
    tailHex: '',
    status: 'unreadable',
    diagnostics: [],
    problem: describeFsError(candidate.path, error).message,
    digest: null,
  }
}

/** True when the bytes before `previous.parsedBytes` still end with the recorded tail. */
async function tailUnchanged(path: string, previous: SessionRecord): Promise<boolean> {
  const tail = Buffer.from(previous.tailHex, 'hex')
  if (tail.length === 0) return previous.parsedBytes === 0
  const handle = await openForRange(path)
  try {
    const buf = Buffer.alloc(tail.length)
    await handle.read(buf, 0, tail.length, previous.parsedBytes - tail.length)
    return buf.equals(tail)
  } finally {
    await handle.close()
  }
}

/**
 * How a re-read went: nothing changed, only new lines were read, the whole file, the
 * file could not be read (retried on every scan: permissions can change without mtime), or
 * it is not a pi session file at all (another program's JSONL: never listed).
 */
export type ReadKind = 'unchanged' | 'appended' | 'full' | 'failed' | 'foreign'

/** A read's outcome: the record, how it was read, and the texts it found. */
export interface ReadOutcome {
  record: SessionRecord
  kind: ReadKind
  /** Searchable texts read: all of the file's for a full read, the new ones for an append. */
  texts: SearchText[]
}

/**
 * Reads `candidate`, reusing `previous` where possible: unchanged (same size, mtime and
 * inode) → previous as is; grown with the same inode and an intact tail after a complete
 * line → only the new bytes are parsed; anything else (shrunk, replaced, damaged tail) →
 * a full read.
 * @param blocking parse without yielding (a worker thread, where nothing else waits)
 */
export async function readRecord(
  candidate: SessionCandidate,
  previous?: SessionRecord,
  blocking = false,
): Promise<ReadOutcome> {
  const load = (path: string, options?: LoadOptions) =>
    blocking ? Promise.resolve(loadSessionFileSync(path, options)) : loadSessionFile(path, options)
  const texts: SearchText[] = []
  const onText = (text: SearchText) => void texts.push(text)
  try {
    const facts = await stat(candidate.path)
    assertRegularFile(candidate.path, facts)
    if (previous && sameVersion(previous, facts)) {
      return { record: previous, kind: 'unchanged', texts }
    }
    const appendable =
      previous &&
      previous.ino === facts.ino &&
      previous.status !== 'unreadable' &&
      previous.digest !== null &&
      previous.endsWithNewline &&
      facts.size > previous.parsedBytes &&
      (await tailUnchanged(candidate.path, previous))
    if (appendable && previous.digest) {
      const landed = await landedEnd(candidate.path, facts, previous.parsedBytes)
      if (landed === previous.parsedBytes) return { record: previous, kind: 'unchanged', texts }
      const more = await load(candidate.path, {
        fromOffset: previous.parsedBytes,
        startLine: previous.lineCount + 1,
        ...(landed === null ? {} : { toOffset: landed }),
      })
      const digest: SessionDigest = structuredClone(previous.digest)
      addEntries(digest, more.entries, onText)
      const diagnostics = [...previous.diagnostics, ...more.diagnostics]
      const record: SessionRecord = {
        ...previous,
        // A line on its way is left out of the size too: the file differs, and is read again.
        size: landed ?? facts.size,
        mtimeMs: facts.mtimeMs,
        parsedBytes: more.bytes,
        endsWithNewline: more.endsWithNewline,
        lineCount: more.lineCount,
        tailHex: Buffer.from(more.tail).toString('hex'),
        diagnostics,
        digest,
        ...judge(diagnostics, digest),
      }
      return { record, kind: 'appended', texts }
    }
    const landed = await wholeReadEnd(candidate.path, facts)
    const loaded = await load(candidate.path, landed === null ? {} : { toOffset: landed })
    if (!isPiSessionFile(loaded)) {
      const record = unreadableRecord(candidate, null)
      return { record: { ...record, problem: NOT_A_SESSION }, kind: 'foreign', texts: [] }
    }
    const read = { size: landed ?? facts.size, mtimeMs: facts.mtimeMs }
    return { record: fromLoad(candidate, read, loaded, onText), kind: 'full', texts }
  } catch (error) {
    return {
      record: stillThere(previous, error) ?? unreadableRecord(candidate, error),
      kind: 'failed',
      texts: [],
    }
  }
}

/**
 * The record of a file read before that is there but cannot be read now (its permission or
 * its folder's taken away, an I/O error): what it said last (title, project, counts) with the
 * reason it cannot be read, so its row stays where the user knows it. Null when there is no
 * such record, or the file is gone.
 */
function stillThere(previous: SessionRecord | undefined, error: unknown): SessionRecord | null {
  if (!previous?.digest || meansGone((error as NodeJS.ErrnoException)?.code)) return null
  const { message } = describeFsError(previous.path, error)
  return { ...previous, status: 'unreadable', diagnostics: [], problem: message }
}
