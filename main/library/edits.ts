/**
 * The user's edits to a session: label an entry, rename the session, extract a branch into a
 * new session. Each goes through our SessionManager, so it is a whole-line pi-compatible
 * append after the file's actual last entry (pi spec 10, 11) that lands whole or not at all,
 * a legacy file is migrated atomically with a backup first, and a damaged file (read-only) is
 * refused. File-system failures come back in words (fs-errors.ts).
 */
import { lstat, stat } from 'node:fs/promises'
import { ApiError } from '../../preload/contract/errors'
import { normalizeText } from '../../preload/contract/edit-text'
import { LABEL_MAX, NAME_MAX } from '../../preload/contract/session'
import { LineInProgressError, openForRange, SessionManager } from '../session'
import { inWords } from './fs-errors'
import { landedEnd } from './landed'

/** How long an edit waits for a line pi is still writing to land (ms), and how often it looks. */
const LINE_WAIT_MS = 2000
const LINE_LOOK_MS = 50

/**
 * Resolves once the file at `path` holds no line on its way (landed.ts: written a moment ago,
 * its last line without a newline yet): read then, that half line would count as damage, and a
 * line appended after it would cut it in two. A missing or unreadable file resolves at once
 * (what comes next says why).
 * @throws {@link LineInProgressError} when the line has not landed after {@link LINE_WAIT_MS}
 */
async function lastLineLanded(path: string): Promise<void> {
  const deadline = Date.now() + LINE_WAIT_MS
  for (;;) {
    const file = await stat(path).catch(() => null)
    if (file === null || file.size === 0) return
    const end = await landedEnd(path, file, file.size - 1).catch(() => null)
    if (end === null) return
    if (Date.now() >= deadline) throw new LineInProgressError(path)
    await new Promise((resolve) => setTimeout(resolve, LINE_LOOK_MS))
  }
}

async function openForEdit(path: string, loaded?: SessionManager): Promise<SessionManager> {
  // Opening a missing path would start a new session there (pi's rule): refuse instead.
  const exists = await lstat(path).then(
    (s) => s.isFile(),
    () => false,
  )
  if (!exists) throw new ApiError('not_found', 'The session file no longer exists')
  await lastLineLanded(path)
  const manager = loaded ?? (await SessionManager.openAsync(path))
  if (manager.isReadOnly()) {
    throw new ApiError(
      'conflict',
      `This session is damaged and opens read-only: ${manager.getReadOnlyReason()}`,
    )
  }
  return manager
}

/**
 * An edit names an entry the file does not have: the ids come from a view of the file, so it
 * was cut short or rewritten since (an Undo after another program truncated it).
 */
function missingEntry(entryId: string): ApiError {
  return new ApiError(
    'not_found',
    `Entry ${entryId} is no longer in this session: the file was cut short or rewritten since it was shown`,
  )
}

/** How much of the file's end is read to check where our entry landed (bytes). */
const PARENT_CHECK_BYTES = 256 * 1024

/** Tries an edit makes at most before its entry stands where it landed: the first and four repeats. */
const APPEND_TRIES = 5

/**
 * True when pi resumes where it should after our entry `id` was written (pi spec 9: the leaf is
 * the file's last entry): our entry hangs on the entry before it (lines of `ours`, this edit's
 * earlier tries, passed over), or a whole line of another writer came after it (the leaf is
 * that writer's entry, on its own branch), or `id` is no longer near the end. False when our
 * entry is the file's last whole line and hangs on an older entry: a writer's line landed
 * between our read and our write, and pi would resume on the branch before it.
 */
async function leafIsSettled(
  path: string,
  id: string,
  ours: ReadonlySet<string>,
): Promise<boolean> {
  const handle = await openForRange(path)
  try {
    const { size } = await handle.stat()
    const start = Math.max(0, size - PARENT_CHECK_BYTES)
    const buffer = Buffer.alloc(size - start)
    await handle.read(buffer, 0, buffer.length, start)
    // Whole lines only: a line still on its way is not yet an entry pi resumes on.
    const lines = buffer
      .toString('utf8')
      .split('\n')
      .slice(0, -1)
      .filter((l) => l.trim() !== '')
    const idOf = (line: string) => (JSON.parse(line) as { id?: unknown }).id
    const at = lines.findIndex((l) => l.includes(`"id":"${id}"`))
    if (at < 0 || at < lines.length - 1) return true
    let before = at - 1
    while (before >= 0 && ours.has(idOf(lines[before] as string) as string)) before--
    if (before < 0) return true
    const mine = JSON.parse(lines[at] as string) as { parentId?: unknown }
    return mine.parentId === idOf(lines[before] as string)
  } catch {
    return true
  } finally {
    await handle.close()
  }
}

/**
 * Appends with `append` until pi's resume point is not moved back ({@link leafIsSettled}): pi
 * takes no lock, so a line pi writes between our tail read and our write leaves our entry on an
 * older branch, and while it is the file's last line pi would resume there. The same entry is
 * then written again after pi's line (a label or name: the latest in file order wins, so the
 * repeat is the same value). A writer's line that lands after ours settles it too: pi resumes
 * on that line. {@link APPEND_TRIES} at most; returns the last id written.
 *
 * A repeat is given up, not refused, when pi is writing its next line meanwhile
 * ({@link LineInProgressError}): the entry written stands, and pi's line lands after it, so
 * pi's resume point is pi's own again.
 */
