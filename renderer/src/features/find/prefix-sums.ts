/**
 * Counts at positions 0, 1, 2… with their running sums (a Fenwick tree): a count set, the
 * total, and the position the k-th unit falls in, each in O(log n). A find's matches per path
 * item live here: a million matches over 100,000 items, and items counted again as they come
 * back (a text fetched whole, live follow), cost no more than the first count.
 */
export class PrefixSums {
  private tree = new Float64Array(1)
  private values = new Float64Array(0)
  private sum = 0

  /** The sum of every count. */
  get total(): number {
    return this.sum
  }

  /** Sets the count at `position` (a whole number ≥ 0). */
  set(position: number, count: number): void {
    if (position >= this.values.length) this.grow(position + 1)
    const delta = count - (this.values[position] as number)
    if (delta === 0) return
    this.values[position] = count
    this.sum += delta
    for (let i = position + 1; i < this.tree.length; i += i & -i)
      this.tree[i] = (this.tree[i] as number) + delta
  }

  /**
   * The position unit `k` (0-based, in position order) falls in, and how many units come
   * before that position; null when `k` is not below the total.
   */
  find(k: number): { position: number; before: number } | null {
    if (!(k >= 0 && k < this.sum)) return null
    let at = 0
    let before = 0
    for (let step = highestBit(this.tree.length - 1); step > 0; step >>= 1) {
      const next = at + step
      if (next < this.tree.length && before + (this.tree[next] as number) <= k) {
        at = next
        before += this.tree[next] as number
      }
    }
    return { position: at, before }
  }

  /** Room for `size` positions at least (doubling, so growing one by one stays linear). */
  private grow(size: number): void {
    const values = new Float64Array(Math.max(size, this.values.length * 2, 16))
    values.set(this.values)
    this.values = values
    this.tree = new Float64Array(values.length + 1)
    // Built in one pass: each node passes its sum on to its parent.
    for (let i = 1; i < this.tree.length; i++) {
      this.tree[i] = (this.tree[i] as number) + (values[i - 1] as number)
      const parent = i + (i & -i)
      if (parent < this.tree.length)
        this.tree[parent] = (this.tree[parent] as number) + (this.tree[i] as number)
    }
  }
}

/** The highest power of two ≤ `n` (0 for 0). */
function highestBit(n: number): number {
  let bit = 1
  while (bit * 2 <= n) bit *= 2
  return n > 0 ? bit : 0
}
