/**
 * A card listing items that link to the library (top lists, disk-use lists), each with its
 * figures, and the same items as a table under a disclosure.
 */
import { DataTable } from './ChartCard'
import type { Column } from './csv'

/** Props: the items, how each is named, opened and summed up, and the table's columns. */
export function LinkList<Item extends { id: string }>({
  title,
  testId,
  items,
  name,
  open,
  notes,
  columns,
}: {
  title: string
  testId: string
  items: readonly Item[]
  name(item: Item): string
  open(item: Item): void
  /** Figures shown beside the name. */
  notes(item: Item): string[]
  columns: readonly Column<Item>[]
}) {
  return (
    <section className="insights-card" aria-label={title} data-testid={testId}>
      <h3>{title}</h3>
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
                onClick={() => open(item)}
              >
                {name(item)}
              </button>
              {notes(item).map((note, i) => (
                <span key={i} className="num">
                  {note}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
      <details>
        <summary>Table</summary>
        <DataTable caption={title} columns={columns} rows={items} />
      </details>
    </section>
  )
}
