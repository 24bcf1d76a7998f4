/**
 * What tells sessions apart where their titles alone do not: a fork names its parent session
 * and when it was forked (pi spec 2.1: the header's parentSession and timestamp), and sessions
 * whose titles collide in one list show their start and their session id.
 */
import type { LibraryRow } from '../../../../preload/contract/library'
import { fullDate, oneLine } from './format'
import './identity.css'

/** A row's title as the list shows it (session name, else first message). */
export function titleOf(row: Pick<LibraryRow, 'name' | 'firstMessage'>): string {
  return oneLine(row.name ?? row.firstMessage) || '(empty message)'
}

/**
 * "fork of <parent title> at <when it was forked>" for a fork, else null. A parent outside
 * the library is named by its file name.
 */
export function forkOfText(
  row: Pick<LibraryRow, 'parentFileName' | 'parentTitle' | 'created'>,
): string | null {
  if (!row.parentFileName) return null
  const parent = row.parentTitle ? oneLine(row.parentTitle) : row.parentFileName
  return `fork of “${parent}” at ${fullDate(row.created)}`
}

/** The titles that more than one of `rows` share. */
export function collidingTitles(rows: readonly Pick<LibraryRow, 'name' | 'firstMessage'>[]) {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const row of rows) {
    const title = titleOf(row)
    if (seen.has(title)) twice.add(title)
    seen.add(title)
  }
  return twice
}

/** A fork's "fork of …" line (nothing for a session that is not a fork). */
export function ForkOf({ row }: { row: Parameters<typeof forkOfText>[0] }) {
  const text = forkOfText(row)
  if (!text) return null
  return (
    <span className="fork-of" data-testid="fork-of">
      {text}
    </span>
  )
}

/** What sets a session apart from others of the same title: its start and session id. */
export function TitleDiffers({
  row,
}: {
  row: Pick<LibraryRow, 'created' | 'headerId' | 'fileName'>
}) {
  const id = row.headerId ?? row.fileName
  return (
    <span className="title-differs" data-testid="title-differs" title={id}>
      started {fullDate(row.created)} · {id.slice(0, 13)}
    </span>
  )
}
