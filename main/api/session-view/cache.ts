/**
 * Keeps the last few loaded sessions in memory, so paging through a path or fetching an image
 * does not re-read a 100 MB file. A load is reused while the file's size, mtime and inode are
 * unchanged; when the file only grew by entries that continue pi's leaf, the load is extended
 * by the appended bytes (grow.ts); any other change loads the file again, and the new load
 * says why. Concurrent requests share one load or one growth.
 */
import { changedReason, growSource, type RowsBefore } from './grow'
import type { OpenedMemo } from './overview'
import { loadViewSource, sameIdentity, stampOf, type ViewSource } from './source'

/** One cached session. */
export interface Slot {
  source: ViewSource | null
  /** The load or growth running now; requests wait for it, then look again. */
  busy: Promise<void> | null
  /** Derived data computed once per load (path plans, rows...), keyed by the caller. */
  memo: Map<string, unknown>
  /** Why this load replaced the previous one of the same session (null: first load). */
  reason: string | null
  /** Whether the user should be told of that reason (a rewrite, not a new branch). */
  notice: boolean
  /**
   * When this load grew into a new order: whether the path to pi's new leaf runs through the
   * leaf before; null when not known (the file was read again).
   */
  continues: boolean | null
  /**
   * Revisions below this belong to rows in an order the session has left (pi started a new
   * branch): a view holding them opens again, and need not wait for the new order's layout
   * to learn so. 0: none.
   */
  staleBelow: number
  /**
   * The rows of the last order pi left, and their revision: a view holding them learns the
   * new order relative to them (`session:get-tree-order`, once). Null: none, or told.
   */
  before: RowsBefore | null
  /**
   * Stops this slot's load while it runs; null once it ended. A slot dropped from the cache
   * (the least recently asked for beyond capacity, or forgotten) stops its load: nobody would
   * keep what it read, and on two cores it would slow the load of the session the user went
   * on to. Its requests fail with the reason.
   */
  stop: AbortController | null
}

/** Memo key of a slot's opened session (`session:open`), an {@link OpenedMemo}. */
export const OPENED_KEY = 'overview:'

/**
 * How a session not in memory is first read: only the bytes `upTo` names (a tree skeleton's),
 * then `prepare` runs on that load before any request sees it or live follow extends it (the
 * view builds its opened session there, so it matches the skeleton it served). When those
 * bytes no longer hash to `sha256` (rewritten in place, keeping their size and last bytes),
 * `stale` is called instead and the whole file is read again, with that reason.
 */
export interface FirstLoad {
  upTo: ViewSource['stamp']
  /** SHA-256 (hex) the bytes `upTo` names had. */
  sha256: string
  prepare(source: ViewSource, memo: Map<string, unknown>): Promise<unknown>
  stale(): void
}

/** Rounds of "the file changed while we read it" before answering with what was read. */
const MAX_ROUNDS = 4

/** An LRU of loaded sessions keyed by library id. */
export class SourceCache {
  private slots = new Map<string, Slot>()

  /** @param capacity sessions kept loaded (a 100 MB session costs a few hundred MB of heap). */
  constructor(private readonly capacity = 2) {}

  /**
   * The loaded session for `key` at `path`, extended or reloaded when the file changed.
   * @throws the fs error of stat or load (the failed load is not kept), or why the load was
   *   stopped (its slot was dropped while it ran, {@link Slot.stop})
   */
  async get(
    key: string,
    path: string,
    first?: FirstLoad | null,
  ): Promise<{ source: ViewSource; memo: Map<string, unknown>; slot: Slot }> {
    for (let round = 0; ; round++) {
      const slot = this.slots.get(key)
      if (slot?.busy) {
        // A request is a use: the session asked for last is the last one dropped. A load
        // stopped because its slot was dropped fails its requests (they are a view's the user
        // left: to load it again would drop another, and so on).
        this.touch(key, slot)
        await slot.busy
        continue
      }
      const stamp = await stampOf(path)
      // Another request may have started a load or a growth while this one read the stamp:
      // a second growth would read the same appended bytes again.
      const now = this.slots.get(key)
      if (now !== slot || now?.busy) continue
      if (slot?.source && (round >= MAX_ROUNDS || sameIdentity(slot.source.stamp, stamp))) {
        this.touch(key, slot)
        return { source: slot.source, memo: slot.memo, slot }
      }
      if (slot?.source) this.grow(key, slot, slot.source, stamp)
      else this.load(key, path, slot ?? null, slot ? null : first)
    }
  }

