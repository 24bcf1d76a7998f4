/**
 * Controls of the branch tree: pi's filter modes, search, fold/unfold, run collapsing, and a
 * jump to pi's leaf (the resume point).
 */
import { GLOSSARY } from '../../components/glossary'
import { FILTER_LABELS, FILTER_MODES, type FilterMode } from './filters'
import { counted, formatCount } from '../../components/format'

/** Props of {@link TreeToolbar}. */
export interface TreeToolbarProps {
  mode: FilterMode
  onMode(mode: FilterMode): void
  query: string
  onQuery(query: string): void
  collapse: boolean
  onCollapse(collapse: boolean): void
  /** Rows the filter shows; null while the rows it needs load. */
  shown: number | null
  total: number
  /** Shown entries the search matches; null when there is no search. */
  matches: number | null
  onOpenAll(): void
  onCloseAll(): void
  onLeaf(): void
}

/** The toolbar above the tree. */
export function TreeToolbar(props: TreeToolbarProps) {
  return (
    <div className="tree-toolbar">
      <div className="tree-filters" role="radiogroup" aria-label="Filter">
        {FILTER_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={props.mode === mode}
            className={`chip${props.mode === mode ? ' on' : ''}`}
            data-testid={`tree-filter-${mode}`}
            onClick={() => props.onMode(mode)}
          >
            {FILTER_LABELS[mode]}
          </button>
        ))}
      </div>
      <div className="tree-tools">
        <input
          type="search"
          className="tree-search"
          placeholder="Search the tree"
          aria-label="Search the tree"
          title="Entries whose line holds every word, as pi’s /tree searches"
          data-testid="tree-search"
          value={props.query}
          onChange={(e) => props.onQuery(e.target.value)}
        />
        <button
          type="button"
          className="ghost small"
          onClick={props.onOpenAll}
          title="Unfold everything"
        >
          Unfold
        </button>
        <button
          type="button"
          className="ghost small"
          onClick={props.onCloseAll}
          title="Fold everything"
        >
          Fold
        </button>
        <label className="tree-check" title={GLOSSARY.runs}>
          <input
            type="checkbox"
            checked={props.collapse}
            onChange={(e) => props.onCollapse(e.target.checked)}
          />
          Runs
        </label>
        <button
          type="button"
          className="ghost small"
          onClick={props.onLeaf}
          title={`${GLOSSARY.leaf} Click to show it.`}
        >
          Leaf
        </button>
        <span className="muted tree-count" data-testid="tree-count">
          {props.matches !== null
            ? counted(props.matches, 'match', 'matches')
            : `${props.shown === null ? '…' : formatCount(props.shown)} / ${formatCount(props.total)}`}
        </span>
      </div>
    </div>
  )
}
