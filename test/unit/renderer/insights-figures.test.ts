/**
 * The renderer's figure helpers of the Insights view: CSV quoting (RFC 4180), the usage
 * table the chart and its table share (gaps filled, small series summed as "Other"), and
 * the dates of the range presets in the user's zone.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { toCsv, type Column } from '../../../renderer/src/features/insights/csv'
import {
  exact,
  periodsBetween,
  short,
  usageTable,
  MAX_SERIES,
} from '../../../renderer/src/features/insights/figures'
import { cost, tokens } from '../../../renderer/src/components/format'
import { rangeOf } from '../../../renderer/src/features/insights/range'

test('CSV quotes commas, quotes and line breaks, and keeps exact numbers', () => {
  const columns: Column<{ name: string; cost: number }>[] = [
    { header: 'Name', value: (r) => r.name },
    { header: 'Cost, USD', value: (r) => r.cost, format: (r) => `$${r.cost.toFixed(2)}` },
  ]
  assert.equal(
    toCsv(columns, [
      { name: 'say "hi"', cost: 0.002445 },
      { name: 'two\nlines', cost: 1 },
    ]),
    'Name,"Cost, USD"\r\n"say ""hi""",0.002445\r\n"two\nlines",1\r\n',
  )
})

test('periods run from the first to the last, empty ones included', () => {
  assert.deepEqual(periodsBetween(['2026-02-27', '2026-03-02'], 'day'), [
    '2026-02-27',
    '2026-02-28',
    '2026-03-01',
    '2026-03-02',
  ])
  assert.deepEqual(periodsBetween(['2026-01-26', '2026-02-09'], 'week'), [
    '2026-01-26',
    '2026-02-02',
    '2026-02-09',
  ])
  assert.deepEqual(periodsBetween(['2025-11', '2026-02'], 'month'), [
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
  ])
  assert.deepEqual(periodsBetween([], 'day'), [])
})

test('the usage table keeps the largest series and sums the rest as Other', () => {
  const cell = (period: string, series: string, cost: number) => ({
    period,
    series,
    input: 10,
    output: 1,
    cacheRead: 0,
    cacheWrite: 0,
    cost,
  })
  const cells = Array.from({ length: MAX_SERIES + 2 }, (_, i) => cell('2026-02-01', `m${i}`, i + 1))
  cells.push(cell('2026-02-03', 'm0', 0.5))
  const table = usageTable(cells, 'cost', 'day')
  assert.deepEqual(table.periods, ['2026-02-01', '2026-02-02', '2026-02-03'])
  assert.equal(table.series.length, MAX_SERIES)
  assert.equal(table.series.at(-1), 'Other')
  // m0 (1 + 0.5), m1 (2) and m2 (3) are the three smallest of the ten: summed as Other.
  assert.deepEqual(table.values.get('Other'), [1 + 2 + 3, 0, 0.5])
  assert.deepEqual(table.values.get('m9'), [10, 0, 0])
  // By tokens every series has 11 a cell: m0 (two cells) leads, ties go by name.
  assert.deepEqual(usageTable(cells, 'tokens', 'day').values.get('m0'), [11, 0, 11])
})

test('the last N days end today in the user’s zone', () => {
  const now = Date.UTC(2026, 1, 6, 2, 0) // 2026-02-06 02:00 UTC = 2026-02-05 21:00 in New York
  assert.deepEqual(rangeOf('7', { from: null, to: null }, 'UTC', now), {
    from: '2026-01-31',
    to: '2026-02-06',
  })
  assert.deepEqual(rangeOf('7', { from: null, to: null }, 'America/New_York', now), {
    from: '2026-01-30',
    to: '2026-02-05',
  })
  assert.deepEqual(rangeOf('all', { from: '2026-01-01', to: null }, 'UTC', now), {
    from: null,
    to: null,
  })
  assert.deepEqual(rangeOf('custom', { from: '2026-01-01', to: null }, 'UTC', now), {
    from: '2026-01-01',
    to: null,
  })
})

test('figures are thousands separated, and axes shorten large costs and counts', () => {
  assert.equal(exact(1234567.891, 'cost'), '$1,234,567.8910')
  assert.equal(exact(0.001234, 'cost'), '$0.001234')
  assert.equal(exact(12345678, 'tokens'), '12,345,678')
  assert.equal(short(4.5, 'cost'), '$4.50')
  assert.equal(short(450, 'cost'), '$450')
  assert.equal(short(3_000_000_000, 'cost'), '$3.0G')
  assert.equal(short(1e16, 'tokens'), '10000T')
  assert.equal(cost(3_000_000_000.04), '$3,000,000,000.04')
  assert.equal(cost(0.004), '$0.0040')
  assert.equal(tokens(1e16), '10,000,000B')
  assert.equal(tokens(2_500_000_000), '2.5B')
  assert.equal(tokens(2_500_000), '2.5M')
})