  /**
   * The loaded session of `key` once no load or growth of it is under way, without reading
   * the file itself; null when none is loaded (or its load failed).
   */
  async settled(key: string): Promise<ViewSource | null> {
    for (;;) {
      const slot = this.slots.get(key)
      if (!slot) return null
      if (!slot.busy) return slot.source
      await slot.busy.catch(() => undefined)
    }
  }

  /** The slot of `key` without loading or checking the file (null when not loaded). */
  peek(key: string): Slot | null {
    return this.slots.get(key) ?? null
  }

  private load(
    key: string,
    path: string,
    previous: Slot | null,
    first: FirstLoad | null = null,
  ): void {
    const slot: Slot = {
      source: null,
      busy: null,
      memo: new Map(),
      reason: previous?.reason ?? null,
      notice: previous?.notice ?? false,
      continues: null,
      staleBelow: 0,
      before: null,
      stop: new AbortController(),
    }
    this.slots.set(key, slot)
    this.touch(key, slot)
    const signal = slot.stop?.signal
    slot.busy = loadViewSource(path, { signal, upTo: first?.upTo, sha256: first !== null }).then(
      async (source) => {
        slot.stop = null
        if (first && source.loaded.sha256 !== first.sha256) {
          first.stale()
          slot.busy = null
          if (this.slots.get(key) !== slot) return
          this.slots.delete(key)
          // Its first bytes are not those the skeleton was built from: rewritten in place.
          this.load(key, path, { ...slot, reason: changedReason('rewritten'), notice: true })
          return
        }
        // What prepare builds is the view's own cache: a failure there is met again by the
        // request that needs it, not by this load.
        if (first) await first.prepare(source, slot.memo).catch(() => undefined)
        slot.source = source
        slot.busy = null
      },
      (error: unknown) => {
        if (this.slots.get(key) === slot) this.slots.delete(key)
        throw error
      },
    )
  }

  /** Drops slot `key` from the cache, stopping its load if one runs. */
  private drop(key: string): void {
    const slot = this.slots.get(key)
    this.slots.delete(key)
    slot?.stop?.abort(
      new Error('Another session was opened while this one was read; open it again.'),
    )
  }

  private grow(key: string, slot: Slot, source: ViewSource, stamp: ViewSource['stamp']): void {
    const opened = slot.memo.get(OPENED_KEY) as OpenedMemo | undefined
    slot.busy = growSource(source, opened, stamp).then(
      (growth) => {
        slot.busy = null
        if (growth.kind === 'rebuilt') {
          // Everything made from the load is made again from the grown session, by whoever
          // asks next; a view of the old rows is told to open again.
          slot.memo.clear()
          slot.reason = growth.reason
          slot.notice = false
          slot.continues = growth.continues
          slot.staleBelow = growth.staleBelow
          // A growth before the view was built again leaves the rows a view still holds.
          slot.before = growth.before ?? slot.before
          return
        }
        if (growth.kind !== 'reload') return
        if (this.slots.get(key) !== slot) return
        this.slots.delete(key)
        this.load(key, source.path, { ...slot, reason: growth.reason, notice: growth.notice })
      },
      (error: unknown) => {
        if (this.slots.get(key) === slot) this.slots.delete(key)
        throw error
      },
    )
  }

  private touch(key: string, slot: Slot): void {
    // Most recently used last; drop the oldest beyond capacity.
    this.slots.delete(key)
    this.slots.set(key, slot)
    while (this.slots.size > this.capacity) {
      const oldest = this.slots.keys().next().value as string
      this.drop(oldest)
    }
  }

  /** Forgets the loaded session of `key`: the next request reads its file whole. */
  forget(key: string): void {
    this.drop(key)
  }

  /** Forgets everything (tests, or when roots change). */
  clear(): void {
    this.slots.clear()
  }
}

/**
 * Returns `memo[key]`, computing it with `make` the first time (per loaded file).
 * @param limit keeps at most this many keys with the same prefix (oldest dropped)
 */
export function memoize<T>(memo: Map<string, unknown>, key: string, make: () => T, limit = 8): T {
  if (memo.has(key)) {
    const value = memo.get(key) as T
    memo.delete(key)
    memo.set(key, value)
    return value
  }
  const value = make()
  memo.set(key, value)
  const prefix = key.split(':')[0] ?? ''
  const same = [...memo.keys()].filter((k) => k.startsWith(`${prefix}:`))
  for (const k of same.slice(0, Math.max(0, same.length - limit))) memo.delete(k)
  return value
}
