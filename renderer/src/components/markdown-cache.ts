/**
 * The rendered markdown of recent texts, so a message rendered once is not parsed again when
 * it renders again: the path that replaces a large session's tail preview holds the same
 * newest messages, and the virtualized transcript mounts a message anew each time it scrolls
 * back into view. Parsing is most of the cost of rendering a message (micromark, GFM and the
 * highlighter). Least recently used texts go first once the texts kept pass a budget in
 * characters.
 */

/** Characters of text whose rendering is kept (the renderings hold a few times as much). */
export const MARKDOWN_CACHE_CHARS = 2_000_000

/** A least-recently-used cache of renderings by text, within a budget of characters. */
export class RenderCache<T> {
  private entries = new Map<string, T>()
  private chars = 0

  constructor(private readonly budget = MARKDOWN_CACHE_CHARS) {}

  /**
   * The rendering of `text`: the kept one, or `render()`'s, then kept unless the text is over
   * half the budget.
   */
  get(text: string, render: () => T): T {
    const kept = this.entries.get(text)
    if (kept !== undefined) {
      // Most recently used last: the Map keeps insertion order.
      this.entries.delete(text)
      this.entries.set(text, kept)
      return kept
    }
    const made = render()
    if (text.length > this.budget / 2) return made
    this.entries.set(text, made)
    this.chars += text.length
    for (const [old] of this.entries) {
      if (this.chars <= this.budget) break
      this.entries.delete(old)
      this.chars -= old.length
    }
    return made
  }

  /** How many renderings are kept. */
  get size(): number {
    return this.entries.size
  }
}
