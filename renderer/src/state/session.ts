/**
 * The session view store: the open session (header facts and tree rows), the selected entry,
 * and the transcript of the path to it, loaded a window at a time. One store per concern
 * (ARCHITECTURE.md rule 9). `openSession(id, entryId?)` is the deep-link entry point (library
 * search results call it).
 */
import PQueue from 'p-queue'
import { create } from 'zustand'
import type {
  PathItem,
  SessionLineage,
  SessionOverview,
  TreeRow,
} from '../../../preload/contract/session-view'
import type { ApiErrorData } from '../../../preload/contract/errors'
import type { EntryNaming, PiLeaf, TailPreview } from '../../../preload/contract/session-live'
import { call, errorData } from '../api/client'
import { useLibrary } from './library'
import { continues, toPathState, trimItems, type PathState } from './path-state'
import { readTreeOutlineInTasks, type OutlineView } from '../features/branch-tree/outline'
import { useSettings } from './settings'
import { awaitFirstScreen, screenPainted } from './first-screen'
import { loadRowsInNewOrder, loadTreeRows } from './tree-rows'

type Status = 'idle' | 'loading' | 'ready' | 'error'

/** Items fetched per request when scrolling the transcript. */
export const CHUNK = 100
/**
 * Reads of a refresh's rows before the view opens the session again instead: each conflict
 * means pi branched once more while they were read.
 */
const ROW_READS = 3

/** Items fetched again before the old end when a followed path grows. */
const REFRESHED_ITEMS = 3
/** Items kept in memory; beyond this, those far from the viewport are dropped. */
const MAX_ITEMS = 3000
/** Path chunk requests in flight at once. */
const CHUNK_REQUESTS = 4
/** Queue priority of the visible range's chunks (a sweep's are 0). */
const VISIBLE = 1

/** A search hit to open: the entry to land on and the search's patterns, marked in the view. */
export interface SearchHitTarget {
  entryId: string
  /**
   * Case-insensitive regex sources (contract SessionQueryResult `searchPatterns`); null when
   * a link names where a hit landed (the search is not known: nothing is marked).
   */
  patterns: readonly string[] | null
}

/** An entry the view was asked to open at that its session does not have. */
export interface MissingEntry {
  id: string
  /** Who named it: a link (deep link, search hit), or the user's selection kept on a reload. */
  namedBy: 'link' | 'selection'
}

