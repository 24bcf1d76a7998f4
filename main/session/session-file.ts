/**
 * One session file as seen by a writer that runs next to pi (safe appends, pi spec 13.2 and 17): remembers
 * what it last read or wrote, notices growth, shrinking and replacement, and writes whole lines.
 */
import { closeSync } from 'node:fs'
import { loadSessionFileSync, type LoadedSession } from './load.js'
import { openRegularSync } from './open-file.js'
import {
  appendLine,
  compareSnapshot,
  createSessionFile,
  rewriteSessionFile,
  snapshotFd,
  SNAPSHOT_TAIL_BYTES,
  type FileSnapshot,
} from './write.js'

/** Outcome of {@link SessionFile.sync}. */
export type SyncResult =
  | { kind: 'same' }
  /** Only the new entries after the known end (a continuation, not migrated). */
  | { kind: 'grown'; tail: LoadedSession }
  /** The file shrank, was replaced or rewritten: everything re-read. */
  | { kind: 'replaced'; loaded: LoadedSession }

/** Writer state of one session file path. */
export class SessionFile {
  /** What we last read or wrote; null while the file was never read or written by us. */
  snapshot: FileSnapshot | null = null
  /** Physical lines up to `snapshot.size`. */
  lineCount = 0
  /** Set while the file is a legacy (v1/v2) file migrated only in memory. */
  legacyVersion: number | null = null
  /** An existing 0-byte file may receive the first write (pi would have initialised it). */
  allowEmptyExisting = false
  /** Backup written before the legacy rewrite, if any. */
  backupPath: string | undefined

  constructor(readonly path: string) {}

  /** Remembers a load of this file as the known state. */
  adopt(loaded: LoadedSession): void {
    this.snapshot = {
      size: loaded.bytes,
      ino: loaded.ino ?? 0,
      endsWithNewline: loaded.bytes === 0 || loaded.endsWithNewline,
      tail: Buffer.from(loaded.tail),
    }
    this.lineCount = loaded.lineCount
  }

  /**
   * Compares the file with the known state and reads what changed: the new tail when lines were
   * appended after a complete last line, the whole file otherwise. Throws the fs error (e.g.
   * ENOENT when the file was deleted).
   */
  sync(): SyncResult {
    const known = this.snapshot
    if (known === null) return { kind: 'replaced', loaded: this.reload() }
    const fd = openRegularSync(this.path)
    let change: 'same' | 'grown' | 'replaced'
    try {
      change = compareSnapshot(known, snapshotFd(fd), fd)
    } finally {
      closeSync(fd)
    }
    if (change === 'same') return { kind: 'same' }
    if (change === 'grown' && known.endsWithNewline) {
      const tail = loadSessionFileSync(this.path, {
        fromOffset: known.size,
        startLine: this.lineCount + 1,
      })
      this.snapshot = {
        size: tail.bytes,
        ino: tail.ino ?? known.ino,
        endsWithNewline: tail.endsWithNewline,
        tail: Buffer.concat([known.tail, Buffer.from(tail.tail)]).subarray(-SNAPSHOT_TAIL_BYTES),
      }
      this.lineCount = tail.lineCount
      return { kind: 'grown', tail }
    }
    return { kind: 'replaced', loaded: this.reload() }
  }

  private reload(): LoadedSession {
    const loaded = loadSessionFileSync(this.path)
    this.adopt(loaded)
    return loaded
  }

  /** First write of a new session: all lines at once, exclusive create (pi spec 13.1). */
  create(lines: string[]): void {
    this.snapshot = createSessionFile(this.path, lines, this.allowEmptyExisting)
    this.allowEmptyExisting = false
    this.lineCount = lines.length
  }

  /**
   * Appends one line, completing a quiet file's missing line break first (pi spec 6.1, 13.2);
   * refuses while another writer's line is on its way (write.ts {@link appendLine}).
   */
  append(line: string): void {
    const known = this.snapshot
    const { snapshot: after, written } = appendLine(this.path, line)
    // Another writer's bytes landed with ours (pi takes no lock, spec 13.2): what we know of
    // the file no longer matches it, so the next sync reads the whole file again.
    const alone = known !== null && after.size === known.size + written
    this.snapshot = alone ? after : null
    // A repaired unterminated line was already counted; the new line adds one.
    this.lineCount += 1
  }

  /** Atomic rewrite with backup, for the first edit of a legacy file (pi spec 13.3, ARCHITECTURE.md rule 8). */
  rewrite(lines: string[]): void {
    const version = this.legacyVersion ?? 0
    this.backupPath = rewriteSessionFile(this.path, lines, version)
    this.legacyVersion = null
    const fd = openRegularSync(this.path)
    try {
      this.snapshot = snapshotFd(fd)
    } finally {
      closeSync(fd)
    }
    this.lineCount = lines.length
  }
}
