/**
 * Tables as CSV (RFC 4180): a header row, then one row per record; a field holding a comma,
 * a quote or a line break is quoted, quotes doubled. Numbers are written exactly as given.
 */

/** One column: its header and how a row's cell is read. */
export interface Column<Row> {
  header: string
  value(row: Row): string | number
  /** How the table shows the value (the CSV keeps the exact figure). */
  format?(row: Row): string
}

function field(value: string | number): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The CSV text of `rows` under `columns`, lines ended by CRLF. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => field(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => field(c.value(row))).join(','))
  return lines.join('\r\n') + '\r\n'
}
