/**
 * A chart with its table: a card titled by the chart, a switch between the chart and a
 * table of the same figures, and a button that copies the table as CSV (a text box with
 * the CSV appears when the clipboard refuses).
 */
import { useId, useState, type ReactNode } from 'react'
import { toCsv, type Column } from './csv'

/** A table of rows under columns (the chart's figures, exact). */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  testId?: string
}) {
  return (
    <div className="insights-table-wrap">
      <table className="insights-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => {
                const value = c.value(row)
                return (
                  <td key={c.header} className={typeof value === 'number' ? 'num' : undefined}>
                    {c.format ? c.format(row) : String(value)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Copies `csv`; on refusal shows it in a read-only box to copy by hand. */
function CopyCsv({ csv, name }: { csv: string; name: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(csv)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return (
    <>
      <button type="button" className="ghost" onClick={() => void copy()} data-testid="copy-csv">
        Copy CSV
      </button>
      <span role="status" className="insights-copied">
        {state === 'copied' ? 'Copied' : ''}
      </span>
      {state === 'failed' && (
        <textarea
          className="insights-csv"
          readOnly
          aria-label={`${name} as CSV (the clipboard refused: select and copy)`}
          value={csv}
        />
      )}
    </>
  )
}

/** A titled card: the chart, or its table; both from the same rows. */
export function ChartCard<Row>({
  title,
  chart,
  columns,
  rows,
  testId,
  extra,
}: {
  title: string
  chart: ReactNode
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  testId: string
  extra?: ReactNode
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart')
  const heading = useId()
  return (
    <section className="insights-card" aria-labelledby={heading} data-testid={testId}>
      <header className="insights-card-head">
        <h3 id={heading}>{title}</h3>
        {extra}
        <div className="insights-switch" role="group" aria-label={`${title}: show as`}>
          <button
            type="button"
            className="ghost"
            aria-pressed={view === 'chart'}
            onClick={() => setView('chart')}
          >
            Chart
          </button>
          <button
            type="button"
            className="ghost"
            aria-pressed={view === 'table'}
            onClick={() => setView('table')}
          >
            Table
          </button>
        </div>
        <CopyCsv csv={toCsv(columns, rows)} name={title} />
      </header>
      {rows.length === 0 ? (
        <p className="insights-empty">Nothing in this range.</p>
      ) : view === 'chart' ? (
        chart
      ) : (
        <DataTable caption={title} columns={columns} rows={rows} testId={`${testId}-table`} />
      )}
    </section>
  )
}