/** State and actions of the session view. */
export interface SessionViewState {
  sessionId: string | null
  status: Status
  error: ApiErrorData | null
  overview: SessionOverview | null
  /** Every tree row once all pages arrived (`session:get-tree`); null while they load. */
  rows: readonly TreeRow[] | null
  /** The tree's outline, shown while the rows of a tree of several pages load; else null. */
  outline: OutlineView | null
  /**
   * The newest items of pi's path read from the file's end, shown until the transcript's list
   * shows the path (the transcript drops it then).
   */
  preview: TailPreview | null
  /**
   * The rows of the entries the tail preview's items point at (`TailPreview.targets`), which
   * name them until the tree's rows load; empty when none came.
   */
  earlyRows: readonly EntryNaming[]
  /** Whether the selection follows pi's leaf as the file grows (false once another is chosen). */
  followLeaf: boolean
  /**
   * True while the open session's overview and tree describe the file's first bytes only (it
   * opened from a tree skeleton built before pi appended: `OpenReply.behind`): pi's leaf is
   * not known yet, so the transcript waits for live follow (the tail preview shows the end).
   */
  behind: boolean
  lineage: SessionLineage | null
  /** The selected entry (a tree row): its path is the transcript. */
  selected: { id: string; pos: number } | null
  /**
   * The selection live follow moved to pi's new leaf (`followLeaf`): the same object as
   * `selected` while that selection stands, so a view tells it from one the user made (the
   * branch tree does not scroll to it while the user reads elsewhere in the tree).
   */
  leafFollowed: { id: string; pos: number } | null
  raw: boolean
  path: PathState | null
  pathStatus: Status
  pathError: ApiErrorData | null
  /** The patterns of the library search whose hit opened this session (marked), or null. */
  hitPatterns: readonly string[] | null
  /** The hit entry the next path load lands on (the whole branch through it), or null. */
  landing: string | null
  /**
   * An entry this session has no entry for, named by a link (a deep link, a search hit) or by
   * the user's own selection when the session was read again after a rewrite: the view shows
   * pi's leaf instead and says so. Null otherwise.
   */
  missingEntry: MissingEntry | null
  /**
   * True when pi started a new branch while the reader was scrolled up on a branch it left:
   * the view kept them there, and offers pi's leaf (selecting it follows pi again).
   */
  piElsewhere: boolean
  /** Grows each time the reader asks to see the selected entry again ({@link reveal}). */
  revealed: number
  /**
   * Brings the selected entry back into view when the reader asks for the entry already
   * selected (the tree's Leaf on pi's leaf): the transcript goes to its end and follows it.
   */
  reveal(): void
  /**
   * Opens a session (again), selecting `entryId` or pi's leaf; a no-op reload is avoided.
   * @param reread read its file whole again, not what main holds of it (`session:open`)
   */
  openSession(sessionId: string, entryId?: string, reread?: boolean): Promise<void>
  /**
   * Opens a search hit: the whole branch containing the matching entry (to that branch's
   * leaf), scrolled to the entry, with the search's words marked.
   */
  openHit(sessionId: string, hit: SearchHitTarget): Promise<void>
  /** Selects a tree row: the transcript shows the path to it. */
  selectEntry(row: { id: string; pos: number }): void
  setRaw(raw: boolean): void
  /**
   * Makes sure items [start, end] of the current path are loaded: the visible range, or with
   * `sweep` a whole path read in the background (find), whose chunks wait behind the visible
   * range's.
   */
  ensureRange(start: number, end: number, sweep?: boolean): void
  /**
   * Fetches item `index` of the current path with its long texts whole (a page sends them cut,
   * `TextCut`): what "Show all", a copy and a find ask for. Resolves once it is in the path
   * (or the path changed meanwhile).
   */
  wholeItem(index: number): Promise<void>
  /**
   * How many matches of a find's `text` each item of the current path holds, in path order,
   * counted by main in the texts whole (session:find-counts); null when another path is shown
   * by the time the answer comes.
   * @throws ApiError when main cannot count (the session could not be read)
   */
  findCounts(text: string): Promise<number[] | null>
  /**
   * Re-reads the open session (the file was rewritten, or an edit landed) at the same entry;
   * a no-op once the library selected another session. A reader scrolled up on pi's path
   * keeps their place: the path opens at the entry they were reading ({@link readAt}).
   * @param reread read the file whole again (the user's Reload), not what main holds of it
   */
  reload(reread?: boolean): Promise<void>
  /**
   * Reads the open session's overview and every tree row again while the view stays as it is
   * (live follow found a new branch, which reorders the rows, or lines main had to read whole),
   * then shows them as a growth: the selection follows pi's leaf unless the user chose another
   * entry (a reader scrolled up stays at the entry they were reading, as on {@link reload}),
   * and the tree keeps its folds and focus. Falls back to {@link reload}.
   * @param leaf pi's leaf as live follow found it: its path loads first, before the overview
   * @param withRows false: only pi's leaf's path (the rows are being read already)
   * @returns once pi's leaf's path shows; `rows` settles once the rows are in, or the view
   *   was opened again
   */
  refresh(leaf?: PiLeaf | null, withRows?: boolean): Promise<{ rows: Promise<void> }>
  /**
   * The transcript says which entry is in the middle of the reader's view when they have
   * scrolled away from the path's end; null while it keeps to the end.
   */
  readAt(entryId: string | null): void
  /**
   * Shows the growth live follow read (`session:follow`): new rows, relabelled rows, header
   * facts; the selection moves with pi's leaf unless the user chose another entry.
   */
  applyGrowth(overview: SessionOverview, rows: readonly TreeRow[]): void
  /**
   * Live follow checked the file for the view opened with `overview`: a view still `behind`
   * (nothing was appended after all, or follow failed) loads the path it was waiting with.
   */
  caughtUp(overview: SessionOverview): void
  close(): void
}

