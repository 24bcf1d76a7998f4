/**
 * The session view's work on session files: open (from a tree skeleton when one matches),
 * tree pages, the tail preview, live follow, path pages and images, over a small cache of
 * parsed sessions. It knows files, not the library: the caller names each session by its
 * library id and says where its file is. Runs in the view worker (view-worker.ts) in the app,
 * so parsed sessions and their garbage live off the main process's heap; in-process in tests.
 */
import type { SESSION_VIEW_CHANNELS } from '../../../preload/contract/channels'
import { ApiError } from '../../../preload/contract/errors'
import type { FollowResult } from '../../../preload/contract/session-live'
import type { SessionOverview } from '../../../preload/contract/session-view'
import type { z } from 'zod'
import type { Replied } from '../json-reply'
import type { CHANNEL_SCHEMAS, ChannelResult } from '../../../preload/contract/schemas'
import { applyEdit, type EditResult, type SessionEdit } from '../../library/edits'
import { SessionManager } from '../../session'
import { OPENED_KEY, SourceCache, memoize, type Slot } from './cache'
import { catchUp, type RowsBefore } from './grow'
import { imageAt } from './images'
import { buildOverview, overviewOf, type OpenedMemo, type OpenedSession } from './overview'
import { pathPage } from './page'
import { findCounts } from './find-counts'
import { ServedSkeletons } from './skeleton-open'
import type { TreeSkeletons } from './skeletons'
import type { ViewSource } from './source'
import { peekTail } from './tail'
import { treeOutlineOf } from './tree-outline'
import { treePageText } from './tree-pages'
import { treeOrderOf } from '../../../preload/contract/tree-order'

/**
 * Sessions at least this large (bytes) paint their newest entries from the file's end
 * (`session:peek-tail`) while main parses the whole of it, or, when main holds the session
 * already, while the window reads the open's reply. Smaller ones are parsed in a blink.
 */
const TAIL_PREVIEW_MIN_BYTES = 4 * 1024 * 1024

/** The channels the view core answers: every session view channel but lineage (the library's). */
export type ViewChannel = Exclude<(typeof SESSION_VIEW_CHANNELS)[number], 'session:get-lineage'>

/** The validated argument of a view channel (the handler table's `HandlerArgs`). */
type ViewArgs<C extends ViewChannel> = z.output<(typeof CHANNEL_SCHEMAS)[C]['args']>

/** A session file as the library knows it. */
export interface SessionFile {
  /** The library's opaque id (what the renderer names the session by). */
  id: string
  path: string
  fileName: string
  /** Bytes, as the library last saw the file. */
  size: number
  /** Why the library keeps the session read-only though its file is sound (archived); none. */
  readOnlyReason?: string | null
}

/** Options of {@link localViewCore}. */
export interface CoreOptions {
  /** Where tree skeletons are read from (skeletons.ts); none: every open parses the file. */
  trees?: TreeSkeletons
}

/** Answers view calls about session files. */
export interface ViewCore {
  /**
   * Runs one view call for `file`: its value, or (from the worker) that value's JSON.
   * @throws ApiError (conflict for a stale revision...) or the fs error of reading the file
   */
  call<C extends ViewChannel>(
    channel: C,
    file: SessionFile,
    args: ViewArgs<C>,
  ): Promise<Replied<ChannelResult<C>>>
  /**
   * Labels an entry or renames the session through the session this core holds loaded at
   * `path` (pi spec 10, 11): the edit reads only the bytes the file gained since, where an
   * edit on its own reads the whole file (a second at 250 MB, and that much memory).
   * @returns null when the session is not loaded here: the caller makes the edit itself
   * @throws as {@link applyEdit}
   */
  edit(sessionId: string, path: string, edit: SessionEdit): Promise<EditResult | null>
  /** Stops the core (a worker exits; calls in flight fail). */
  close(): Promise<void>
}

/** The view core on this thread: its values are objects. */
export interface LocalViewCore extends ViewCore {
  /** {@link ViewCore.call}, answered with the value itself. */
  call<C extends ViewChannel>(
    channel: C,
    file: SessionFile,
    args: ViewArgs<C>,
  ): Promise<ChannelResult<C>>
}

type Bodies = {
  [C in ViewChannel]: (file: SessionFile, args: ViewArgs<C>) => Promise<ChannelResult<C>>
}

