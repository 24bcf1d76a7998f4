/**
 * Which rows the branch tree lays out now. Rows in a new order (pi started a new branch: the
 * view read every row again) would be laid out in the render that gets them: at 100,000 rows
 * the layout (tens of ms), react-arborist's new node tree (as much again) and the garbage of
 * both held the window for 150-250 ms in one task. The tree keeps the rows it shows for a few
 * tasks more while the layout of the new ones is built, one step per task, into the caches of
 * layout-cache.ts; the render after them finds it built.
 */
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { SessionOverview, TreeRow } from '../../../../preload/contract/session-view'
import { beginsWith } from '../../state/grown-rows'
import { isLaidOut } from './layout-cache'

/**
 * Rows up to which a tree is laid out in one task (a few ms on two cores): new rows in the
 * render that gets them, a tree that mounts with its layout (BranchTree).
 */
export const SMALL_TREE_ROWS = 2000

/** Rows with the overview they came with (its leaf is found among them). */
export interface LaidRows {
  overview: SessionOverview
  rows: readonly TreeRow[]
}

/**
 * Runs `steps` in order, each in a task of its own, then `done` in the task after the last.
 * @returns a function that stops what has not run yet
 */
export function stepsInTasks(steps: (() => unknown)[], done: () => void): () => void {
  let task: ReturnType<typeof setTimeout>
  const run = (k: number) => {
    task = setTimeout(() => {
      const step = steps[k]
      if (!step) return done()
      step()
      run(k + 1)
    })
  }
  run(0)
  return () => clearTimeout(task)
}

/**
 * The rows (and overview) to lay out: `rows` at once when their layout is cheap (few rows,
 * rows live follow grew from those shown, rows laid out before, an outline or the first rows
 * after one: use-tree-layout.ts stages those), else the rows shown until `steps` have run.
 * @param steps the steps, given the rows to lay out next; asked again as each runs (they see
 *   the tree's filter and the rows of that moment)
 */
export function useLaidRows(
  overview: SessionOverview,
  rows: readonly TreeRow[],
  outlined: boolean,
  steps: (next: LaidRows) => (() => unknown)[],
): LaidRows {
  const [laid, setLaid] = useState<LaidRows & { outlined: boolean }>(() => ({
    overview,
    rows,
    outlined,
  }))
  const atOnce =
    laid.rows === rows ||
    outlined ||
    laid.outlined ||
    rows.length <= SMALL_TREE_ROWS ||
    beginsWith(rows, laid.rows) ||
    isLaidOut(rows)
  if (atOnce && (laid.rows !== rows || laid.overview !== overview || laid.outlined !== outlined))
    setLaid({ overview, rows, outlined })
  // The steps and the rows of the last render: rows that grow while the steps run are laid
  // out after them by extending their layout (cheap), not by starting the steps over, which
  // pi writing fast could put off again and again.
  const latest = useRef({ steps, next: { overview, rows } })
  useLayoutEffect(() => {
    latest.current = { steps, next: { overview, rows } }
  })
  useEffect(() => {
    if (atOnce) return
    const current = () => latest.current.steps(latest.current.next)
    return stepsInTasks(
      current().map((_, k) => () => current()[k]?.()),
      // As the rows came (SessionView defers them): React renders the tree in slices, a
      // render that an urgent update (pi's next entry) interrupts.
      () => startTransition(() => setLaid({ ...latest.current.next, outlined: false })),
    )
  }, [atOnce])
  return atOnce ? { overview, rows } : laid
}
