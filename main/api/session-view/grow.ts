/**
 * Live follow: when the open session's file grows, only the appended bytes are read (the
 * session module's continuation parse, as the library reads growth) and the loaded session,
 * its tree rows and its header facts are extended in place, at a cost proportional to the
 * appended bytes. A new branch extends the loaded session too, but its rows (in display order)
 * are built again from memory. A damaged or unfinished line, a duplicate id, a rewrite, a
 * truncation or a replaced file asks for a full read instead. Reading never writes (pi spec 17).
 */
import {
  CURRENT_SESSION_VERSION,
  foldListing,
  labelChange,
  finishParse,
  listingModified,
  SessionLineParser,
  type LoadedSession,
} from '../../session'
import { setTimeout as sleep } from 'node:timers/promises'
import { sameIdentity } from '../../library/record'
import { isLive } from '../../../preload/contract/timing'
import { addCalls, repeatsCall } from './row-text'
import {
  nextRevision,
  statsOf,
  tallyEntry,
  type OpenedBefore,
  type OpenedMemo,
  type OpenedSession,
} from './overview'
import { toRow } from './rows'
import {
  changeSince,
  pathTo,
  readRange,
  stampOf,
  stampOfBytesRead,
  yieldNow,
  type FileStamp,
  type SessionEntry,
  type ViewSource,
} from './source'

/**
 * What became of a loaded session whose file changed: `grown` extended the view in place;
 * `rebuilt` extended the loaded session, whose view (rows in display order) must be built again
 * from memory (`continues`: the path to pi's new leaf runs through the leaf before;
 * `staleBelow`: every revision handed out so far is below it, and belongs to rows in the old
 * order); `reload` needs the file read again.
 */
export type Growth =
  | { kind: 'same' }
  | { kind: 'grown'; entries: number }
  | {
      kind: 'rebuilt'
      reason: string
      continues: boolean
      staleBelow: number
      /** The view's rows in the order left, and their revision (null: the view was not built). */
      before: RowsBefore | null
    }
  | { kind: 'reload'; reason: string; notice: boolean }

/**
 * An opened session's rows at one revision and the follow state they were built with, kept
 * when pi starts a new branch: the view's rows in the new order are told relative to them, and
 * built from them (an entry's row text does not change with the order).
 */
export interface RowsBefore extends OpenedBefore {
  revision: number
}

const reload = (reason: string, notice: boolean): Growth => ({ kind: 'reload', reason, notice })

/**
 * Why a session was read again after another program changed its file's bytes (shown to the
 * user as "The file was rewritten: it was opened again.").
 */
export function changedReason(change: 'rewritten' | 'truncated' | 'replaced'): string {
  return `the file was ${change}`
}

/** Time between two stats of a file written without growing (ms), and how many are made. */
const SETTLE_MS = 20
const SETTLE_STATS = 5

/**
 * The file's stamp once it grew (or was replaced) after a write moved its mtime and not its
 * size, or null when it still has `stamp`'s inode and size after {@link SETTLE_STATS} stats
 * {@link SETTLE_MS} ms apart. Why: Linux stamps a write's mtime before it extends the file
 * (ext4 and tmpfs update the time, then copy the bytes), so a stat between the two sees a new
 * mtime on the old size. That is pi appending, not another program writing in place.
 * @throws the fs error of stat (ENOENT: the file was deleted meanwhile)
 */
async function grownLater(path: string, stamp: FileStamp): Promise<FileStamp | null> {
  for (let i = 0; i < SETTLE_STATS; i++) {
    await sleep(SETTLE_MS)
    const now = await stampOf(path)
    if (now.ino !== stamp.ino || now.size !== stamp.size) return now
  }
  return null
}

/** Bytes parsed between two yields to the event loop. */
const SLICE_BYTES = 256 * 1024

/**
 * Parses the whole lines appended after the bytes read (up to `size`), leaving a line pi is
 * still writing for the next read; null when no line is whole yet.
 */
async function readWholeLines(source: ViewSource, size: number): Promise<LoadedSession | null> {
  const from = source.stamp.size
  const bytes = await readRange(source.path, from, size - from)
  const end = bytes.lastIndexOf(0x0a) + 1
  if (end === 0) return null
  const parser = new SessionLineParser({
    continuation: true,
    startLine: source.loaded.lineCount + 1,
  })
  for (let at = 0; at < end; at += SLICE_BYTES) {
    parser.push(bytes.subarray(at, Math.min(end, at + SLICE_BYTES)))
    if (at + SLICE_BYTES < end) await yieldNow()
  }
  return finishParse(parser.end(), true, from)
}