/** The view core on this thread. @param cache tests pass their own */
export function localViewCore(options: CoreOptions = {}, cache = new SourceCache()): LocalViewCore {
  const skeletons = new ServedSkeletons(options.trees)
  // Rows are built once per file load (and extended as it grows); later opens reuse them.
  const openedOf = (
    file: SessionFile,
    source: ViewSource,
    memo: Map<string, unknown>,
    before: RowsBefore | null,
  ) =>
    memoize(
      memo,
      OPENED_KEY,
      (): OpenedMemo => {
        const build = async (): Promise<OpenedSession> => {
          const stamp = source.stamp
          const built = await buildOverview(source, file.id, file.fileName, before)
          skeletons.adopt(file.id, built, stamp)
          // pi's entries appended meanwhile, in this same task: a growth after it extends
          // `view` itself (grow.ts).
          if (!catchUp(built, source)) return build()
          held.view = built
          return built
        }
        // `held` is named by the build only after its first await.
        const held: OpenedMemo = { built: build(), view: null }
        return held
      },
      1,
    ).built
  const load = async (file: SessionFile) => {
    await skeletons.gate(file.id)
    // A session opened from its skeleton is parsed as far as the skeleton goes and opened
    // there, so the parse takes over the served rows; what pi appended since is live follow's.
    const bytes = skeletons.bytesOf(file.id)
    const first = bytes
      ? {
          upTo: bytes.stamp,
          sha256: bytes.sha256,
          prepare: (source: ViewSource, memo: Map<string, unknown>) =>
            openedOf(file, source, memo, null),
          stale: () => skeletons.stale(file.id),
        }
      : null
    return cache.get(file.id, file.path, first)
  }
  const opened = async (file: SessionFile) => {
    const { source, memo, slot } = await load(file)
    return { opened: await openedOf(file, source, memo, slot.before), slot }
  }
  // Tail previews being read, per session: the first paint of a large session is its preview.
  const peeking = new Map<string, Promise<unknown>>()
  // Paths being built, per session. The renderer asks for the path to pi's leaf and the tree's
  // pages at once after an open; a page takes tens of ms of this thread, and the path's steps
  // yield between them, so at 250 MB the path came 350-400 ms late, behind four pages. The
  // transcript is what the reader looks at: its path goes first.
  const pathing = new Map<string, Promise<unknown>>()
  const open: Bodies['session:open'] = async (file, { outline: mode, reread }) => {
    // The renderer asks for the preview with the open: that answer paints first, so the
    // open's outline and its encoding (tens of ms on this thread at 100,000 entries, from
    // the skeleton or from memory) wait until it is sent.
    await new Promise((next) => setImmediate(next))
    await peeking.get(file.id)?.catch(() => undefined)
    if (reread) {
      skeletons.forget(file.id)
      cache.forget(file.id)
    }
    // A session not in memory yet opens from its skeleton when it has one; the parse follows.
    else if (!cache.peek(file.id)) {
      const fast = await skeletons.open(file.id, file.path, file.fileName)
      if (fast) {
        opened(file).catch(() => undefined)
        if (!mode) return fast
        return { ...fast, outline: await skeletons.outline(file.id, fast.revision, mode) }
      }
    }
    const { opened: view } = await opened(file)
    const overview = overviewOf(view)
    return mode ? { ...overview, outline: treeOutlineOf(view, mode) } : overview
  }
  /**
   * The opened session whose rows a view of `revision` asks for, and its slot.
   * @throws ApiError `conflict` when the rows of `revision` belong to an order the session left
   *   or to an earlier read of the file
   */
  const rowsOf = async (file: SessionFile, revision: number) => {
    const { source, memo, slot } = await load(file)
    // Rows of an order the session left: no need to lay out the new one to say so.
    if (revision < slot.staleBelow) throw readAgain()
    const view = await openedOf(file, source, memo, slot.before)
    ofThisRead(view, revision)
    return { view, slot }
  }
  const bodies: Bodies = {
    'session:open': async (file, args) => withLibraryReason(await open(file, args), file),
    'session:get-tree': async (file, { revision, offset }) => {
      // A skeleton's page is bytes read from its file, not the thread's work: it does not wait
      // for the path. The path of a session opened from its skeleton waits for the parse,
      // which waits for the skeleton's last page (skeleton-open.ts): a page behind the path
      // would wait for that gate's timer and then the whole parse.
      const served = await skeletons.page(file.id, revision, offset)
      if (served) return served
      await pathing.get(file.id)?.catch(() => undefined)
      const { view } = await rowsOf(file, revision)
      const rows = treePageText(view, offset)
      return { revision: view.revision, offset, total: view.rows.length, rows }
    },
    'session:get-tree-order': async (file, { revision, from }) => {
      await pathing.get(file.id)?.catch(() => undefined)
      const { view, slot } = await rowsOf(file, revision)
      const before = slot.before
      if (!before || before.revision !== from) return null
      // Told once: the view that held those rows holds the new ones now (tens of MB at
      // 100,000 rows); a second view of them reads the pages.
      slot.before = null
      return treeOrderOf(before.rows, view.rows, { revision: view.revision, from })
    },
    // Also for a session in memory: its open reply carries the outline of a large tree (2 MB
    // at 100,000 entries), which the window takes a while to read, and the path comes after it.
    'session:peek-tail': async (file) => {
      if (file.size < TAIL_PREVIEW_MIN_BYTES)
        return { items: [], leafId: null, reason: 'the whole session is read at once', bytes: 0 }
      const peek = peekTail(file.path)
      peeking.set(file.id, peek)
      try {
        return await peek
      } finally {
        if (peeking.get(file.id) === peek) peeking.delete(file.id)
      }
    },
    'session:follow': async (file, { revision, rowCount }) => {
      const { source, memo, slot } = await load(file)
      // A view of rows in an order the session left (pi started a new branch) opens again, and
      // learns pi's leaf at once: the new order's layout, under way for another request, takes
      // 0.8 s at 100,000 entries, and pi's next entry would wait for it.
      if (revision < slot.staleBelow) return reopenReply(slot, source)
      const built = memo.get(OPENED_KEY) as OpenedMemo | undefined
      if (built) return followReply(await built.built, slot, source, revision, rowCount)
      // Read again, or grown into a new order, since the view opened: it opens again, and
      // loads the path to pi's leaf meanwhile. The rows are laid out for that open, not here:
      // the layout begins with a session manager built afresh (170 ms on this thread at
      // 100,000 entries), which would hold this reply back, and the path's after it.
      return reopenReply(slot, source)
    },
    'session:get-path': async (file, { sessionId: _id, ...request }) => {
      const page = load(file).then(({ source, memo }) => pathPage(source, memo, request))
      pathing.set(file.id, page)
      try {
        return await page
      } finally {
        if (pathing.get(file.id) === page) pathing.delete(file.id)
      }
    },
    'session:find-counts': async (file, { sessionId: _id, ...request }) => {
      const { source, memo } = await load(file)
      return findCounts(source, memo, request)
    },
    'session:get-image': async (file, { position, index }) => {
      const { source } = await load(file)
      return imageAt(source.entries[position], index)
    },
  }
  return {
    call: (channel, file, args) => bodies[channel](file, args as never),
    edit: async (sessionId, path, edit) => {
      // A growth under way (pi is writing) is waited for: reading the whole file instead
      // would take longer.
      const source = await cache.settled(sessionId)
      if (!source || source.path !== path) return null
      // A manager of its own (fromLoaded copies the arrays): our line reaches the view's
      // session as any appended line does, through live follow.
      return applyEdit(path, edit, SessionManager.fromLoaded(path, source.loaded))
    },
    close: async () => cache.clear(),
  }
}

