/**
 * The branch tree of the open session (react-arborist, virtualized): every entry under its
 * parent in pi's order, pi's five filters, search, fold/unfold, collapsed linear runs, the
 * leaf and active path marked (pi spec 8, 15.6). Keyboard: arrows move, Left/Right fold and
 * unfold, Home/End, PageUp/PageDown, Enter (or Space on an entry without children) shows the
 * path to the focused entry; the transcript also follows focus after a short rest
 * (use-tree-browse.ts). Mounted with `key={sessionId}`, so open state resets per session; the
 * filter, search and runs setting are kept while the pane is hidden (tree-view-kept.ts).
 * A large tree first shows its outline (outline.ts), then the same tree from every row.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import { Tree, type NodeApi, type TreeApi } from 'react-arborist'
import type { SessionOverview, TreeRow } from '../../../../preload/contract/session-view'
import { formatCount, quotedInput } from '../../components/format'
import { useElementSize } from '../../components/useElementSize'
import { useSettled } from '../../components/use-settled'
import { useEditBlock } from '../../state/session-file'
import { useSessionView } from '../../state/session'
import { useSettings } from '../../state/settings'
import { markWhenPainted, screenPainted, whenPainted } from '../../state/first-screen'
import { useViewMarks } from '../find/use-find'
import { matchesSearch, usesLibraryForms, type FilterMode } from './filters'
import type { TreeItem } from './layout'
import type { OutlineView } from './outline'
import { TreeNode, TreeNodeContext } from './TreeNode'
import { TreeToolbar } from './TreeToolbar'
import { useLabelEditing, type LabelTarget } from './use-label-editing'
import { useOutlineHandover } from './use-outline-handover'
import { useRunOpenState } from './use-run-open-state'
import { useSelectionAnchor } from './use-selection-anchor'
import { useBrowseDelay, useHitInView, useSelectionInRun } from './use-tree-browse'
import { useSettledHeight } from './use-settled-height'
import { treeDndManager } from './dnd-manager'
import { useRowsHold } from './use-rows-hold'
import { rowHolding, useFocusKept } from './use-focus-kept'
import { useLabelKept } from './use-label-kept'
import { useTreeLayout } from './use-tree-layout'
import { useFollowScroll } from './use-follow-scroll'
import { keepTreeView, keptTreeView } from './tree-view-kept'
import { SMALL_TREE_ROWS } from './use-laid-rows'
import './branch-tree.css'

/**
 * Keys that move the tree's focus (the transcript follows them, use-tree-browse.ts). Left and
 * Right fold and unfold, or move to the parent and the first child when there is nothing to
 * fold: the selection follows the focus wherever it rests, as for Up and Down.
 */
const BROWSE_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
])

/** Height of a tree row (px). */
const ROW_HEIGHT = 24

/**
 * Pause in the typing after which a large tree (more rows than SMALL_TREE_ROWS) is searched
 * (ms): each search lays out every row again, too slow to do at every key.
 */
const SEARCH_SETTLE_MS = 250

