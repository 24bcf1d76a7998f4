/**
 * The one undo that Ctrl/Cmd+Z runs: the latest undoable edit or deletion (rename, label,
 * extract, move to the trash). Stores offer their undo after an action succeeds; a second
 * undo is not offered (undoing the undo would be a new edit of its own).
 */

type Undo = () => Promise<void>

let latest: Undo | null = null

/** Makes `undo` the one Ctrl/Cmd+Z runs, replacing any older offer. */
export function offerUndo(undo: Undo): void {
  latest = undo
}

/** Withdraws `undo` if it is still the latest offer (its toast's Undo ran, or it expired). */
export function withdrawUndo(undo: Undo): void {
  if (latest === undo) latest = null
}

/** Runs the latest offered undo once; resolves false when there is none. */
export async function undoLatest(): Promise<boolean> {
  const undo = latest
  if (!undo) return false
  latest = null
  await undo()
  return true
}