/**
 * `overview` as the library shows it: a sound file may still not be ours to write (an archived
 * session), and that is said at once.
 */
function withLibraryReason(overview: SessionOverview, file: SessionFile): SessionOverview {
  if (overview.readOnly || !file.readOnlyReason) return overview
  return { ...overview, readOnly: true, readOnlyReason: file.readOnlyReason }
}

/**
 * Checks that `revision` belongs to the read of the file `view` holds (its own or a growth's).
 * @throws ApiError `conflict` when the file was read again since
 */
function ofThisRead(view: OpenedSession, revision: number): void {
  if (revision < view.follow.baseRevision || revision > view.revision) throw readAgain()
}

/** The error of a request naming rows of an earlier read or order of the file. */
function readAgain(): ApiError {
  return new ApiError('conflict', 'The session was read again: open it again to see its tree.')
}

/**
 * The follow reply of a view that must open its file again: why, whether the user is told,
 * and, when not, pi's leaf (the file's last entry, pi spec 7), whose path the view can load at
 * once.
 */
function reopenReply(
  slot: Pick<Slot, 'reason' | 'notice' | 'continues'>,
  source: ViewSource,
): FollowResult {
  const reason = slot.reason ?? 'the session was read again'
  if (slot.reason !== null && slot.notice) return { kind: 'reopen', reason, notice: true }
  const leaf = source.entries[source.leafPos]
  return {
    kind: 'reopen',
    reason,
    notice: false,
    leaf:
      leaf && typeof leaf.id === 'string'
        ? { id: leaf.id, pos: source.leafPos, continues: slot.continues }
        : null,
  }
}

/** What a view at `revision` with `rowCount` rows must do to catch up with `view`. */
function followReply(
  view: OpenedSession,
  slot: Pick<Slot, 'reason' | 'notice' | 'continues'>,
  source: ViewSource,
  revision: number,
  rowCount: number,
): FollowResult {
  if (
    revision < view.follow.baseRevision ||
    revision > view.revision ||
    rowCount > view.rows.length
  ) {
    return reopenReply(slot, source)
  }
  if (revision === view.revision && rowCount === view.rows.length) return { kind: 'same', revision }
  return {
    kind: 'appended',
    overview: overviewOf(view),
    rows: view.rows.slice(rowCount),
    labels: view.follow.relabels
      .filter((r) => r.revision > revision)
      .map(({ row, label }) => ({ row, label })),
  }
}