let openTicket = 0
/** The session of the search hit being opened (its landing belongs to it alone). */
let hitSession: string | null = null
let pathTicket = 0
let views = 0
/** Path chunks asked for or waiting in {@link chunks}, by session, path and offset. */
const inFlight = new Set<string>()
/** Items asked for whole, by session, path and index (wholeItem). */
const wholeFlights = new Map<string, Promise<void>>()
/**
 * Path chunk requests: a few at a time, those of the visible range first. A find over a
 * 50,000-item path asks for 500 chunks at once; sent together they queued ahead of the chunks
 * the user scrolls to.
 */
const chunks = new PQueue({ concurrency: CHUNK_REQUESTS })
/** The transcript's last visible range of path indexes (kept when items are dropped). */
let visible: readonly [first: number, last: number] | null = null
/** The entry in the middle of the reader's view, scrolled away from the end; else null. */
let reading: string | null = null
/** The landing under way is the reader's place kept across a reload, not a link. */
let landingOnReading = false
/** The entry {@link SessionViewState.reload} opens at: the user's selection, not a link. */
let reopeningAt: string | null = null
/** The view being opened names its entry by the user's selection kept across a reload. */
let openedAtSelection = false
/**
 * The session whose search hit turned raw entries on (the model's view no longer shows it),
 * not the user: another session opens in the user's own choice again. Null: the user's.
 */
let rawForHit: string | null = null

function mark(name: string): void {
  performance.mark(name)
}

/** The entry a view opens at: a deep link's entry id, else pi's leaf (null: none yet). */
function initialSelection(
  overview: SessionOverview,
  entryId?: string,
): { id: string; pos: number } | null {
  if (entryId !== undefined) return { id: entryId, pos: -1 }
  return overview.leafPos !== null ? { id: overview.leafId ?? '', pos: overview.leafPos } : null
}

/** Selects `sessionId` in the library unless it is selected already. */
function selectInLibrary(sessionId: string): void {
  if (useLibrary.getState().selectedSessionId !== sessionId)
    useLibrary.getState().selectSession(sessionId)
}

/** What names the path shown to `session:get-path`: its selected entry, in its view. */
function shownPath(
  sessionId: string,
  selected: NonNullable<SessionViewState['selected']>,
  raw: boolean,
) {
  return {
    sessionId,
    ...(selected.id ? { entryId: selected.id } : {}),
    position: selected.pos,
    raw,
  }
}

/**
 * The entry a session opened again (a reload, the file found elsewhere) keeps selected: none
 * while the view follows pi's leaf, so it follows on to what pi writes next.
 */
export function entryToKeep(
  state: Pick<SessionViewState, 'followLeaf' | 'selected'>,
): string | undefined {
  return state.followLeaf ? undefined : state.selected?.id || undefined
}

