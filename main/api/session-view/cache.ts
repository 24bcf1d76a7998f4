/**
 * Keeps the last few loaded sessions in memory, so paging through a path or fetching an image
 * does not re-read a 100 MB file. An entry is reused only while the file's size, mtime and inode
 * are unchanged; concurrent requests for the same file share one load.
 */
import { sameIdentity } from '../../library/record'
import { loadViewSource, stampOf, type FileStamp, type ViewSource } from './source'

interface Slot {
  stamp: FileStamp | null
  promise: Promise<ViewSource>
  /** Derived data computed once per load (path plans, rows...), keyed by the caller. */
  memo: Map<string, unknown>
}

function sameStamp(a: FileStamp | null, b: FileStamp): boolean {
  return a !== null && sameIdentity(a, b)
}

/** An LRU of loaded sessions keyed by library id. */
export class SourceCache {
  private slots = new Map<string, Slot>()

  /** @param capacity sessions kept loaded (a 100 MB session costs a few hundred MB of heap). */
  constructor(private readonly capacity = 2) {}

  /**
   * The loaded session for `key` at `path`, reloading when the file changed.
   * @throws the fs error of stat or load (the failed load is not kept)
   */
  async get(
    key: string,
    path: string,
  ): Promise<{ source: ViewSource; memo: Map<string, unknown> }> {
    const stamp = await stampOf(path)
    let slot = this.slots.get(key)
    if (slot && slot.stamp !== null && !sameStamp(slot.stamp, stamp)) slot = undefined
    if (!slot) {
      const fresh: Slot = { stamp: null, promise: loadViewSource(path), memo: new Map() }
      slot = fresh
      this.slots.set(key, fresh)
      fresh.promise.then(
        (source) => {
          fresh.stamp = source.stamp
        },
        () => {
          if (this.slots.get(key) === fresh) this.slots.delete(key)
        },
      )
    }
    // Most recently used last; drop the oldest beyond capacity.
    this.slots.delete(key)
    this.slots.set(key, slot)
    while (this.slots.size > this.capacity) {
      const oldest = this.slots.keys().next().value as string
      this.slots.delete(oldest)
    }
    return { source: await slot.promise, memo: slot.memo }
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