/**
 * How `more` (entries parsed after the old end) joins the loaded session. It `continues` when
 * each new entry is whole and valid, carries a new id and hangs on the entry before it, starting
 * at pi's leaf (the old last entry, pi spec 7): the tree's order and every path stay as they are.
 * It `branches` when some entry hangs on an older entry instead (pi wrote on after our label,
 * which hung on pi's last entry, or pi continued from another point of the tree): the entries
 * are sound, but the rows, in display order, must be laid out again. Anything else is read again
 * from the file, with the `reason`.
 */
function fitOf(
  source: ViewSource,
  more: LoadedSession,
): { kind: 'continues' | 'branches' } | { kind: 'reread'; reason: string } {
  const reread = (reason: string) => ({ kind: 'reread' as const, reason })
  if (source.loaded.version !== CURRENT_SESSION_VERSION) return reread('a legacy file grew')
  if (more.diagnostics.length > 0 || !more.endsWithNewline)
    return reread('the new lines need a full read')
  const last = source.entries[source.entries.length - 1]
  if (!last || typeof last.id !== 'string' || source.byId.get(last.id) !== last)
    return reread('the file had no leaf to continue')
  if (source.leafPos !== source.entries.length - 1)
    return reread('the file had no leaf to continue')
  let previous: string = last.id
  let branches = false
  const seen = new Set<string>()
  for (const entry of more.entries) {
    const id = entry.id
    if (typeof id !== 'string' || source.byId.has(id) || seen.has(id))
      return reread('a new entry reuses an id')
    const parent = entry.parentId
    if (parent !== previous) {
      if (typeof parent !== 'string' || !(source.byId.has(parent) || seen.has(parent)))
        return reread('a new entry hangs on no entry')
      branches = true
    }
    seen.add(id)
    previous = id
  }
  return { kind: branches ? 'branches' : 'continues' }
}

/** Adds the parsed growth to the loaded session and its lookups; `stamp`: that of the bytes read. */
function extendSource(source: ViewSource, more: LoadedSession, stamp: FileStamp): void {
  const { loaded } = source
  const entries = loaded.entries
  const byId = source.byId as Map<string, SessionEntry>
  const posOf = source.posOf as Map<SessionEntry, number>
  for (let i = 0; i < more.entries.length; i++) {
    const entry = more.entries[i] as SessionEntry
    const pos = entries.length
    entries.push(entry)
    loaded.lines.push(more.lines[i] ?? 0)
    byId.set(entry.id, entry)
    posOf.set(entry, pos)
    loaded.indexById?.set(entry.id, pos)
    foldListing(source.listing, entry)
  }
  loaded.bytes = more.bytes
  loaded.lineCount = more.lineCount
  loaded.endsWithNewline = more.endsWithNewline
  loaded.tail = Buffer.concat([Buffer.from(loaded.tail), Buffer.from(more.tail)]).subarray(-256)
  source.leafPos = entries.length - 1
  // Whole lines only: a line still being written (size beyond `bytes`) is read next time.
  source.stamp = stamp
  source.dropManager()
}

/**
 * Adds rows, labels, stats and header facts for entries [from, end) to an opened session.
 * @returns false, changing nothing, when a new entry calls a tool by an id called before: the
 *   text of a tool result row already made changes (pi's toolCallMap keeps the last call), so
 *   the rows are built again instead
 */
function extendOpened(opened: OpenedSession, source: ViewSource, from: number): boolean {
  const { follow, rows } = opened
  if (repeatsCall(follow.calls, source.entries.slice(from))) return false
  const revision = nextRevision()
  for (let pos = from; pos < source.entries.length; pos++) {
    const entry = source.entries[pos] as SessionEntry
    tallyEntry(follow.tally, entry)
    addCalls(follow.calls, entry)
    const parentEntry = source.byId.get(String(entry.parentId))
    const parentPos = parentEntry ? (source.posOf.get(parentEntry) ?? -1) : -1
    const parent = follow.rowOfPos[parentPos] ?? -1
    const line = source.loaded.lines[pos] ?? 0
    follow.rowOfPos[pos] = rows.length
    follow.childCount.push(0)
    rows.push(toRow(entry, pos, parent >= 0 ? parentPos : -1, line, undefined, follow.calls))
    if (parent >= 0) {
      // A parent that already had children gains a branch; a leaf passes its place on.
      if ((follow.childCount[parent] ?? 0) > 0) follow.tree.branches++
      follow.childCount[parent] = (follow.childCount[parent] ?? 0) + 1
    } else {
      follow.tree.roots++
      follow.tree.branches++
    }
    const change = labelChange(entry)
    const target = change ? source.byId.get(change.targetId) : undefined
    const row = target ? (follow.rowOfPos[source.posOf.get(target) ?? -1] ?? -1) : -1
    if (change && row >= 0) {
      const old = rows[row] as (typeof rows)[number]
      if (old.label === undefined && change.label !== undefined) follow.tree.labels++
      if (old.label !== undefined && change.label === undefined) follow.tree.labels--
      const next = { ...old }
      if (change.label === undefined) delete next.label
      else next.label = change.label
      rows[row] = next
      follow.relabels.push({ revision, row, label: change.label ?? null })
    }
  }
  const leaf = source.entries[source.leafPos] as SessionEntry
  Object.assign(opened, {
    name: source.listing.name,
    modified: listingModified(source.listing, source.stamp.mtimeMs),
    size: source.stamp.size,
    mtimeMs: source.stamp.mtimeMs,
    leafId: String(leaf.id),
    leafPos: source.leafPos,
    rowCount: rows.length,
    revision,
    stats: statsOf(follow.tally, follow.tree),
  })
  return true
}

