/**
 * The branch containing an entry, as far as it goes: what a search hit opens, so the answers
 * after the matching entry show with it (not only the path cut off at the match).
 */
import { pathTo, type SessionEntry, type ViewSource } from './source'

/**
 * The leaf of the branch through `entry`: pi's resume entry when `entry` is on pi's current
 * path (pi spec 7, 12.1: the leaf pi continues from), else the newest entry below `entry` (the
 * highest file position among its descendants; entries are appended after their parent, so
 * nothing lies below it: it is a leaf). `entry` itself when nothing lies below it.
 */
export function branchLeaf(source: ViewSource, entry: SessionEntry): SessionEntry {
  const resume = source.entries[source.leafPos]
  if (resume && pathTo(source, resume).includes(entry)) return resume
  const start = source.posOf.get(entry) ?? source.entries.length
  const below = new Set<unknown>([entry.id])
  let leaf = entry
  for (let pos = start + 1; pos < source.entries.length; pos++) {
    const next = source.entries[pos] as SessionEntry
    if (typeof next.parentId !== 'string' || !below.has(next.parentId)) continue
    below.add(next.id)
    leaf = next
  }
  return leaf
}
