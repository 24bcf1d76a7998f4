/**
 * Insights name sessions as the library list does (`rowTitle`): the session name, else the
 * first message, else "Empty session in <project folder>" or "Unreadable file <name>", so a
 * session reads the same in both places (pi's "(no messages)" is not a title).
 */
import { rowTitle } from '../../renderer/src/features/library/format'

/** The columns of `sessions s` a title is made of, for a SELECT list. */
export const TITLE_COLUMNS =
  's.name AS titleName, s.first_message AS titleFirst, s.cwd AS titleCwd, s.file_name AS titleFile, s.status AS titleStatus'

/** A row read with {@link TITLE_COLUMNS}. */
export interface TitleColumns {
  titleName: string | null
  titleFirst: string
  titleCwd: string | null
  titleFile: string
  titleStatus: string
}

/** `row` with its title columns replaced by `label`, the library row's title. */
export function withTitle<T extends TitleColumns>(
  row: T,
): Omit<T, keyof TitleColumns> & { label: string } {
  const { titleName, titleFirst, titleCwd, titleFile, titleStatus, ...rest } = row
  const label = rowTitle({
    name: titleName,
    firstMessage: titleFirst,
    cwd: titleCwd,
    fileName: titleFile,
    status: titleStatus,
  })
  return { ...rest, label }
}
