/**
 * The matches of a find in the shown path: the text of each path item as the transcript
 * renders it (messages, thinking, tool calls and results, bash, summaries), and every
 * occurrence of the find's pattern in it, in path order.
 */
import type { PathItem } from '../../../../preload/contract/session-view'
import { countMatches, itemText } from '../../../../preload/contract/find-text'
import { isCut } from '../../state/path-state'
import { PrefixSums } from './prefix-sums'

/** One occurrence: the path index of its item and its order among that item's marks. */
export interface FindMatch {
  index: number
  nth: number
}

/** The matches of a find in path order: how many, and the `k`-th (0-based; past the end: none). */
export interface FindMatches {
  readonly count: number
  at(k: number): FindMatch | undefined
}

/** No match. */
export const NO_MATCHES: FindMatches = { count: 0, at: () => undefined }

/**
 * A find's match counts over a whole path. Main counts every item of the path at once
 * ({@link FindTally.seed}); the items the view receives are counted as they arrive, and the
 * count outlives the item (the view keeps only a few thousand items of a path): the find's
 * total is final once every index was counted, and a match whose item was dropped is fetched
 * again when the reader goes to it. An item fetched again (live follow refreshes the path's
 * last items: a tool call there may have its result now) is counted again.
 */
export class FindTally {
  /** Each counted index's match count, with the running sums that find the k-th match. */
  private sums = new PrefixSums()
  /** The indexes counted. */
  private seen = new Set<number>()
  /** Items already counted (weakly held: a dropped item is not kept alive by the tally). */
  private counted = new WeakSet<PathItem>()

  /** Grows each time an item is counted (what a view of the tally compares). */
  version = 0

  /**
   * @param onCut called with the index of an item sent with a long text cut (TextCut): its
   *   whole, once fetched, is a new item, counted again
   */
  constructor(
    private readonly pattern: RegExp,
    private readonly onCut?: (index: number) => void,
  ) {}

  /** Counts the items of `items` not counted yet. @returns the version after it */
  add(items: ReadonlyMap<number, PathItem>): number {
    for (const [index, item] of items) {
      if (this.counted.has(item)) continue
      this.counted.add(item)
      if (this.onCut && isCut(item)) this.onCut(index)
      this.seen.add(index)
      this.sums.set(index, countMatches(itemText(item), this.pattern))
      this.version++
    }
    return this.version
  }

  /**
   * Takes main's count of each index of the path (session:find-counts) for the indexes no item
   * has been counted at: an item counted here is newer (live follow) or about to be counted
   * whole (a text sent cut).
   */
  seed(counts: readonly number[]): void {
    counts.forEach((count, index) => {
      if (this.seen.has(index)) return
      this.seen.add(index)
      this.sums.set(index, count)
    })
    this.version++
  }

  /** How many indexes of the path have been counted. */
  get scanned(): number {
    return this.seen.size
  }

  /**
   * Every match counted so far, in path order: the same object until more are counted (its
   * `count` is of that moment; `at` answers from the tally as it is).
   */
  matches(): FindMatches {
    if (this.listed?.version === this.version) return this.listed.matches
    const matches: FindMatches = {
      count: this.sums.total,
      at: (k) => {
        const found = this.sums.find(k)
        return found ? { index: found.position, nth: k - found.before } : undefined
      },
    }
    this.listed = { version: this.version, matches }
    return matches
  }

  private listed: { version: number; matches: FindMatches } | null = null
}
