/**
 * What tells sessions apart where their titles alone do not: a fork names its parent session
 * and when it was forked (pi spec 2.1: the header's parentSession and timestamp), and sessions
 * whose titles collide in one list show their start and their session id.
 */
import type { LibraryRow } from '../../../../preload/contract/library'
import { when } from '../../components/format'
import { oneLine, rowTitle } from './format'
import './identity.css'

/**
 * "fork of <parent title> at <when it was forked>" for a fork, else null. A parent outside
 * the library is named by its file name.
 */
export function forkOfText(
  row: Pick<LibraryRow, 'parentFileName' | 'parentTitle' | 'created'>,
): string | null {
  if (!row.parentFileName) return null
  const parent = row.parentTitle ? oneLine(row.parentTitle) : row.parentFileName
  return `fork of “${parent}” at ${when(row.created)}`
}

/** The titles that more than one of `rows` share. */
export function collidingTitles(rows: readonly Parameters<typeof rowTitle>[0][]) {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const row of rows) {
    const title = rowTitle(row)
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
      started {when(row.created)} · {id.slice(0, 13)}
    </span>
  )
}