export const useSessionView = create<SessionViewState>((set, get) => {
  /**
   * Loads the end of the path to the selected entry. `extend`: the path grew at its end (live
   * follow): loaded items and the list's position are kept.
   */
  /**
   * The next path load lands on `entryId`, the entry the reader was reading when the session
   * was read again: their place is kept, nothing is marked.
   */
  function landOnReading(entryId: string): void {
    landingOnReading = true
    set({ landing: entryId, hitPatterns: null })
  }

  /**
   * @param piLeafPos pi's leaf (the overview's, unless the caller knows a newer one): a landing
   *   on the branch that ends there follows pi on
   */
  async function loadPath(
    extend = false,
    piLeafPos = get().overview?.leafPos ?? null,
  ): Promise<void> {
    const { sessionId, selected, raw, landing } = get()
    if (!sessionId || !selected) return set({ path: null, pathStatus: 'idle' })
    const land = !extend ? landing : null
    const ticket = ++pathTicket
    if (!extend) set({ pathStatus: 'loading', pathError: null })
    mark('pi:path:request')
    // A path that grew is fetched from just before its old end (the last items again: a tool
    // call there may now have its result), not a whole last page.
    const old = extend ? get().path : null
    const from = old ? Math.max(0, old.total - REFRESHED_ITEMS) : undefined
    try {
      const page = await call('session:get-path', {
        sessionId,
        ...(land !== null
          ? { entryId: land, branch: true }
          : {
              ...(selected.id ? { entryId: selected.id } : {}),
              ...(selected.pos >= 0 ? { position: selected.pos } : {}),
            }),
        raw,
        ...(from !== undefined ? { offset: from } : {}),
        limit: CHUNK,
      })
      if (ticket !== pathTicket || get().sessionId !== sessionId) return
      // A hit the model's view no longer shows (a later compaction summarises it): raw entries.
      if (land !== null && page.focusIndex === null && !raw) {
        // The reader's place, summarised away meanwhile: the path as usual, in the same view.
        if (landingOnReading) {
          landingOnReading = false
          set({ landing: null })
        } else {
          rawForHit = sessionId
          set({ raw: true })
        }
        return await loadPath(false)
      }
      if (land !== null) set({ landing: null })
      landingOnReading = false
      mark('pi:path:data')
      const now = get().path
      const keep = extend && now !== null && now.raw === page.raw && continues(now, page)
      // Grown otherwise (a compaction reshaped it): shown afresh from its end.
      if (extend && !keep) return await loadPath(false)
      const items = keep ? new Map(now.items) : new Map<number, PathItem>()
      const view = keep ? now.view : `v${++views}`
      const focusIndex = land !== null ? (page.focusIndex ?? null) : keep ? now.focusIndex : null
      set({
        path: toPathState(page, items, view, focusIndex),
        pathStatus: 'ready',
        selected: { id: page.targetId, pos: page.targetPos },
        // A landing shows the branch through the entry to that branch's end: when that end is
        // pi's leaf, the view follows what pi writes next, as when opened at the leaf.
        ...(land !== null ? { followLeaf: page.targetPos === piLeafPos } : {}),
      })
    } catch (error) {
      if (ticket !== pathTicket || get().sessionId !== sessionId) return
      const data = errorData(error)
      const { overview } = get()
      // A link to an entry the file does not have (cut by a rewrite, a link to another copy of
      // the session, or an id no entry can have, typed by hand): where pi resumes, with a
      // word, rather than no transcript.
      const linked = land ?? (selected.pos < 0 ? selected.id : null)
      const missing = data.code === 'not_found' || data.code === 'invalid_argument'
      if (missing && linked && overview?.leafPos != null && !extend) {
        // The entry being read is gone (the file was cut): pi's leaf, nothing to say of links.
        const quiet = land !== null && landingOnReading
        landingOnReading = false
        const namedBy = land === null && openedAtSelection ? 'selection' : 'link'
        set({
          missingEntry: quiet ? null : { id: linked, namedBy },
          landing: null,
          followLeaf: true,
          selected: { id: overview.leafId ?? '', pos: overview.leafPos },
        })
        return await loadPath(false)
      }
      set({ pathStatus: 'error', pathError: data })
    }
  }

  /**
   * Loads every tree row; with an outline on its way to the screen, once the first screen
   * (`firstScreen`) is there: pages decoded meanwhile would hold its paint back.
   */
  async function loadTree(
    ticket: number,
    overview: SessionOverview,
    firstScreen: Promise<void> | null,
  ): Promise<void> {
    const current = () => ticket === openTicket && get().overview?.revision === overview.revision
    try {
      await firstScreen
      if (!current()) return
      const rows = await loadTreeRows(overview)
      if (!current()) return
      mark('pi:tree:data')
      set({ rows, outline: null })
      if (get().selected === null && rows.length > 0) {
        const last = rows[rows.length - 1] as TreeRow
        get().selectEntry(last)
      }
    } catch (error) {
      if (ticket !== openTicket) return
      const data = errorData(error)
      // Main read the file again while the rows came (another program changed it, or pi
      // branched): those rows are gone, and live follow waits for rows it will never get. The
      // session opens again, as live follow would have opened it.
      if (data.code === 'conflict') return void get().reload()
      set({ pathError: data })
    }
  }

  /**
   * Loads the path's items from `offset` until `end` (exclusive): a page that main cut short
   * (its size budget, a few huge items) is followed by one from the first item it lacked.
   */
  function loadChunk(offset: number, end: number, priority: number): void {
    const { sessionId, path } = get()
    if (!sessionId || !path) return
    const flight = `${sessionId}:${path.key}:${offset}`
    if (inFlight.has(flight)) return
    inFlight.add(flight)
    void chunks
      .add(() => fetchChunk(sessionId, path.key, offset, end, priority), { priority })
      .finally(() => inFlight.delete(flight))
  }

  async function fetchChunk(
    sessionId: string,
    key: string,
    offset: number,
    end: number,
    priority: number,
  ): Promise<void> {
    const { path, selected } = get()
    // Left while it waited (another session, entry or view): not asked for.
    if (get().sessionId !== sessionId || path?.key !== key || !selected) return
    try {
      const page = await call('session:get-path', {
        ...shownPath(sessionId, selected, path.raw),
        offset,
        limit: Math.min(CHUNK, end - offset),
      })
      const current = get().path
      if (get().sessionId !== sessionId || current?.key !== path.key) return
      const items = new Map(current.items)
      const arrived = [offset, offset + page.items.length - 1] as const
      trimItems(items, visible ? [visible, arrived] : [arrived], MAX_ITEMS)
      const next = toPathState(page, items, current.view, current.focusIndex)
      set({ path: next })
      const after = page.offset + page.items.length
      if (page.items.length > 0 && after < Math.min(end, next.total) && !next.items.has(after))
        loadChunk(after, end, priority)
    } catch (error) {
      set({ pathError: errorData(error) })
    }
  }

  async function loadLineage(sessionId: string): Promise<void> {
    try {
      const lineage = await call('session:get-lineage', { sessionId })
      if (get().sessionId === sessionId) set({ lineage })
    } catch {
      // Lineage is an extra: the view works without it.
    }
  }

  return {
    sessionId: null,
    status: 'idle',
    error: null,
    overview: null,
    rows: null,
    outline: null,
    preview: null,
    earlyRows: [],
    followLeaf: true,
    behind: false,
    lineage: null,
    selected: null,
    leafFollowed: null,
    raw: false,
    path: null,
    pathStatus: 'idle',
    pathError: null,
    hitPatterns: null,
    landing: null,
    missingEntry: null,
    piElsewhere: false,
    revealed: 0,

    reveal() {
      set({ revealed: get().revealed + 1 })
    },

    async openHit(sessionId, hit) {
      hitSession = sessionId
      set({ hitPatterns: hit.patterns, landing: hit.entryId })
      const current = get()
      if (current.sessionId === sessionId && current.status === 'ready') {
        set({ followLeaf: false })
        return loadPath()
      }
      await get().openSession(sessionId, hit.entryId)
    },

    async openSession(sessionId, entryId, reread = false) {
      const current = get()
      if (current.sessionId === sessionId && current.status !== 'error') {
        if (entryId === undefined || current.rows) {
          const row =
            entryId === undefined ? undefined : current.rows?.find((r) => r.id === entryId)
          if (row) get().selectEntry(row)
          else if (entryId !== undefined) set({ missingEntry: { id: entryId, namedBy: 'link' } })
          selectInLibrary(sessionId)
          return
        }
      }
      const ticket = ++openTicket
      openedAtSelection = entryId !== undefined && entryId === reopeningAt
      reopeningAt = null
      const landed = hitSession === sessionId && get().landing !== null
      hitSession = null
      // The transcript says again where the reader is once it shows this session.
      reading = null
      const userRaw = rawForHit !== null && rawForHit !== sessionId ? { raw: false } : {}
      if (rawForHit !== sessionId) rawForHit = null
      // The view names the session and the entry it opens before the library selects it, so
      // whoever reads "what is open" meanwhile (the URL, the last session) gets both.
      set({
        sessionId,
        status: 'loading',
        error: null,
        overview: null,
        rows: null,
        outline: null,
        preview: null,
        earlyRows: [],
        followLeaf: entryId === undefined,
        behind: false,
        // Opened by other means than this session's search hit: nothing marked, no landing
        // (a hit of another session, left before its path came, must not steer this one).
        hitPatterns: landed ? get().hitPatterns : null,
        landing: landed ? get().landing : null,
        ...userRaw,
        lineage: null,
        selected: entryId !== undefined ? { id: entryId, pos: -1 } : null,
        leafFollowed: null,
        path: null,
        pathStatus: 'idle',
        pathError: null,
        missingEntry: null,
        piElsewhere: false,
      })
      selectInLibrary(sessionId)
      mark('pi:open:request')
      const firstScreen = awaitFirstScreen()
      // The end of a large file paints first, while main reads the whole of it.
      void call('session:peek-tail', { sessionId }).then(
        (preview) => {
          if (ticket !== openTicket) return
          // No preview (a small or cached session, or a tail that cannot settle the branch):
          // the transcript's part of the first screen is its paint of the path. Settled here,
          // it would let the tree's pages decode while the path's reply waits behind them.
          if (get().path !== null || preview.items.length === 0) return
          set({ preview, earlyRows: preview.targets ?? [] })
          mark('pi:preview:data')
        },
        () => ticket === openTicket && screenPainted('transcript'),
      )
      try {
        // The tree's first filter is the user's; a large tree's outline comes with the reply.
        const mode = useSettings.getState().settings?.defaultTreeFilter ?? 'default'
        const reply = await call('session:open', {
          sessionId,
          outline: mode,
          ...(reread ? { reread } : {}),
        })
        const { outline, behind: _behind, ...overview } = reply
        if (ticket !== openTicket) return
        mark('pi:open:data')
        // Opened from a skeleton of the file before pi appended: the path to pi's leaf waits
        // for live follow, which reads the rest once the tree is in (the preview shows the end).
        const behind = reply.behind === true && entryId === undefined && get().landing === null
        set({
          overview,
          status: 'ready',
          selected: initialSelection(overview, entryId),
          behind,
          ...(behind ? { pathStatus: 'loading' as const } : {}),
        })
        // The outline is read in tasks of its own, after the overview's first render (header,
        // transcript, tree pane), and shown in the task after: its thousands of nodes, parsed
        // and rendered with the overview, held the window too long.
        const wanted = () => ticket === openTicket && !get().rows
        if (outline)
          void readTreeOutlineInTasks(outline, wanted).then((read) => {
            if (read) setTimeout(() => wanted() && set({ outline: read }))
          })
        void loadLineage(sessionId)
        // A large tree shows its outline first; its pages wait for the whole first screen.
        void loadTree(ticket, overview, outline ? firstScreen : null)
        if (!behind) await loadPath()
      } catch (error) {
        if (ticket === openTicket) set({ status: 'error', error: errorData(error) })
      }
    },

    selectEntry(row) {
      const selected = get().selected
      if (selected?.pos === row.pos && selected.id === row.id) return
      set({
        selected: { id: row.id, pos: row.pos },
        followLeaf: row.pos === get().overview?.leafPos,
        behind: false,
        piElsewhere: false,
      })
      void loadPath()
    },

    applyGrowth(overview, rows) {
      const { followLeaf, selected, behind } = get()
      set({ overview, rows, behind: false })
      if (!followLeaf || overview.leafPos === null || selected?.pos === overview.leafPos) {
        if (behind) void loadPath()
        return
      }
      const leaf = { id: overview.leafId ?? '', pos: overview.leafPos }
      set({ selected: leaf, leafFollowed: leaf })
      // A path the view never loaded (it waited, behind) is loaded whole from its end.
      void loadPath(get().path !== null)
    },

    caughtUp(overview) {
      if (!get().behind || get().overview !== overview) return
      set({ behind: false })
      void loadPath()
    },

    setRaw(raw) {
      rawForHit = null
      if (raw === get().raw) return
      set({ raw })
      void loadPath()
    },

    async wholeItem(index) {
      const { sessionId, path, selected } = get()
      if (!sessionId || !path || !selected) return
      const flight = `${sessionId}:${path.key}:whole:${index}`
      const pending = wholeFlights.get(flight)
      if (pending) return pending
      const fetched = (async () => {
        try {
          const page = await call('session:get-path', {
            ...shownPath(sessionId, selected, path.raw),
            offset: index,
            limit: 1,
            whole: true,
          })
          const current = get().path
          if (get().sessionId !== sessionId || current?.key !== path.key) return
          const items = new Map(current.items)
          set({ path: toPathState(page, items, current.view, current.focusIndex) })
        } catch (error) {
          set({ pathError: errorData(error) })
        } finally {
          wholeFlights.delete(flight)
        }
      })()
      wholeFlights.set(flight, fetched)
      return fetched
    },

    async findCounts(text) {
      const { sessionId, path, selected } = get()
      if (!sessionId || !path || !selected) return null
      const { counts } = await call('session:find-counts', {
        ...shownPath(sessionId, selected, path.raw),
        text,
      })
      return get().sessionId === sessionId && get().path?.view === path.view ? counts : null
    },

    ensureRange(start, end, sweep = false) {
      const path = get().path
      if (!path) return
      const priority = sweep ? 0 : VISIBLE
      const first = Math.max(0, start)
      const last = Math.min(path.total - 1, end)
      if (!sweep) visible = [first, last]
      for (let chunk = Math.floor(first / CHUNK) * CHUNK; chunk <= last; chunk += CHUNK) {
        const end = Math.min(chunk + CHUNK, path.total)
        for (let i = chunk; i < end; i++) {
          if (path.items.has(i)) continue
          // Each run of missing items, asked for alone: the items after it are not sent again
          // (a page main cut at its size budget may end with a tool result of megabytes).
          let stop = i + 1
          while (stop < end && !path.items.has(stop)) stop++
          loadChunk(i, stop, priority)
          i = stop
        }
      }
    },

    async reload(reread = false) {
      const { sessionId, selected, followLeaf } = get()
      // A session the user has left is not re-read (it would take the selection back).
      if (!sessionId || useLibrary.getState().selectedSessionId !== sessionId) return
      set({ sessionId: null })
      if (followLeaf && reading !== null) {
        // Opened at the entry being read, as a search hit opens (nothing marked): the path
        // runs on to pi's leaf when that entry is still on it, and new entries are counted.
        hitSession = sessionId
        landOnReading(reading)
      }
      const at = entryToKeep({ followLeaf, selected })
      reopeningAt = at ?? null
      await get().openSession(sessionId, at, reread)
    },

    async refresh(leaf = null, withRows = true) {
      const { sessionId, overview, rows: held } = get()
      const pathOnly = { rows: Promise.resolve() }
      if (!sessionId || !overview) return pathOnly
      const ticket = openTicket
      const current = () => ticket === openTicket && get().sessionId === sessionId
      // The path to pi's new leaf loads while main lays the tree out and the renderer loads its
      // rows (a few hundred ms each for a large tree): the transcript shows what pi wrote
      // without waiting for them.
      let toLeaf: number | null = null
      let keptReading = false
      const followPiLeaf = async (id: string, pos: number, continues: boolean | null) => {
        const { followLeaf, path, selected, pathStatus } = get()
        if (!followLeaf || pos === toLeaf) return
        // Shown already (a path never changes: entries are only appended), when pi's next
        // entry is awaited while the rows of its new order are read; or older than pi's leaf
        // shown (pi's leaf is the file's last entry): an open's reply that live follow passed.
        const shown = path !== null && pathStatus !== 'error' && (selected?.pos ?? -1) >= pos
        if (shown && reading === null) return
        toLeaf = pos
        // A reader scrolled up on the path pi left (the follow reply says so) keeps it whole,
        // whether or not the entry being read is also on pi's new branch: shown up to the new
        // leaf, the entries below the reader would change under them. The view offers pi's
        // leaf (pi may have gone back to the path since, rarely: the offer then leads there).
        if (reading !== null && leaf?.continues === false && path !== null) {
          keptReading = true
          set({ followLeaf: false })
          return
        }
        set({ selected: { id, pos } })
        // A path known not to run on from the one shown is shown afresh in one request.
        if (reading === null) return await loadPath(path !== null && continues !== false)
        // A reader scrolled up stays at the entry they were reading, on its branch; that
        // branch may end at pi's leaf, which the overview does not have yet.
        landOnReading(reading)
        await loadPath(false, pos)
        keptReading = !get().followLeaf
      }
      // Main lays the tree out for the open once the path is sent: that layout holds its
      // thread for a while, and the transcript comes first. A reader scrolled up lands after
      // the open, as before.
      if (leaf && reading === null) await followPiLeaf(leaf.id, leaf.pos, leaf.continues)
      if (!withRows) return pathOnly
      const readRows = async (attempt: number): Promise<void> => {
        try {
          const {
            outline: _outline,
            behind: _behind,
            ...next
          } = await call('session:open', {
            sessionId,
          })
          if (!current()) return
          mark('pi:order:open')
          // pi's leaf as the open found it (pi may have written on since the follow reply).
          const landed =
            next.leafPos !== null ? followPiLeaf(next.leafId ?? '', next.leafPos, null) : null
          // The rows held are of the order pi left: the new one comes as runs over them.
          const rows = held
            ? await loadRowsInNewOrder(next, held, overview.revision)
            : await loadTreeRows(next)
          mark('pi:order:rows')
          await landed
          // The reader stays on a branch pi left: the view offers pi's leaf.
          if (current())
            set({
              overview: next,
              rows,
              behind: false,
              piElsewhere: keptReading || get().piElsewhere,
            })
        } catch (error) {
          if (!current()) return
          // pi branched again while the rows were read (they are of an order main has left):
          // the rows of the new one, in place. Read again otherwise, or gone: opened again.
          if (errorData(error).code === 'conflict' && attempt < ROW_READS)
            await readRows(attempt + 1)
          else await get().reload()
        }
      }
      return { rows: readRows(1) }
    },

    readAt(entryId) {
      reading = entryId
    },

    close() {
      openTicket++
      set({
        sessionId: null,
        status: 'idle',
        overview: null,
        rows: null,
        outline: null,
        preview: null,
        earlyRows: [],
        behind: false,
        lineage: null,
        selected: null,
        leafFollowed: null,
        path: null,
        hitPatterns: null,
        landing: null,
        missingEntry: null,
        piElsewhere: false,
      })
    },
  }
})
