/**
 * The branch tree of the open session (react-arborist, virtualized): every entry under its
 * parent in pi's order, pi's five filters, search, fold/unfold, collapsed linear runs, the
 * leaf and active path marked (pi spec 8, 15.6). Keyboard: arrows move, Left/Right fold and
 * unfold, Home/End, PageUp/PageDown, Enter (or Space on an entry without children) shows the
 * path to the focused entry. Mounted with `key={sessionId}`, so open state resets per session.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Tree, type NodeApi, type TreeApi } from 'react-arborist'
import type { SessionOverview, TreeRow } from '../../../../preload/contract/session-view'
import { useElementSize } from '../../components/useElementSize'
import { registerCommand } from '../../state/commands'
import { useEdits } from '../../state/edits'
import { useSessionView } from '../../state/session'
import { useSettings } from '../../state/settings'
import { matchesSearch, type FilterMode } from './filters'
import { ancestry, buildTreeData, itemId, type TreeItem } from './layout'
import { makeTreeNode } from './TreeNode'
import { TreeToolbar } from './TreeToolbar'
import './branch-tree.css'

/** Runs shorter than this stay expanded. */
const RUN_MIN = 24

/** The branch tree pane. */
export function BranchTree({ overview }: { overview: SessionOverview }) {
  const rows = overview.rows
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

  const leafRow = useMemo(
    () => rows.findIndex((r) => r.pos === overview.leafPos),
    [rows, overview.leafPos],
  )
  const active = useMemo(
    () => new Set(leafRow >= 0 ? ancestry(rows, leafRow) : []),
    [rows, leafRow],
  )
  const selectedRow = useMemo(
    () => (selected ? rows.findIndex((r) => r.pos === selected.pos) : -1),
    [rows, selected],
  )
  const [openRuns, setOpenRuns] = useState<ReadonlySet<string>>(() => new Set())
  // While searching, runs stay expanded so every entry can match.
  const runMin = collapse && !query.trim() ? RUN_MIN : 0
  const base = useMemo(
    () => buildTreeData(rows, { mode, leafRow, runMin, openRuns }),
    [rows, mode, leafRow, runMin, openRuns],
  )
  // A selected entry inside a closed run (deep link, keyboard) loads that run's entries.
  const revealRow = selectedRow >= 0 && (base.runOfRow[selectedRow] ?? -1) >= 0 ? selectedRow : -1
  const layout = useMemo(
    () =>
      revealRow < 0 ? base : buildTreeData(rows, { mode, leafRow, runMin, openRuns, revealRow }),
    [base, rows, mode, leafRow, runMin, openRuns, revealRow],
  )
  const setRunOpen = (id: string, open: boolean) =>
    setOpenRuns((old) => {
      if (old.has(id) === open) return old
      const next = new Set(old)
      if (open) next.add(id)
      else next.delete(id)
      return next
    })
  const initialOpenState = useMemo(
    () => Object.fromEntries(layout.runIds.map((id) => [id, false])),
    [layout.runIds],
  )
  // The selection must be a shown node: else the nearest shown ancestor (as pi's /tree does).
  const selection = useMemo(() => {
    if (selectedRow < 0) return undefined
    const shownRows = new Set<number>()
    const stack = [...layout.data]
    while (stack.length > 0) {
      const item = stack.pop() as TreeItem
      if (item.row >= 0) shownRows.add(item.row)
      if (item.children) for (const c of item.children) stack.push(c)
    }
    const path = ancestry(rows, selectedRow)
    for (let i = path.length - 1; i >= 0; i--)
      if (shownRows.has(path[i] as number)) return itemId(path[i] as number)
    return undefined
  }, [layout, rows, selectedRow])

  // Label editing (pi spec 10): arborist's rename-in-place, allowed only for the node the user
  // asked to label (L, or the node's Label button), so Enter still selects.
  const [editing, setEditing] = useState<string | null>(null)
  const sessionId = useSessionView((s) => s.sessionId)
  const canLabel = !overview.readOnly
  const TreeNode = useMemo(
    () => makeTreeNode({ rows, leafRow, active, onEditEnd: () => setEditing(null) }),
    [rows, leafRow, active],
  )
  useEffect(() => {
    if (!canLabel) return
    return registerCommand('label', () => {
      const tree = treeRef.current
      const node = tree?.focusedNode ?? (tree && selection ? tree.get(selection) : null)
      const row = node && node.data.row >= 0 ? rows[node.data.row] : undefined
      if (node && row?.id) setEditing(node.id)
    })
  }, [canLabel, rows, selection])
  useEffect(() => {
    if (editing) void treeRef.current?.edit(editing)
  }, [editing])
  const rename = (id: string, name: string) => {
    const item = treeRef.current?.get(id)?.data
    const row = item && item.row >= 0 ? rows[item.row] : undefined
    setEditing(null)
    if (!row?.id || !sessionId) return
    if ((row.label ?? '') === name.trim()) return
    void useEdits.getState().setLabel(sessionId, row.id, name.trim() === '' ? null : name)
  }

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
    if (e.key !== 'Enter' || (e.target as HTMLElement).closest('input')) return
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
          setOpenRuns(new Set(layout.runIds))
          api()?.openAll()
        }}
        onCloseAll={() => {
          setOpenRuns(new Set())
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
            disableEdit={(item) => item.id !== editing}
            onRename={({ id, name }) => rename(id, name)}
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
