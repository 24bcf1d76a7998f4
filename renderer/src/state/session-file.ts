/**
 * The open session's file against what the view shows, after each library change: when the
 * file grew, live follow reads only the new entries (`session:follow`) and the view shows
 * them; when it was rewritten, truncated or replaced, the view opens it again and says why;
 * when it is gone, the view says so and keeps the last version read. The reset to `current`
 * when a session opens is wired in `wiring.ts`.
 */
import { create } from 'zustand'
import type { SessionOverview, TreeRow } from '../../../preload/contract/session-view'
import type { FollowResult, PiLeaf } from '../../../preload/contract/session-live'
import { ApiError } from '../../../preload/contract/errors'
import { appendRows } from './grown-rows'
import { call, errorData } from '../api/client'
import { useSessionView, type SessionViewState } from './session'

/** The open file's state relative to the view (`changed`: follow failed, Reload offered). */
export type FileState = 'current' | 'changed' | 'gone'

/**
 * The file state, a sentence when the view had to open the file again, and while `changed`,
 * why following it failed (main's words: "Permission denied", a read error).
 */
export const useSessionFile = create<{
  state: FileState
  notice: string | null
  reason: string | null
}>(() => ({
  state: 'current',
  notice: null,
  reason: null,
}))

/**
 * Why the open session cannot be edited (renamed, labelled, a branch extracted), in words for
 * its buttons; null when it can: a read-only file (damaged or archived) says its reason, and
 * a file deleted or moved while open has nothing left to append to.
 */
export function useEditBlock(overview: SessionOverview): string | null {
  const gone = useSessionFile((s) => s.state === 'gone')
  if (gone) return 'The session’s file is gone (deleted or moved): there is nothing to write to'
  return overview.readOnly ? `Read-only: ${overview.readOnlyReason ?? 'damaged file'}` : null
}

let following: Promise<void> | null = null
let again = false
/**
 * The rows of a new order (pi started a new branch) being read, while live follow goes on
 * showing what pi writes: at 100,000 entries they take 2 s to come in, and pi's next entry
 * would wait that long. Null: none.
 */
let reordering: Promise<void> | null = null
/** The file changed while those rows were read: checked again once they are in. */
let checkAfterRows = false

/** Checks the open session against its file (call after a library change). */
export function checkOpenSession(): Promise<void> {
  if (following) {
    again = true
    return following
  }
  following = followOnce().finally(() => {
    following = null
    if (again) {
      again = false
      void checkOpenSession()
    }
  })
  return following
}

async function followOnce(): Promise<void> {
  const view = useSessionView.getState()
  const { sessionId, overview, rows } = view
  if (!sessionId || view.status !== 'ready' || !overview || !rows) return
  try {
    await followView(sessionId, overview, rows)
  } finally {
    // A view opened behind its file waited for this check to load its path.
    useSessionView.getState().caughtUp(overview)
  }
}

async function followView(
  sessionId: string,
  overview: SessionOverview,
  rows: readonly TreeRow[],
): Promise<void> {
  let result: FollowResult
  try {
    result = await call('session:follow', {
      sessionId,
      revision: overview.revision,
      rowCount: rows.length,
    })
  } catch (error) {
    if (useSessionView.getState().overview !== overview) return
    const gone = error instanceof ApiError && error.code === 'not_found'
    useSessionFile.setState(
      gone
        ? { state: 'gone', reason: null }
        : { state: 'changed', reason: errorData(error).message },
    )
    return
  }
  const now = useSessionView.getState()
  if (now.overview !== overview || now.rows !== rows) return
  // Followed again: a file that was gone is back at its path (moved back, restored), or one
  // that could not be read can be again (its permission given back), unchanged or not; what
  // follow found in it is shown below like any change.
  if (useSessionFile.getState().state !== 'current')
    useSessionFile.setState({ state: 'current', reason: null })
  if (result.kind === 'same') return
  if (result.kind === 'reopen') {
    // pi's own writing (a new branch) is shown in place; another program's change is opened
    // again, with a word.
    if (!result.notice) return await refresh(now, result.leaf ?? null)
    useSessionFile.setState({
      notice: `The file ${result.reason.replace(/^the file /, '')}: it was opened again.`,
    })
    await now.reload()
    return
  }
  useSessionView.getState().applyGrowth(result.overview, grownRows(rows, result))
}

/**
 * Shows pi's leaf in its new order, and reads the rows of that order unless they are being
 * read already (those rows may predate this change: the file is checked again once they are in).
 */
async function refresh(view: SessionViewState, leaf: PiLeaf | null): Promise<void> {
  if (reordering) {
    checkAfterRows = true
    await view.refresh(leaf, false)
    return
  }
  const { rows } = await view.refresh(leaf)
  const done = rows.finally(() => {
    if (reordering === done) reordering = null
    if (!checkAfterRows) return
    checkAfterRows = false
    void checkOpenSession()
  })
  reordering = done
}

/** The view's rows with the appended ones and the label changes of a follow reply. */
function grownRows(
  rows: readonly TreeRow[],
  result: Extract<FollowResult, { kind: 'appended' }>,
): TreeRow[] {
  // Rows pi appended after the ones the view holds, none relabelled: the tree extends its layout.
  const next = result.labels.length === 0 ? appendRows(rows, result.rows) : rows.concat(result.rows)
  for (const { row, label } of result.labels) {
    const old = next[row]
    if (!old) continue
    const changed = { ...old }
    if (label === null) delete changed.label
    else changed.label = label
    next[row] = changed
  }
  return next
}
