/**
 * Top projects, models and sessions by cost or by tokens over the range; each row links to
 * its sessions in the library.
 */
import type { TopItem } from '../../../../preload/contract/insights'
import { LinkList } from './LinkList'
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
    <LinkList
      title={TITLES[kind]}
      testId={`insights-top-${kind}`}
      items={items}
      name={name}
      open={(item) => open(kind, item)}
      notes={(item) => [exact(item.cost, 'cost'), `${exact(item.tokens, 'tokens')} tokens`]}
      columns={columns}
    />
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
