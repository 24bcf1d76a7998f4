/**
 * Top projects, models and sessions by cost or by tokens over the range; each row links to
 * its sessions in the library.
 */
import type { TopItem } from '../../../../preload/contract/insights'
import { DataTable } from './ChartCard'
import type { Column } from './csv'
import { exact } from './figures'
import { modelName, useProjectName } from './names'
import { openModel, openProject, openSession } from './open-in-library'
import { useInsights } from './store'
import { oneLine } from '../library/format'

type Kind = 'project' | 'model' | 'session'

const TITLES: Record<Kind, string> = {
  project: 'Top projects',
  model: 'Top models',
  session: 'Top sessions',
}

function open(kind: Kind, item: TopItem): void {
  if (kind === 'project') openProject(item.id)
  else if (kind === 'model') openModel(item.id)
  else openSession(item.id, item.projectId ?? '')
}

function TopList({ kind, items }: { kind: Kind; items: TopItem[] }) {
  const projectName = useProjectName()
  const name = (item: TopItem) =>
    kind === 'project'
      ? projectName(item.id)
      : kind === 'model'
        ? modelName(item.id)
        : oneLine(item.label)
  const columns: Column<TopItem>[] = [
    {
      header: kind === 'project' ? 'Project' : kind === 'model' ? 'Model' : 'Session',
      value: name,
    },
    { header: 'Cost (USD)', value: (i) => i.cost, format: (i) => exact(i.cost, 'cost') },
    { header: 'Tokens', value: (i) => i.tokens, format: (i) => exact(i.tokens, 'tokens') },
    { header: 'Sessions', value: (i) => i.sessions },
  ]
  return (
    <section
      className="insights-card"
      aria-label={TITLES[kind]}
      data-testid={`insights-top-${kind}`}
    >
      <h3>{TITLES[kind]}</h3>
      {items.length === 0 ? (
        <p className="insights-empty">Nothing in this range.</p>
      ) : (
        <ol className="insights-top">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="link"
                data-testid="insights-top-link"
                title={`Open in the library: ${name(item)}`}
                onClick={() => open(kind, item)}
              >
                {name(item)}
              </button>
              <span className="num">{exact(item.cost, 'cost')}</span>
              <span className="num">{exact(item.tokens, 'tokens')} tokens</span>
            </li>
          ))}
        </ol>
      )}
      <details>
        <summary>Table</summary>
        <DataTable caption={TITLES[kind]} columns={columns} rows={items} />
      </details>
    </section>
  )
}

/** The three top lists, ranked as chosen. */
export function TopLists() {
  const top = useInsights((s) => s.data?.top)
  const rankBy = useInsights((s) => s.rankBy)
  const choose = useInsights((s) => s.choose)
  return (
    <div className="insights-tops">
      <div className="insights-tops-head">
        <h2>Top by {rankBy}</h2>
        <label className="insights-field">
          Rank by
          <select
            value={rankBy}
            onChange={(e) => choose({ rankBy: e.target.value as 'cost' | 'tokens' })}
          >
            <option value="cost">Cost</option>
            <option value="tokens">Tokens</option>
          </select>
        </label>
      </div>
      <TopList kind="project" items={top?.project ?? []} />
      <TopList kind="model" items={top?.model ?? []} />
      <TopList kind="session" items={top?.session ?? []} />
    </div>
  )
}
