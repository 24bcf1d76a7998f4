/**
 * The date a session row shows: the one its list is sorted by (created for the Created sort,
 * last activity for every other sort, as pi's /resume picker orders by activity, pi spec
 * 15.2), with its full date and what it is in the tooltip; "—" when it is not known.
 */
import type { QueryRow, SessionSort } from '../../../../preload/contract/library'
import { age, when } from '../../components/format'
import { useLibrary } from '../../state/library'

/** Which date of `row` the sort `sort` orders by, with its name for the tooltip. */
export function sortDate(
  row: Pick<QueryRow, 'created' | 'modified'>,
  sort: SessionSort,
): { ms: number | null; what: string } {
  return sort === 'created'
    ? { ms: row.created, what: 'Created' }
    : { ms: row.modified, what: 'Last activity' }
}

/** The row's date as a compact age, by the list's current sort. */
export function RowDate({ row }: { row: Pick<QueryRow, 'created' | 'modified'> }) {
  const sort = useLibrary((s) => s.query.sort)
  const { ms, what } = sortDate(row, sort)
  return (
    <span data-testid="row-date" title={`${what} ${when(ms)}`}>
      {age(ms)}
    </span>
  )
}
