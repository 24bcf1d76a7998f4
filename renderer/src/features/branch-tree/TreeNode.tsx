/**
 * One row of the branch tree: pi's /tree text (pi spec 15.6) with the active-path marker `•`,
 * the label, the leaf and branch-point badges; or a collapsed run of entries.
 */
import { createContext, useContext } from 'react'
import type { NodeRendererProps } from 'react-arborist'
import { counted } from '../../components/format'
import { GLOSSARY } from '../../components/glossary'
import type { TreeRow } from '../../../../preload/contract/session-view'
import { Marked, type Marks } from '../../components/marks'
import type { RowMarks, TreeItem } from './layout'
import type { LabelDraft } from './use-label-editing'

/** What the "leaf" badge adds when the leaf itself is not shown. */
const HIDDEN_LEAF = 'The leaf itself is a later entry on this branch that this filter hides.'

/** What every node needs besides its own data. */
export interface NodeContext {
  rows: readonly TreeRow[]
  /** The row marked "leaf": pi's leaf, or the nearest shown ancestor of one the filter hides. */
  leafShown: number
  /** pi's leaf is hidden by the filter (it comes after the row marked "leaf"). */
  leafHidden: boolean
  active: RowMarks
  /** Called when a label edit ends without a submit (Escape, focus lost). */
  onEditEnd: () => void
  /** The label typed so far (use-label-editing.ts). */
  draft: LabelDraft
  /** The words marked in the rows' text (a search hit's or a find's), or null. */
  marks: Marks | null
  /** The tree shows its outline: the entries of collapsed runs are not in yet. */
  partial: boolean
}

/** The inline label editor (react-arborist rename-in-place; pi spec 10: blank clears). */
function LabelEditor({
  node,
  initial,
  draft,
  onEnd,
}: {
  node: NodeRendererProps<TreeItem>['node']
  initial: string
  draft: LabelDraft
  onEnd: () => void
}) {
  return (
    <input
      className="tree-label-input"
      data-testid="tree-label-input"
      aria-label="Label (empty removes it)"
      defaultValue={draft.text() ?? initial}
      autoFocus
      onFocus={(e) => {
        // Drawn again while the user types: the caret goes on at the end of their text.
        const input = e.currentTarget
        if (draft.text() === null) input.select()
        else input.setSelectionRange(input.value.length, input.value.length)
      }}
      onChange={(e) => draft.keep(e.currentTarget.value)}
      onBlur={() => {
        node.reset()
        onEnd()
      }}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Escape') {
          node.reset()
          onEnd()
        }
        if (e.key === 'Enter') node.submit(e.currentTarget.value)
      }}
    />
  )
}

function Toggle({ node }: Pick<NodeRendererProps<TreeItem>, 'node'>) {
  if (node.isLeaf) return <span className="tree-toggle" aria-hidden="true" />
  return (
    <span
      className="tree-toggle"
      aria-hidden="true"
      onClick={(e) => {
        e.stopPropagation()
        node.toggle()
      }}
    >
      {node.isOpen ? '▾' : '▸'}
    </span>
  )
}

/**
 * Hands the nodes their {@link NodeContext}. Through a context rather than a component made
 * per set of rows: while pi writes, each appended entry brings new rows, and a new component
 * would unmount and mount again every row on screen (and an open label editor with them).
 */
export const TreeNodeContext = createContext<NodeContext | null>(null)

/** One node of the tree (react-arborist's node renderer), inside a {@link TreeNodeContext}. */
export function TreeNode({ node, style }: NodeRendererProps<TreeItem>) {
  const ctx = useContext(TreeNodeContext)
  if (!ctx) throw new Error('TreeNode is rendered outside its TreeNodeContext')
  const item = node.data
  if (item.row < 0) {
    return (
      <div
        style={style}
        className="tree-node tree-run"
        data-testid="tree-run"
        title="Linear run of entries"
      >
        <Toggle node={node} />
        <span className="tree-run-text">
          ⋯ {counted(item.count ?? 0, 'entry', 'entries')}{' '}
          {!node.isOpen ? '(collapsed)' : ctx.partial ? '(loading…)' : ''}
        </span>
      </div>
    )
  }
  const row = ctx.rows[item.row]
  // react-arborist keeps one mutable tree across renders: while pi writes, a row can render
  // once with a newer layout's node than the rows in this context (the tree renders deferred).
  // It stays blank for that frame; the render with the new rows follows.
  if (!row) return <div style={style} className="tree-node" aria-hidden="true" />
  const onActive = ctx.active.has(item.row)
  const isLeaf = item.row === ctx.leafShown
  const classes = ['tree-node', `kind-${row.role ?? row.type}`]
  if (onActive) classes.push('active')
  if (node.isSelected) classes.push('selected')
  if (item.head) classes.push('branch-head')
  return (
    <div
      style={style}
      className={classes.join(' ')}
      data-testid="tree-node"
      data-entry-id={row.id}
      data-pos={row.pos}
      data-active={onActive ? 'true' : undefined}
      data-leaf={isLeaf ? 'true' : undefined}
      title={`${row.head} ${row.text}`.trim() + `\nline ${row.line}${row.id ? ` · ${row.id}` : ''}`}
    >
      <Toggle node={node} />
      {item.head && (
        <span className="tree-branch-mark" aria-label="branch">
          ↳
        </span>
      )}
      {onActive && (
        <span className="tree-active" aria-label="on the active path">
          •
        </span>
      )}
      {isLeaf && (
        <span
          className="badge leaf-badge"
          title={ctx.leafHidden ? `${GLOSSARY.leaf} ${HIDDEN_LEAF}` : GLOSSARY.leaf}
        >
          leaf
        </span>
      )}
      {(item.branches ?? 0) > 1 && (
        <span className="badge branch-badge" title={`Branch point: ${item.branches} branches`}>
          {item.branches} branches
        </span>
      )}
      {node.isEditing ? (
        <LabelEditor
          node={node}
          initial={row.label ?? ''}
          draft={ctx.draft}
          onEnd={ctx.onEditEnd}
        />
      ) : (
        row.label !== undefined && (
          <span className="tree-label" data-testid="tree-label" title={row.label}>
            [{row.label}]
          </span>
        )
      )}
      <span className="tree-head">{row.head}</span>
      {row.text && (
        <span className="tree-text">
          <Marked text={row.text} marks={ctx.marks} />
        </span>
      )}
    </div>
  )
}
