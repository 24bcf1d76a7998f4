/**
 * The branch tree of the open session (react-arborist, virtualized): every entry under its
 * parent in pi's order, pi's five filters, search, fold/unfold, collapsed linear runs, the
 * leaf and active path marked (pi spec 8, 15.6). Keyboard: arrows move, Left/Right fold and
 * unfold, Home/End, PageUp/PageDown, Enter (or Space on an entry without children) shows the
 * path to the focused entry; the transcript also follows focus after a short rest
 * (use-tree-browse.ts). Mounted with `key={sessionId}`, so open state resets per session.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Tree, type NodeApi, type TreeApi } from 'react-arborist'
import type { SessionOverview, TreeRow } from '../../../../preload/contract/session-view'
import { useElementSize } from '../../components/useElementSize'
import { useSessionView } from '../../state/session'
import { useSettings } from '../../state/settings'
import { useViewMarks } from '../find/use-find'
import { matchesSearch, type FilterMode } from './filters'
import type { TreeItem } from './layout'
import { makeTreeNode } from './TreeNode'
import { TreeToolbar } from './TreeToolbar'
import { useLabelEditing } from './use-label-editing'
import { useBrowseDelay, useHitInView } from './use-tree-browse'
import { useTreeLayout } from './use-tree-layout'
import './branch-tree.css'

/** Keys that move the tree's focus (the transcript follows them, use-tree-browse.ts). */
const BROWSE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])

/** The branch tree pane. */
export function BranchTree({
  overview,
  rows,
}: {
  overview: SessionOverview
  rows: readonly TreeRow[]
}) {
  const selected = useSessionView((s) => s.selected)
  const selectEntry = useSessionView((s) => s.selectEntry)
  // The tree remounts per session, so each session starts with the user's default filter.
  const [mode, setMode] = useState<FilterMode>(
    () => useSettings.getState().settings?.defaultTreeFilter ?? 'default',
  )
  const [query, setQuery] = useState('')
  const [collapse, setCollapse] = useState(true)
  const treeRef = useRef<TreeApi<TreeItem> | undefined>(undefined)
  const boxRef = useRef<HTMLDivElement>(null)
  const { width, height } = useElementSize(boxRef)

  const marks = useViewMarks()
  // A search hit's words are marked in every row: runs stay expanded, as while searching.
  const { leafRow, active, layout, initialOpenState, selection, setRunOpen, setAllRuns } =
    useTreeLayout(overview, rows, selected?.pos ?? null, mode, query, collapse && !marks)
  const sessionId = useSessionView((s) => s.sessionId)
  const labels = useLabelEditing(treeRef, rows, sessionId, !overview.readOnly, selection)
  const stopEditing = labels.stop
  const TreeNode = useMemo(
    () => makeTreeNode({ rows, leafRow, active, onEditEnd: stopEditing, marks }),
    [rows, leafRow, active, stopEditing, marks],
  )
  useHitInView(treeRef, rows, layout, width > 0 && height > 0)
  const browse = useBrowseDelay()

  useEffect(() => {
    if (width > 0 && height > 0) requestAnimationFrame(() => performance.mark('pi:tree:painted'))
  }, [overview, width, height])

  const choose = (node: NodeApi<TreeItem> | null | undefined) => {
    if (!node) return
    const row = node.data.row >= 0 ? (rows[node.data.row] as TreeRow) : undefined
    if (row) selectEntry({ id: row.id, pos: row.pos })
    else node.toggle()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input')) return
    if (BROWSE_KEYS.has(e.key)) {
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
  const api = () => treeRef.current

  return (
    <section
      className="branch-tree"
      aria-label="Branch tree"
      data-tree-state={width > 0 ? 'ready' : 'loading'}
    >
      <TreeToolbar
        mode={mode}
        onMode={setMode}
        query={query}
        onQuery={setQuery}
        collapse={collapse}
        onCollapse={setCollapse}
        shown={layout.shown}
        total={rows.length}
        onOpenAll={() => {
          setAllRuns(true)
          api()?.openAll()
        }}
        onCloseAll={() => {
          setAllRuns(false)
          api()?.closeAll()
        }}
        onLeaf={() => {
          const row = rows[leafRow]
          if (row) selectEntry({ id: row.id, pos: row.pos })
        }}
      />
      <div className="tree-box" ref={boxRef} onKeyDown={onKeyDown}>
        {width > 0 && height > 0 && (
          <Tree<TreeItem>
            ref={treeRef}
            data={layout.data}
            width={width}
            height={height}
            rowHeight={24}
            indent={14}
            overscanCount={12}
            openByDefault
            initialOpenState={initialOpenState}
            selection={selection}
            disableDrag
            disableDrop
            disableEdit={(item) => item.id !== labels.editing}
            onRename={({ id, name }) => labels.rename(id, name)}
            disableMultiSelection
            searchTerm={query}
            searchMatch={(node, term) =>
              node.data.row >= 0 && matchesSearch(rows[node.data.row] as TreeRow, term)
            }
            onToggle={(id) => {
              if (id.startsWith('run')) setRunOpen(id, treeRef.current?.isOpen(id) ?? false)
            }}
            onSelect={(nodes) => {
              const node = nodes[0]
              if (node && node.data.row >= 0 && node.id !== selection) choose(node)
            }}
            aria-label="Entries of the session"
            rowClassName="tree-row"
          >
            {TreeNode}
          </Tree>
        )}
      </div>
    </section>
  )
}
