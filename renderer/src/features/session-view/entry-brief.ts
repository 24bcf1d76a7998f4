/**
 * Names an entry by what it says instead of its id, for events that point at another entry
 * (labels, context edits: pi spec 10, 12.4): its role and the start of its text, from the
 * session's tree rows. Ids stay available in tooltips.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'
import type { EntryNaming } from '../../../../preload/contract/session-live'
import { useSessionView } from '../../state/session'
import { cutAt } from '../../components/grapheme-cut'

/** Characters of the entry's text quoted. */
const QUOTE = 60

const indexes = new WeakMap<readonly TreeRow[], Map<string, TreeRow>>()

function byId(rows: readonly TreeRow[]): Map<string, TreeRow> {
  let index = indexes.get(rows)
  if (!index) {
    index = new Map(rows.filter((r) => r.id).map((r) => [r.id, r]))
    indexes.set(rows, index)
  }
  return index
}

/**
 * `user “Summarise the…”`, `assistant message`, `compaction`; "an entry" while the rows load
 * (unless `early`, the rows the tail preview brought, has it); "an entry missing from this
 * file" when no entry has the id.
 * @param rows the session's tree rows, or null while they load
 * @param early rows of some entries, read from the file's end before the tree's rows
 */
export function entryBrief(
  rows: readonly TreeRow[] | null,
  id: string,
  early: readonly EntryNaming[] = [],
): string {
  const row = rows === null ? early.find((r) => r.id === id) : byId(rows).get(id)
  if (!row) return rows === null ? 'an entry' : 'an entry missing from this file'
  const who = row.role ?? row.type
  const text = row.text.trim()
  if (!text) return row.role ? `${who} message` : who
  const quoted = text.length > QUOTE ? `${cutAt(text, QUOTE).trimEnd()}…` : text
  return `${who} “${quoted}”`
}

/**
 * {@link entryBrief} over the open session's rows, or the tail preview's while they load
 * (re-renders when they change).
 */
export function useEntryBrief(): (id: string) => string {
  const rows = useSessionView((s) => s.rows)
  const early = useSessionView((s) => s.earlyRows)
  return (id) => entryBrief(rows, id, early)
}
