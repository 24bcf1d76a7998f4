/**
 * The session view's only door into `main/session` (thin adapter): loads a file with the
 * session module's streaming loader and SessionManager, and adds the lookups the view needs
 * (position of every entry, pi's index by id). Reading never writes (pi spec 17,
 * ARCHITECTURE.md rule 8).
 */
import { stat } from 'node:fs/promises'
import type { FileIdentity } from '../../library/record'
import { wholeReadEnd } from '../../library/landed'
import {
  SessionManager,
  classifyChange,
  needsProbe,
  foldListing,
  headerIsFirstForPi,
  startListing,
  buildSessionProjection,
  loadSessionFile,
  openForRange,
  walkToRoot,
  type FileChange,
  type ListingFold,
  type LoadedSession,
  type SessionEntry,
  type SessionProjection,
  type SessionTreeNode,
  type EntryForest,
} from '../../session'

export type {
  AgentMessage,
  Diagnostic,
  SessionEntry,
  SessionHeader,
  SessionTreeNode,
} from '../../session'
export { isEntryType, isMessageRole } from '../../session'

/** File identity used to notice that a cached load is stale (the library's, record.ts). */
export type FileStamp = FileIdentity
export { sameIdentity } from '../../library/record'

/** One loaded session plus the lookups the view needs. */
export interface ViewSource {
  path: string
  /** The identity of the bytes read so far (grows with live follow, grow.ts). */
  stamp: FileStamp
  loaded: LoadedSession
  /**
   * pi's SessionManager over the entries read so far; built on first use after the file grew
   * (live follow keeps its own incremental state and rarely needs it).
   */
  readonly manager: SessionManager
  /** Forgets the manager after the entries grew: the next use builds it over all of them. */
  dropManager(): void
  /** All entries in file order (pi's `getEntries()`; legacy files migrated in memory). */
  entries: readonly SessionEntry[]
  /** pi's index: id -> entry, a later duplicate wins (pi spec 7). */
  byId: ReadonlyMap<string, SessionEntry>
  /** Entry object -> position in `entries` (duplicates keep their own positions). */
  posOf: ReadonlyMap<SessionEntry, number>
  /**
   * Position of the entry pi resumes from (its leaf, or with no leaf id the last entry: pi
   * 1.6.0, spec 7, 12.1; `SessionManager.getResumeEntry`), or -1 when pi's context is empty by rule.
   */
  leafPos: number
  /**
   * pi's listing fold over the entries read so far: name, first message, created, last
   * activity (pi spec 15.1); also for a file without a header (pi lists no such file, the
   * library does, under the same title).
   */
  listing: ListingFold
}