/**
 * Adds to `opened` the entries its loaded session gained while it was built (the build saw
 * the entries of its start), as live follow adds them.
 * @returns false when they cannot be added (pi resumes elsewhere than the newest entry: the
 *   rows' order may change; or a new entry repeats a tool call id, {@link extendOpened}): build
 *   it again
 */
export function catchUp(opened: OpenedSession, source: ViewSource): boolean {
  const from = opened.follow.rowOfPos.length
  if (from >= source.entries.length) return true
  if (opened.resumeNote !== null) return false
  return extendOpened(opened, source, from)
}

/**
 * Brings a loaded session (and its opened form, when the view has one) up to the file as
 * `stamp` describes it.
 * @param opened the memoized `session:open` state of this load, if any: awaited first, unless
 *   pi only continued its leaf (its build adds those entries itself, {@link catchUp}), so what
 *   pi writes shows without waiting for the layout of a new order
 * @throws the fs error when the file cannot be read (ENOENT: it was deleted)
 */
export async function growSource(
  source: ViewSource,
  opened: OpenedMemo | undefined,
  stamp: FileStamp,
): Promise<Growth> {
  const old = source.stamp
  if (sameIdentity(old, stamp)) return { kind: 'same' }
  const change = await changeSince(source.path, old, source.loaded.tail, stamp)
  if (change !== 'same' && change !== 'grown') return reload(changedReason(change), true)
  // Written without growing (the load's mtime is that of the bytes it read, source.ts): a write
  // of pi's under way, or, once the size stays, another program rewrote the file in place or
  // touched it (pi only appends); read it again.
  if (change === 'same') {
    const later = await grownLater(source.path, stamp)
    if (later === null) return reload('the file changed without growing', true)
    return growSource(source, opened, later)
  }
  if (!source.loaded.endsWithNewline) return reload('the last line was unfinished', false)
  const more = await readWholeLines(source, stamp.size)
  if (more === null) {
    // pi is still writing its line: it is read once it is whole. In a file that turned quiet
    // the line will not be finished: it is damage, and a full read shows it as such.
    if (!isLive(stamp.mtimeMs, Date.now()))
      return reload('the last line was left unfinished', false)
    return { kind: 'same' }
  }
  const read = await stampOfBytesRead(source.path, stamp, stamp.ino, more.bytes)
  const fit = fitOf(source, more)
  if (fit.kind === 'reread') return reload(fit.reason, false)
  // Rows still being built are extended by their build, when pi only continued its leaf.
  const pending = opened !== undefined && opened.view === null
  const view = opened && !(pending && fit.kind === 'continues') ? await opened.built : undefined
  if (fit.kind === 'branches' || (view && view.resumeNote !== null)) {
    // The file is not read again: what was loaded and what pi appended make the whole session.
    const before = source.entries[source.leafPos] as SessionEntry
    extendSource(source, more, read)
    const reason = fit.kind === 'branches' ? 'pi started a new branch' : 'pi resumes elsewhere'
    const leaf = source.entries[source.leafPos] as SessionEntry
    return rebuilt(reason, pathTo(source, leaf).includes(before), view)
  }
  const from = source.entries.length
  extendSource(source, more, read)
  if (view && !extendOpened(view, source, from))
    return rebuilt('pi called a tool by an id it used before', true, view)
  return { kind: 'grown', entries: more.entries.length }
}

/**
 * The growth that builds the view again, from every entry loaded (the file is not read again).
 * The rows `view` held are kept, so a view holding them learns the new order as runs over them
 * (tree-order.ts).
 * @param continues the path to pi's new leaf runs through the leaf before
 */
function rebuilt(reason: string, continues: boolean, view: OpenedSession | undefined): Growth {
  const held = view ? { revision: view.revision, rows: view.rows, follow: view.follow } : null
  return { kind: 'rebuilt', reason, continues, staleBelow: nextRevision(), before: held }
}
