/**
 * Disk use: bytes per project (a chart with its table), and the largest session files, the
 * sessions holding images and the damaged files, each linking to the session.
 */
import { useMemo } from 'react'
import type { DiskSession } from '../../../../preload/contract/insights'
import { ChartCard } from './ChartCard'
import { LinkList } from './LinkList'
import { EChart } from './EChart'
import { diskOption } from './chart-options'
import type { Column } from './csv'
import { exact, short } from './figures'
import { useProjectName } from './names'
import { openSession } from './open-in-library'
import { useInsights } from './store'
import { useChartTheme } from './theme'
import { oneLine } from '../library/format'

type ProjectRow = { name: string; bytes: number; sessions: number }

const PROJECT_COLUMNS: Column<ProjectRow>[] = [
  { header: 'Project', value: (r) => r.name },
  {
    header: 'Bytes',
    value: (r) => r.bytes,
    format: (r) => `${exact(r.bytes, 'bytes')} (${short(r.bytes, 'bytes')})`,
  },
  { header: 'Sessions', value: (r) => r.sessions },
]

function SessionList({
  title,
  sessions,
  testId,
  note,
}: {
  title: string
  sessions: DiskSession[]
  testId: string
  note: (s: DiskSession) => string
}) {
  const projectName = useProjectName()
  const columns: Column<DiskSession>[] = [
    { header: 'Session', value: (s) => oneLine(s.label) },
    { header: 'Project', value: (s) => projectName(s.projectId) },
    { header: 'Bytes', value: (s) => s.bytes },
    { header: 'Images', value: (s) => s.images },
    { header: 'Status', value: (s) => s.status },
  ]
  return (
    <LinkList
      title={title}
      testId={testId}
      items={sessions}
      name={(s) => oneLine(s.label)}
      open={(s) => openSession(s.id, s.projectId)}
      notes={(s) => [note(s)]}
      columns={columns}
    />
  )
}

/** The disk-use section. */
export function DiskUse() {
  const disk = useInsights((s) => s.data?.disk)
  const projectName = useProjectName()
  const theme = useChartTheme()
  const rows: ProjectRow[] = useMemo(
    () =>
      (disk?.projects ?? []).map((p) => ({
        name: projectName(p.projectId),
        bytes: p.bytes,
        sessions: p.sessions,
      })),
    [disk, projectName],
  )
  const option = useMemo(() => diskOption(rows, theme), [rows, theme])
  return (
    <div className="insights-disk">
      <ChartCard
        title="Disk use by project"
        testId="insights-disk"
        columns={PROJECT_COLUMNS}
        rows={rows}
        chart={
          <EChart
            option={option}
            label={`Bytes per project for ${rows.length} projects; the table view lists every figure`}
            height={Math.max(120, rows.length * 26 + 24)}
          />
        }
      />
      <SessionList
        title="Largest sessions"
        testId="insights-largest"
        sessions={disk?.largest ?? []}
        note={(s) => short(s.bytes, 'bytes')}
      />
      <SessionList
        title="Sessions with images"
        testId="insights-images"
        sessions={disk?.withImages ?? []}
        note={(s) => `${s.images} images`}
      />
      <SessionList
        title="Damaged files"
        testId="insights-damaged"
        sessions={disk?.damaged ?? []}
        note={(s) => s.problem ?? s.status}
      />
    </div>
  )
}
