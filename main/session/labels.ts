/** Labels (pi spec 10): what a label entry does to its target. */
import type { SessionEntry } from './types.js'
import { isEntryType } from './types.js'

/**
 * What a label entry does (pi spec 10): sets its target's label, or clears it when the label
 * is empty or missing; the latest label entry in file order wins. Null for other entries.
 */
export function labelChange(
  entry: SessionEntry,
): { targetId: string; label: string | undefined } | null {
  if (!isEntryType(entry, 'label')) return null
  return { targetId: entry.targetId, label: entry.label ? entry.label : undefined }
}