/** Lets queued I/O and timers run (used between long synchronous steps). */
export function yieldNow(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Longest stretch of a sliced loop before it yields (ms). */
const SLICE_MS = 8

/**
 * Calls `fn` on each item in order, yielding to the event loop every ~8 ms, so a pass over
 * 100,000 entries never blocks its thread (the view worker) for long.
 */
export async function forEachSliced<T>(
  items: readonly T[],
  fn: (item: T, index: number) => void,
): Promise<void> {
  let started = performance.now()
  for (let i = 0; i < items.length; i++) {
    fn(items[i] as T, i)
    if ((i & 255) === 255 && performance.now() - started > SLICE_MS) {
      await yieldNow()
      started = performance.now()
    }
  }
}

/**
 * Reads `length` bytes of `path` from byte `position` (fewer at the end of the file). Rejects
 * with the fs error (ENOENT...).
 */
export async function readRange(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await openForRange(path)
  try {
    const buf = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buf, 0, length, position)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * How the file at `path`, now `now`, changed since the bytes `known` whose last bytes were
 * `tail` (the session module's rule, `classifyChange`: pi spec 17), reading the bytes now at
 * the old tail's place when telling needs them.
 * @throws the fs error when they cannot be read
 */
export async function changeSince(
  path: string,
  known: FileStamp,
  tail: Uint8Array,
  now: FileStamp,
): Promise<FileChange> {
  const probe = needsProbe(known, now)
    ? await readRange(path, known.size - tail.length, tail.length)
    : Buffer.alloc(0)
  return classifyChange({ ...known, tail }, now, probe)
}

/** Reads the file identity. Rejects with the fs error (ENOENT...). */
export async function stampOf(path: string): Promise<FileStamp> {
  const facts = await stat(path)
  return { size: facts.size, mtimeMs: facts.mtimeMs, ino: facts.ino }
}

/** Options of {@link loadViewSource}. */
export interface ViewLoadOptions {
  /** Aborts the read. */
  signal?: AbortSignal
  /**
   * Read only the bytes this identity names (the file's first `upTo.size` bytes, as a tree
   * skeleton describes them): the source then stands for exactly those bytes, and live follow
   * (grow.ts) reads what was appended after them, or reads the file again when they changed
   * (another inode, a rewrite).
   */
  upTo?: FileStamp
  /** Hash the bytes read (`loaded.sha256`): a skeleton checks its bytes are still the file's. */
  sha256?: boolean
}

/**
 * Loads `path` without blocking the event loop for long (the loader yields every ~12 ms). A
 * line pi is still writing (a file written a moment ago whose last line has no newline yet) is
 * left out, as the library leaves it out (landed.ts): the view is of the whole lines, and live
 * follow reads the line once it lands, or the file again once it turns quiet (then an
 * unfinished line is damage, and shown as such).
 * @throws the fs error when the file cannot be read (EISDIR, ENOENT, EACCES...)
 */
export async function loadViewSource(
  path: string,
  { signal, upTo, sha256 }: ViewLoadOptions = {},
): Promise<ViewSource> {
  const before = upTo ? { ...upTo } : await stampOf(path)
  const landed = upTo ? upTo.size : ((await wholeReadEnd(path, before)) ?? undefined)
  const loaded = await loadSessionFile(path, { signal, toOffset: landed, sha256 })
  // Bytes parsed, not the stat before reading: a file that grew meanwhile is followed from here.
  const stamp = upTo
    ? { ...before, size: loaded.bytes }
    : await stampOfBytesRead(path, before, loaded.ino, loaded.bytes)
  return viewSourceOf(path, stamp, loaded)
}

/**
 * The stamp of the first `bytes` bytes of `path` (file `ino`), read after the stat `before`:
 * their size, and the mtime the file has once they are read when it still holds exactly those
 * bytes. pi appending while they were read moves the mtime, and so does the write of the last
 * of them: a stat can see a write's size before its mtime. Taken before the read, that mtime
 * would later look like a file of the same size written in place (grow.ts).
 */
export async function stampOfBytesRead(
  path: string,
  before: FileStamp,
  ino: number | undefined,
  bytes: number,
): Promise<FileStamp> {
  const stamp = { ...before, size: bytes }
  const after = await stampOf(path).catch(() => null)
  if (after && after.ino === ino && after.size === bytes) stamp.mtimeMs = after.mtimeMs
  return stamp
}

/**
 * The view's lookups over a file already loaded from `path` (or a copy of its entries with
 * some text changed, as the export's redaction makes: same positions, same ids).
 */
export async function viewSourceOf(
  path: string,
  stamp: FileStamp,
  loaded: LoadedSession,
): Promise<ViewSource> {
  // Between the synchronous steps below (each tens of ms on 50,000 entries), let other
  // requests run: the view's thread must never be blocked for long.
  await yieldNow()
  const manager = SessionManager.fromLoaded(path, loaded)
  const entries = loaded.entries
  const byId = new Map<string, SessionEntry>()
  const posOf = new Map<SessionEntry, number>()
  await forEachSliced(entries, (entry, i) => {
    posOf.set(entry, i)
    if (typeof entry.id === 'string') byId.set(entry.id, entry)
  })
  const resume = manager.getResumeEntry()
  const leafPos = resume === undefined ? -1 : (posOf.get(resume) ?? -1)
  await yieldNow()
  // Folded with or without a header, as the library folds it: the view titles a session as
  // the list does (a file pi does not list is still named by its first message).
  const listing = startListing(loaded.header, loaded.header ? headerIsFirstForPi(loaded) : false)
  await forEachSliced(entries, (entry) => foldListing(listing, entry))
  let built: SessionManager | null = manager
  return {
    path,
    stamp,
    loaded,
    get manager(): SessionManager {
      built ??= SessionManager.fromLoaded(path, loaded)
      return built
    },
    dropManager() {
      built = null
    },
    entries,
    byId,
    posOf,
    leafPos,
    listing,
  }
}

/**
 * The loaded session as it is now, for work that yields while live follow may extend the
 * session: its entries, pi's leaf, its stamp and its SessionManager stay as they were. The
 * lookups it shares only gain the entries appended, which such work does not name.
 */
export function snapshotOf(source: ViewSource): ViewSource {
  const manager = source.manager
  return {
    ...source,
    manager,
    dropManager: () => undefined,
    entries: source.entries.slice(),
  }
}

/**
 * Each load's entry tree as last built, kept so that after pi appends, the new entries join it
 * (the session module's `growTree`) instead of a build of the whole tree again.
 */
const forests = new WeakMap<LoadedSession, EntryForest>()

/**
 * The entry tree (pi spec 8, with the session module's no-silent-loss improvements), built in
 * slices of ~8 ms so a 100,000-entry tree never blocks its thread for long; after pi appended
 * to a session whose tree was built, the tree built then with the new entries joined to it.
 * The tree is shared by the builds of one load: they run one at a time (the opened session is
 * memoized per load, grow.ts waits for a build before a new order is built).
 */
export async function treeOf(source: ViewSource): Promise<SessionTreeNode[]> {
  const kept = forests.get(source.loaded)
  if (kept && kept.nodes.length <= source.entries.length && source.manager.growTree(kept))
    return kept.roots
  const steps = source.manager.getForestSteps()
  let started = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) {
      forests.set(source.loaded, step.value)
      return step.value.roots
    }
    if (performance.now() - started > SLICE_MS) {
      await yieldNow()
      started = performance.now()
    }
  }
}

/** The last path walked per source: opening a session walks pi's leaf path several times. */
const lastWalk = new WeakMap<
  ViewSource,
  { entry: SessionEntry; size: number; path: SessionEntry[] }
>()

/**
 * Root-first path to `entry` (pi spec 9), cycle-safe. The array may be shared with other
 * callers (the last walk is kept): never mutate it.
 */
export function pathTo(source: ViewSource, entry: SessionEntry): readonly SessionEntry[] {
  const last = lastWalk.get(source)
  // Appends never change an existing entry's path; a new index winner could: compare sizes.
  if (last && last.entry === entry && last.size === source.byId.size) return last.path
  const path = walkToRoot(entry, source.byId)
  lastWalk.set(source, { entry, size: source.byId.size, path })
  return path
}

/**
 * pi 1.6.0's projection (compaction-aware entries, context edits; pi spec 12.3) with `entry`
 * as the leaf. The session module takes a leaf id; an entry that is not its id's index winner
 * (an earlier duplicate) or has no id is passed under a private key.
 */
export function projectionAt(source: ViewSource, entry: SessionEntry): SessionProjection {
  const id = entry.id
  if (typeof id === 'string' && id !== '' && source.byId.get(id) === entry) {
    return buildSessionProjection(source.entries, id, source.byId)
  }
  const key = '\u0000view-target'
  const byId = new Map(source.byId)
  byId.set(key, entry)
  return buildSessionProjection(source.entries, key, byId)
}
