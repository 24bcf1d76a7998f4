/**
 * The transcript's path as the session view store keeps it: the loaded window of items of
 * the path root -> selected entry, and whether a grown path continues the loaded one.
 */
import type { ContentBlock, PathItem, PathPage } from '../../../preload/contract/session-view'

/** The transcript of one path (root -> selected entry), as far as it is loaded. */
export interface PathState {
  /** `${targetPos}:${raw}`: responses for another key are stale. */
  key: string
  /**
   * The transcript's identity on screen: kept while live follow extends the path (the list
   * stays where it is), new when another path is shown.
   */
  view: string
  targetId: string
  targetPos: number
  raw: boolean
  total: number
  /** Loaded items by index in the path (sparse). */
  items: ReadonlyMap<number, PathItem>
  compactedAway: number
  contextMessages: number
  thinkingLevel: string
  model: string | null
  /** Index of the search hit the path was opened at (scrolled to), or null. */
  focusIndex: number | null
}

/** The path state of `page`, its items added to `items` (the loaded ones kept). */
export function toPathState(
  page: PathPage,
  items: Map<number, PathItem>,
  view: string,
  focusIndex: number | null,
): PathState {
  page.items.forEach((item, i) => {
    const index = page.offset + i
    items.set(index, keptWhole(items.get(index), item))
  })
  return {
    key: `${page.targetPos}:${page.raw}`,
    view,
    targetId: page.targetId,
    targetPos: page.targetPos,
    raw: page.raw,
    total: page.total,
    items,
    compactedAway: page.compactedAway,
    contextMessages: page.contextMessages,
    thinkingLevel: page.thinkingLevel,
    model: page.model,
    focusIndex,
  }
}

/**
 * Drops loaded items once there are more than `max`, down to the `max / 2` nearest to the index
 * ranges `keep` (inclusive: the viewport, the chunk that just arrived), so a read of a long
 * path in the background (find) never evicts what the reader is looking at. Mutates `items`.
 */
export function trimItems(
  items: Map<number, PathItem>,
  keep: readonly (readonly [first: number, last: number])[],
  max: number,
): void {
  if (items.size <= max) return
  const distance = (index: number) =>
    Math.min(
      ...keep.map(([first, last]) => (index < first ? first - index : Math.max(0, index - last))),
    )
  const farthestFirst = [...items.keys()]
    .map((index) => [index, distance(index)] as const)
    .sort((a, b) => b[1] - a[1])
  for (const [index] of farthestFirst.slice(0, items.size - Math.floor(max / 2)))
    items.delete(index)
}

/**
 * Whether `page` (of a path that grew at its end) continues the loaded `path`: the model's
 * view lost nothing to a new compaction, and the last loaded item is the same entry.
 */
export function continues(path: PathState, page: PathPage): boolean {
  if (page.total < path.total || page.compactedAway !== path.compactedAway) return false
  const at = path.total - 1
  const before = path.items.get(at)
  const after = page.items[at - page.offset]
  return before === undefined || after === undefined || before.id === after.id
}

/** Whether a page sent `item` with a long text cut (TextCut): its whole is `wholeItem`'s. */
export function isCut(item: PathItem): boolean {
  const b = item.body
  if ('content' in b) return b.content.some((block) => 'cut' in block && block.cut !== undefined)
  return b.kind === 'bash' && b.outputCut !== undefined
}

/**
 * `fresh`, an item a page sent again (live follow refreshes the path's last items), with the
 * whole texts `old` already had for the same entry: a text the reader shows whole is not cut
 * again under them (the entry would shrink by megabytes and the list lose their place), nor
 * fetched again. An entry's texts never change (a context edit that replaces them since marks
 * the item `edited`); what else `fresh` says (a tool call's result found since) is kept.
 */
export function keptWhole(old: PathItem | undefined, fresh: PathItem): PathItem {
  const same = old?.pos === fresh.pos && old.id === fresh.id && old.edited === fresh.edited
  if (!old || !same || !isCut(fresh) || isCut(old)) return fresh
  const was = old.body
  const body = fresh.body
  if ('content' in body && 'content' in was && was.content.length === body.content.length) {
    const content = body.content.map((block, i): ContentBlock => {
      const whole = was.content[i]
      if (!('cut' in block) || block.cut === undefined || whole?.type !== block.type) return block
      const { cut: _cut, ...rest } = block
      return { ...rest, text: 'text' in whole ? whole.text : block.text } as ContentBlock
    })
    return { ...fresh, body: { ...body, content } }
  }
  if (body.kind === 'bash' && was.kind === 'bash' && body.outputCut !== undefined) {
    const { outputCut: _cut, ...rest } = body
    return { ...fresh, body: { ...rest, output: was.output } }
  }
  return fresh
}
