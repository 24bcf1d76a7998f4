import { useState } from 'react'
import type { MarkFilter } from '../../../../preload/contract/library'
import { useLibrary } from '../../state/library'
import { CheckField, ChoiceField } from '../../components/fields'
import { RovingGroup } from '../../components/RovingGroup'

const DAY_MS = 24 * 60 * 60 * 1000

const AGES = [
  { value: '', label: 'any time' },
  { value: '7', label: '1 week' },
  { value: '30', label: '1 month' },
  { value: '90', label: '3 months' },
  { value: '365', label: '1 year' },
] as const

const SIZES = [
  { value: '', label: 'any size' },
  { value: '102400', label: '100 KB' },
  { value: '1048576', label: '1 MB' },
  { value: '10485760', label: '10 MB' },
] as const

type Size = (typeof SIZES)[number]['value']

const STARS: { value: MarkFilter; label: string }[] = [
  { value: 'any', label: 'starred or not' },
  { value: 'only', label: 'starred' },
  { value: 'none', label: 'not starred' },
]

/**
 * The filters beyond the toolbar's row: named, labeled, and those that matter for cleaning
 * up: last activity older than, empty sessions (no user message), damaged, larger than, with
 * images, starred or not; and starred first.
 */
export function CleanupFilters() {
  const query = useLibrary((s) => s.query)
  const setQuery = useLibrary((s) => s.setQuery)
  // The chosen number of days; the query holds the time it stood for when chosen.
  const [ageDays, setAgeDays] = useState<(typeof AGES)[number]['value']>('')
  return (
    <div className="cleanup-filters">
      <RovingGroup label="Show only" className="chip-group">
        <CheckField
          label="Named"
          testId="filter-named"
          checked={query.named}
          onChange={(named) => setQuery({ named })}
        />
        <CheckField
          label="Labeled"
          testId="filter-labeled"
          checked={query.labeled}
          onChange={(labeled) => setQuery({ labeled })}
        />
      </RovingGroup>
      <ChoiceField
        label="Older than"
        testId="filter-older-than"
        value={query.olderThan === null ? '' : ageDays}
        options={AGES}
        onChange={(days) => {
          setAgeDays(days)
          setQuery({ olderThan: days ? Date.now() - Number(days) * DAY_MS : null })
        }}
      />
      <ChoiceField
        label="Larger than"
        testId="filter-larger-than"
        value={(query.minSize === null ? '' : String(query.minSize)) as Size}
        options={SIZES}
        onChange={(size: Size) => setQuery({ minSize: size ? Number(size) : null })}
      />
      <RovingGroup label="Sessions that are" className="chip-group">
        <CheckField
          label="No user message"
          testId="filter-empty"
          checked={query.empty}
          onChange={(empty) => setQuery({ empty })}
        />
        <CheckField
          label="Damaged"
          testId="filter-damaged"
          checked={query.damaged}
          onChange={(damaged) => setQuery({ damaged })}
        />
        <CheckField
          label="With images"
          testId="filter-images"
          checked={query.withImages}
          onChange={(withImages) => setQuery({ withImages })}
        />
      </RovingGroup>
      <ChoiceField<MarkFilter>
        label="Star"
        testId="filter-starred"
        value={query.starred}
        options={STARS}
        onChange={(starred) => setQuery({ starred })}
      />
      <CheckField
        label="Starred first"
        testId="filter-starred-first"
        checked={query.starredFirst}
        onChange={(starredFirst) => setQuery({ starredFirst })}
      />
    </div>
  )
}
