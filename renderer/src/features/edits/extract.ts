import type { TreeRow } from '../../../../preload/contract/session-view'
import { parentRows } from '../../../../preload/contract/row-parents'
import type { EditPrompt } from '../../state/edits'
import { ellipsized } from '../../components/grapheme-cut'

/** Longest prefilled name (characters): a branch point's text can run to 200. */
const NAME_PREFILL_MAX = 80

/**
 * The extract dialog's question for the branch ending at the entry at file position `pos`:
 * the name prefilled from that entry's label, else its text (pi's /tree line), and how many
 * entries the new session gets: the path root → entry without its label entries, plus one
 * label entry per labelled entry of the path (pi 1.6.0 createBranchedSession drops the label
 * entries and re-adds the path's labels at the end, spec 14.6).
 * Returns null when the entry is not among `rows`.
 */
export function extractPrompt(
  sessionId: string,
  rows: readonly TreeRow[],
  selected: { id: string; pos: number },
): Extract<EditPrompt, { kind: 'extract' }> | null {
  const at = rows.findIndex((r) => r.pos === selected.pos)
  const row = rows[at]
  if (!row) return null
  let entries = 0
  const parents = parentRows(rows)
  for (let i = at; i >= 0; i = parents[i] ?? -1) {
    const step = rows[i]
    if (step && step.type !== 'label') entries += step.label ? 2 : 1
  }
  const text = (row.label ?? row.text).trim()
  const initial = ellipsized(text, NAME_PREFILL_MAX)
  return { kind: 'extract', sessionId, entryId: selected.id, initial, entries }
}