async function appendAfterTail(
  path: string,
  manager: SessionManager,
  append: () => string,
): Promise<string> {
  const ours = new Set<string>()
  let id = append()
  for (
    let attempt = 1;
    attempt < APPEND_TRIES && !(await leafIsSettled(path, id, ours));
    attempt++
  ) {
    ours.add(id)
    manager.resumeAfterOthers([id])
    try {
      await lastLineLanded(path)
      id = append()
    } catch (error) {
      if (error instanceof LineInProgressError) return id
      throw error
    }
  }
  return id
}

/** Outcome of a label or name change: the value before, for undo. */
export interface EditResult {
  previous: string | null
  current: string | null
}

/** A label or session-name change, as the session view's core is asked to make it. */
export type SessionEdit =
  { kind: 'label'; entryId: string; label: string | null } | { kind: 'rename'; name: string | null }

/** Makes `edit` on the session at `path` ({@link setLabel} or {@link renameSession}). */
export function applyEdit(
  path: string,
  edit: SessionEdit,
  loaded?: SessionManager,
): Promise<EditResult> {
  return edit.kind === 'label'
    ? setLabel(path, edit.entryId, edit.label, loaded)
    : renameSession(path, edit.name, loaded)
}

/**
 * Sets (non-empty) or clears (null or blank) the label of one entry (pi spec 10: the
 * latest label entry in file order wins). The label the entry already has writes nothing
 * (the result's `previous` equals its `current`).
 * @throws ApiError `not_found` (file or entry gone), `conflict` (read-only), `invalid_argument`,
 * `io` (a file-system failure, in words; the file is unchanged unless the message says otherwise)
 * @param loaded a manager over this file loaded earlier (`SessionManager.fromLoaded`): the edit
 * reads only what the file gained since, not the whole file; none: the file is read whole
 */
export async function setLabel(
  path: string,
  entryId: string,
  label: string | null,
  loaded?: SessionManager,
): Promise<EditResult> {
  return inWords('write', path, async () => {
    const manager = await openForEdit(path, loaded)
    if (!manager.getEntry(entryId)) throw missingEntry(entryId)
    const clean = label === null ? '' : normalizeText(label, LABEL_MAX, 'label')
    const previous = manager.getLabel(entryId) ?? null
    const current = clean === '' ? null : clean
    // The label it already has: nothing to write (each write is a line in the file for good).
    if (current === previous) return { previous, current }
    await appendAfterTail(path, manager, () =>
      manager.appendLabelChange(entryId, current ?? undefined),
    )
    return { previous, current }
  })
}

/**
 * Sets (non-empty) or clears (null or blank) the session name (pi spec 11). The name the
 * session already has writes nothing (the result's `previous` equals its `current`).
 * @throws ApiError `not_found`, `conflict`, `invalid_argument`
 * @param loaded as for {@link setLabel}
 */
export async function renameSession(
  path: string,
  name: string | null,
  loaded?: SessionManager,
): Promise<EditResult> {
  return inWords('write', path, async () => {
    const manager = await openForEdit(path, loaded)
    const clean = name === null ? '' : normalizeText(name, NAME_MAX, 'session name')
    const previous = manager.getSessionName() ?? null
    const current = clean === '' ? null : clean
    // The name it already has: nothing to write (each write is a line in the file for good).
    if (current === previous) return { previous, current }
    await appendAfterTail(path, manager, () => manager.appendSessionInfo(clean))
    return { previous, current }
  })
}

/**
 * Extracts the path root → `entryId` into a new session in the same folder, with the
 * header's `parentSession` naming this file (pi's createBranchedSession, spec 14.6), and
 * names it `name` with a session_info entry appended to the new file (pi spec 11).
 * @param name the new session's name; null or blank: no name (the title is its first message)
 * @returns the new file's path
 * @throws ApiError `not_found`, `conflict` (read-only, or nothing to write: the path holds
 * no user or assistant message, so pi would not write the file either), `invalid_argument`
 * (name too long; checked before anything is written)
 */
export async function extractBranch(
  path: string,
  entryId: string,
  name: string | null = null,
): Promise<string> {
  const clean = name === null ? '' : normalizeText(name, NAME_MAX, 'session name')
  const file = await inWords('write', path, async () => {
    const manager = await openForEdit(path)
    if (!manager.getEntry(entryId)) throw missingEntry(entryId)
    const created = manager.createBranchedSession(entryId)
    const file = manager.getSessionFile()
    const written =
      created && file
        ? await lstat(file).then(
            () => true,
            () => false,
          )
        : false
    if (!file || !written) {
      throw new ApiError(
        'conflict',
        'This branch has no user or assistant message yet, so there is nothing to extract',
      )
    }
    return file
  })
  if (clean !== '') await renameSession(file, clean)
  return file
}
