/**
 * Where pi would resume a session, in one sentence when that is not the newest conversation:
 * pi 1.6.0 resumes at the last line's entry (pi spec 7, 9) and builds its context from that
 * entry's path (spec 12.1), so an id-less or detached last line, or a label hanging on an
 * older entry, makes pi continue with an empty or shortened context.
 */
import { pathTo, projectionAt, type SessionEntry, type ViewSource } from './source'

/** Entry types whose path position adds messages to pi's context (pi spec 12). */
const CONTRIBUTES = new Set(['message', 'custom_message', 'branch_summary', 'compaction'])

function describeEntry(entry: SessionEntry, line: number): string {
  const type = typeof entry.type === 'string' ? entry.type.slice(0, 40) : 'untyped'
  return `a ${type} entry on line ${line}`
}

/** Why the resume entry cuts the context short. */
function reasonOf(source: ViewSource, entry: SessionEntry): string {
  if (typeof entry.id !== 'string') return 'has no id, so pi has no leaf to continue'
  const parentId: unknown = entry.parentId
  if (parentId === null || parentId === undefined) return 'has no parent'
  if (typeof parentId !== 'string' || !source.byId.has(parentId))
    return 'names a parent that does not exist'
  return 'hangs on an older entry'
}

/**
 * One sentence when pi would resume `source` with an empty or shortened context (fewer
 * messages than at the newest entry that adds to the context), else null. Counts are pi's
 * context messages.
 */
export function resumeNote(source: ViewSource): string | null {
  const { entries, manager, loaded } = source
  let newest: SessionEntry | undefined
  for (let i = entries.length - 1; i >= 0 && newest === undefined; i--) {
    const e = entries[i] as SessionEntry
    if (CONTRIBUTES.has(e.type)) newest = e
  }
  if (newest === undefined) return null
  const resume = manager.getResumeEntry()
  // The usual case, settled by one walk: pi resumes on a path that holds the newest entry.
  if (resume !== undefined && pathTo(source, resume).includes(newest)) return null
  const fullCount = projectionAt(source, newest).messages.length
  const got = manager.buildSessionContext().messages.length
  if (got >= fullCount) return null
  const what =
    resume === undefined
      ? `the last line (line ${lastLine(source)}) is not an entry`
      : `its last entry (${describeEntry(resume, loaded.lines[source.posOf.get(resume) ?? -1] ?? 0)}) ${reasonOf(source, resume)}`
  return got === 0
    ? `pi would resume this session with an empty context: ${what}.`
    : `pi would resume this session with a shortened context (${got} of ${fullCount} messages): ${what}.`
}

function lastLine(source: ViewSource): number {
  const d = source.loaded.diagnostics.filter((x) => x.kind === 'non-object-line').at(-1)
  return d?.line ?? source.loaded.lineCount
}