/** The branch tree pane. */
export function BranchTree({
  overview,
  rows: givenRows,
  outline = null,
  selectedPos,
}: {
  overview: SessionOverview
  /** Every row, or while they load the outline's (`outline.rows`). */
  rows: readonly TreeRow[]
  outline?: OutlineView | null
  /** File position of the selected entry (the view's, deferred with `rows`), or null. */
  selectedPos: number | null
}) {
  const selectEntry = useSessionView((s) => s.selectEntry)
  // The tree remounts per session, so each session starts with the user's default filter.
  // Kept while the pane is hidden or mounted again for the same session (tree-view-kept.ts).
  const [kept] = useState(() => keptTreeView(overview.id))
  const [mode, setMode] = useState<FilterMode>(
    () => kept?.mode ?? useSettings.getState().settings?.defaultTreeFilter ?? 'default',
  )
  /** What the search field holds; `searched`, what the tree is searched for. */
  const [query, setQuery] = useState(kept?.query ?? '')
  const searched = useSettled(
    query,
    givenRows.length > SMALL_TREE_ROWS ? SEARCH_SETTLE_MS : 0,
    (text) => !text.trim(),
  )
  const [collapse, setCollapse] = useState(kept?.collapse ?? true)
  const treeRef = useRef<TreeApi<TreeItem> | undefined>(undefined)
  const boxRef = useRef<HTMLDivElement>(null)
  const { width, height } = useElementSize(boxRef)
  // Three tasks, so at 100,000 rows none holds the window for long: this render builds the
  // layout; once the box has a size, react-arborist mounts empty (its mount builds its node
  // tree three times, and once more in its first effects: cheap while empty); then it gets the
  // layout. An outline is laid out already and small: it is given right after those effects,
  // once the transcript's first paint is on screen (the user reads that first; on two cores
  // the outline would push it back).
  // A small tree is cheap for all three at once, and the two tasks between would only let the
  // transcript's work go first: its tree would show a frame or ten later for nothing.
  const [eager] = useState(() => outline !== null)
  const [stage, setStage] = useState<0 | 1 | 2>(() =>
    eager ? 1 : overview.rowCount <= SMALL_TREE_ROWS ? 2 : 0,
  )
  const sized = width > 0 && height > 0
  const treeHeight = useSettledHeight(height, overview.rowCount > SMALL_TREE_ROWS)
  useEffect(() => {
    if (stage === 2 || !sized) return
    if (eager) {
      let live = true
      void whenPainted('transcript').then(() => live && setStage(2))
      return () => {
        live = false
      }
    }
    const task = setTimeout(() => setStage(stage === 0 ? 1 : 2))
    return () => clearTimeout(task)
  }, [eager, stage, sized])
  const shown = stage === 2 && sized

  const marks = useViewMarks()
  // The entry whose label is being typed stays out of runs while pi writes on: the old leaf
  // would fold into one, taking the field, the typed text and the keyboard focus.
  const [labelTarget, setLabelTarget] = useState<LabelTarget | null>(null)
  // What pi writes waits while a pointer aims at a row, or keys move through the rows: the
  // rows would move under the pointer, and the row just focused could fold into a run.
  const hold = useRowsHold()
  // A search hit's words are marked in every row: runs stay expanded, as while searching.
  const tree = useTreeLayout(
    overview,
    givenRows,
    selectedPos,
    mode,
    searched,
    collapse && !marks,
    outline,
    labelTarget?.pos ?? null,
    hold,
  )
  // Rows in a new order show a few tasks after they came, once laid out (use-laid-rows.ts).
  const rows = tree.rows
  // The outline stays a task longer than the rows take to arrive (use-tree-layout.ts).
  const shownOutline = tree.outline
  const { leafRow, active, layout, selection, setRunOpen, setAllRuns } = tree
  const {
    data,
    selection: shownSelection,
    rows: dataRows,
  } = useOutlineHandover(stage === 2, rows, layout, selection)
  const sessionId = useSessionView((s) => s.sessionId)
  // Under the tree's own session: the view's may already be the next one while this tree shows.
  useEffect(
    () => keepTreeView(overview.id, { mode, query, collapse }),
    [overview.id, mode, query, collapse],
  )
  const canLabel = useEditBlock(overview) === null
  const labels = useLabelEditing(
    treeRef,
    dataRows,
    sessionId,
    canLabel,
    selection,
    labelTarget,
    setLabelTarget,
  )
  const stopEditing = labels.stop
  const draft = labels.draft
  const nodeContext = useMemo(
    () => ({
      rows: dataRows,
      leafShown: layout.leafShown,
      leafHidden: layout.leafShown !== leafRow,
      active,
      onEditEnd: stopEditing,
      draft,
      marks,
      partial: !!shownOutline,
    }),
    [dataRows, layout.leafShown, leafRow, active, stopEditing, draft, marks, shownOutline],
  )
  const browse = useBrowseDelay()

  useSelectionInRun(treeRef, shownSelection, data)
  useFocusKept(boxRef, treeRef)
  useHitInView(treeRef, rows, layout, shown, shownSelection)
  const foldMoved = useSelectionAnchor(treeRef, data, shownSelection, ROW_HEIGHT)
  const follow = useFollowScroll(treeRef, ROW_HEIGHT)
  // Each filter (and the end of a search) folds lines into runs of its own, with ids
  // react-arborist has not seen: it would open them by default, so it starts afresh with them
  // closed, also once the rows a filter waited for are in. The selection is given again.
  const runsKey = `${mode} ${collapse && !marks && !searched.trim()} ${tree.waiting}`
  const initialOpenState = useRunOpenState(treeRef, layout, runsKey, {
    pos: selectedPos,
    run: tree.selectedRun,
    id: shownSelection,
  })
  // The first painted tree (the outline of a large one), then the tree from every row.
  const complete = shown && !shownOutline
  useLabelKept(sessionId, dataRows, complete, labelTarget, setLabelTarget, draft)
  useLayoutEffect(() => {
    if (!shown || tree.waiting) return
    return markWhenPainted('pi:tree:painted', () => screenPainted('tree'))
  }, [overview, shown, tree.waiting])
  useLayoutEffect(() => {
    if (complete) return markWhenPainted('pi:tree:complete')
  }, [overview, complete])

  // react-arborist lays the whole tree out again whenever one of its props changes identity
  // (50-100 ms at 100,000 rows), so its callbacks change only with what they read: the rows its
  // data indexes (`dataRows`), which change with the data. Its width is the box's ("100%", a
  // CSS width its list takes as is): a number would lay the tree out again at every pixel of a
  // resize; its height, which must be a number, waits for a resize to end (useSettledHeight).
  const choose = useCallback(
    (node: NodeApi<TreeItem> | null | undefined) => {
      if (!node) return
      const row = node.data.row >= 0 ? (dataRows[node.data.row] as TreeRow) : undefined
      if (row) selectEntry({ id: row.id, pos: row.pos })
      else node.toggle()
    },
    [dataRows, selectEntry],
  )
  // Entries the search finds among those the filter shows (all are laid out while searching).
  const matches = useMemo(() => {
    if (!searched.trim() || shownOutline) return null
    let n = 0
    for (let i = 0; i < rows.length; i++)
      if (layout.inData[i] === 1 && matchesSearch(rows[i] as TreeRow, searched)) n++
    return n
  }, [rows, layout, searched, shownOutline])
  const searchMatch = useCallback(
    (node: NodeApi<TreeItem>, term: string) =>
      node.data.row >= 0 && matchesSearch(dataRows[node.data.row] as TreeRow, term),
    [dataRows],
  )
  const editing = labels.editing
  const disableEdit = useCallback((item: TreeItem) => item.id !== editing, [editing])
  const rename = labels.rename
  const onRename = useCallback(
    ({ id, name }: { id: string; name: string }) => rename(id, name),
    [rename],
  )
  const onToggle = useCallback(
    (id: string) => {
      foldMoved()
      if (id.startsWith('run')) setRunOpen(id, treeRef.current?.isOpen(id) ?? false)
    },
    [setRunOpen, foldMoved],
  )
  const onSelect = useCallback(
    (nodes: NodeApi<TreeItem>[]) => {
      const node = nodes[0]
      if (node && node.data.row >= 0 && node.id !== selection) choose(node)
    },
    [selection, choose],
  )
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input')) return
    if (BROWSE_KEYS.has(e.key)) {
      hold.onKey()
      // Arborist moves focus on this key; the path follows once focus rests (runs only unfold).
      browse(() => {
        const node = treeRef.current?.focusedNode
        if (node && node.data.row >= 0) choose(node)
      })
      return
    }
    if (e.key !== 'Enter') return
    e.preventDefault()
    choose(treeRef.current?.focusedNode)
  }
  const onFocus = (e: FocusEvent) => {
    // Focus coming into the tree (Tab, a shortcut) lands on the selected entry, as in a list
    // box: react-arborist keeps the row it last had (or its first), and the next arrow key
    // would select from there, far from what the transcript shows.
    if (e.currentTarget.contains(e.relatedTarget) || (e.target as HTMLElement).closest('input'))
      return
    const tree = treeRef.current
    const node = tree && shownSelection ? rowHolding(tree, shownSelection) : null
    if (node) tree?.focus(node)
  }
  const api = () => treeRef.current
  /**
   * Unfolds (true) or folds every node and run: our runs, then react-arborist's open state. The
   * selected row stays where it is on screen (useSelectionAnchor), as when rows come in above
   * it: unlike a click on one toggle, no row is under the pointer to keep still.
   */
  const foldAll = (open: boolean) => {
    setAllRuns(open)
    // In one update (as patched), without an onToggle each: hence setAllRuns here.
    if (open) api()?.openAll()
    else api()?.closeAll()
  }

  return (
    <section
      className="branch-tree"
      aria-label="Branch tree"
      data-tree-state={complete ? 'ready' : shown && tree.outlined ? 'outline' : 'loading'}
    >
      <TreeToolbar
        mode={mode}
        onMode={setMode}
        query={query}
        onQuery={setQuery}
        collapse={collapse}
        onCollapse={setCollapse}
        shown={tree.waiting ? null : layout.shown}
        total={rows.length}
        matches={matches}
        onOpenAll={() => foldAll(true)}
        onCloseAll={() => foldAll(false)}
        onLeaf={() => {
          const row = rows[leafRow]
          if (!row) return
          const { selected, reveal } = useSessionView.getState()
          if (selected?.id !== row.id || selected.pos !== row.pos)
            return selectEntry({ id: row.id, pos: row.pos })
          // Selected already (as when a session opens): shown again where the reader left it.
          reveal()
          const tree = treeRef.current
          const node = tree && shownSelection ? rowHolding(tree, shownSelection) : null
          if (node) void tree?.scrollTo(node.id, 'center')
        }}
      />
      {tree.waiting && (
        <p className="muted tree-empty" role="status" data-testid="tree-waiting">
          Loading every entry ({formatCount(rows.length)}) for this view…
        </p>
      )}
      {matches === 0 && (
        <p className="muted tree-empty" role="status" data-testid="tree-no-match">
          No entry {mode === 'all' ? '' : 'shown by this filter '}matches{' '}
          {quotedInput(searched, 60)}.
          {usesLibraryForms(searched) &&
            ' The tree’s search takes words, as pi’s /tree does: quotes and re: work in the library’s search.'}
        </p>
      )}
      <div
        className="tree-box"
        ref={boxRef}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onPointerMove={hold.onPointerMove}
        onPointerDown={hold.onPointerDown}
        onPointerUp={hold.onPointerUp}
        onPointerLeave={hold.onPointerLeave}
      >
        {stage > 0 && sized && (
          <TreeNodeContext value={nodeContext}>
            <Tree<TreeItem>
              key={runsKey}
              ref={treeRef}
              data={data}
              width="100%"
              height={treeHeight}
              rowHeight={ROW_HEIGHT}
              indent={14}
              overscanCount={12}
              openByDefault
              initialOpenState={initialOpenState}
              selection={shownSelection}
              selectionScroll={follow.selectionScroll}
              onScroll={follow.onScroll}
              disableDrag
              disableDrop
              dndManager={treeDndManager}
              disableEdit={disableEdit}
              onRename={onRename}
              disableMultiSelection
              searchTerm={searched}
              searchMatch={searchMatch}
              onToggle={onToggle}
              onSelect={onSelect}
              aria-label="Entries of the session"
              rowClassName="tree-row"
            >
              {TreeNode}
            </Tree>
          </TreeNodeContext>
        )}
      </div>
    </section>
  )
}
