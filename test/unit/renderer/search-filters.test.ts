/**
 * The toolbar's words for a query (renderer logic): date presets and range labels, the active
 * filters as chips whose removal clears exactly their fields, and every contract filter has a
 * chip.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { CLEARED_FILTERS } from '../../../preload/contract/library'
import { DEFAULT_QUERY, type QueryState } from '../../../renderer/src/state/library'
import {
  activeFilters,
  DATE_PRESETS,
  dayBounds,
  dayText,
  rangeLabel,
  scopeNames,
} from '../../../renderer/src/features/library/filters'

// Wednesday 2026-12-02, 15:30 local time.
const NOW = new Date(2026, 11, 2, 15, 30).getTime()

test('each date preset starts at local midnight and names its own range', () => {
  const starts = Object.fromEntries(DATE_PRESETS.map((p) => [p.label, p.from(NOW)]))
  assert.equal(starts['Today'], new Date(2026, 11, 2).getTime())
  assert.equal(starts['Last 7 days'], new Date(2026, 10, 26).getTime())
  assert.equal(starts['Last 30 days'], new Date(2026, 10, 3).getTime())
  assert.equal(starts['This year'], new Date(2026, 0, 1).getTime())
  for (const preset of DATE_PRESETS)
    assert.equal(rangeLabel(preset.from(NOW), null, NOW), preset.label)
  assert.equal(rangeLabel(null, null, NOW), 'Any time')
  assert.match(rangeLabel(new Date(2026, 5, 1).getTime(), null, NOW), /^Since /)
  assert.match(rangeLabel(null, new Date(2026, 5, 1).getTime(), NOW), /^Until /)
})

test('a date field day maps to its first and last millisecond and back', () => {
  const day = dayBounds('2026-03-09')
  assert.ok(day)
  assert.equal(day.start, new Date(2026, 2, 9).getTime())
  assert.equal(day.end, new Date(2026, 2, 9, 23, 59, 59, 999).getTime())
  assert.equal(dayText(day.start), '2026-03-09')
  assert.equal(dayText(day.end), '2026-03-09')
  assert.equal(dayBounds(''), null)
  assert.equal(dayBounds('not a day'), null)
})

test('every filter shows as a chip whose removal clears only that filter', () => {
  const all: QueryState = {
    ...DEFAULT_QUERY,
    named: true,
    labeled: true,
    model: 'anthropic/claude-sonnet-4-5',
    modifiedFrom: DATE_PRESETS[1]?.from(NOW) ?? 0,
    olderThan: NOW - 30 * 24 * 3600 * 1000,
    empty: true,
    damaged: true,
    minSize: 1048576,
    withImages: true,
  }
  const chips = activeFilters(all, NOW)
  assert.deepEqual(
    chips.map((c) => c.label),
    [
      'Named',
      'Labeled',
      'Model: anthropic/claude-sonnet-4-5',
      'Last 7 days',
      'Older than 1 month',
      'Larger than 1.0 MB',
      'No user message',
      'Damaged',
      'With images',
    ],
  )
  // Removing every chip clears every filter of the contract, and nothing else.
  const cleared = chips.reduce<QueryState>((q, chip) => ({ ...q, ...chip.clear }), all)
  assert.deepEqual(cleared, { ...all, ...CLEARED_FILTERS })
  assert.deepEqual(activeFilters(DEFAULT_QUERY, NOW), [])
})

test('scope names follow the chips, pi’s Messages first', () => {
  assert.equal(scopeNames(['commands', 'messages']), 'Messages, Commands and paths')
  assert.equal(scopeNames(['messages']), 'Messages')
})
