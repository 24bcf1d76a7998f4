/**
 * Membership in a joined id list (ids separated by `\n`, as the stored digest keeps them).
 * A few questions scan the string (an append after a read asks about the handful of new
 * entries, and a 100,000-id list is never split); past {@link SCAN_LIMIT} questions the list
 * is split once into a set (a whole file read asks about every entry).
 */

/** Questions answered by scanning before the list is turned into a set. */
const SCAN_LIMIT = 64

/** A growing set of ids over a joined id list. */
export class IdList {
  private set: Set<string> | null = null
  private questions = 0
  private readonly added: string[] = []
  private readonly addedSet = new Set<string>()

  /** @param joined ids joined by `\n` ('' for none; an id never holds a line break) */
  constructor(private readonly joined: string) {}

  /** Whether `id` is in the list or was added. */
  has(id: string): boolean {
    if (this.addedSet.has(id)) return true
    if (this.set) return this.set.has(id)
    if (++this.questions > SCAN_LIMIT) {
      this.set = new Set(splitIds(this.joined))
      return this.set.has(id)
    }
    return scan(this.joined, id)
  }

  /** Adds `id` (the caller checked it is new). */
  add(id: string): void {
    this.added.push(id)
    this.addedSet.add(id)
  }

  /** The list with the added ids after the old ones, joined again. */
  join(): string {
    if (this.added.length === 0) return this.joined
    const more = this.added.join('\n')
    return this.joined === '' ? more : `${this.joined}\n${more}`
  }
}

/** Whether `id` is one of the `\n`-separated ids in `joined` (whole ids only). */
function scan(joined: string, id: string): boolean {
  if (id === '') return false
  for (let at = joined.indexOf(id); at >= 0; at = joined.indexOf(id, at + 1)) {
    const end = at + id.length
    if ((at === 0 || joined[at - 1] === '\n') && (end === joined.length || joined[end] === '\n'))
      return true
  }
  return false
}

/** The ids of a joined id list (see SessionDigest.ids). */
export function splitIds(joined: string): string[] {
  return joined === '' ? [] : joined.split('\n')
}
