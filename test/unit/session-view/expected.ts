/**
 * Reading pi's recorded behaviour (test/fixtures/pi-sessions/expected.json, pi 1.6.0 column)
 * in the shapes the session-view tests compare against.
 */
import { join } from 'node:path'
import { FIXTURE_STORE, readExpected } from '../../helpers/fixtures'

/** A node of pi's getTree() as recorded. */
export interface ExpectedNode {
  id?: string
  i: number
  label?: string
  children?: ExpectedNode[]
}

/** pi 1.6.0's results for one fixture file. */
export interface ExpectedFile {
  rel: string
  path: string
  scenario: string
  /** Legacy files get fresh random ids in pi and here: compare them by position. */
  legacy: boolean
  entries: { i: number; id?: string }[]
  leafId: string | null
  tree: { roots: number; nodeCount: number; tree: ExpectedNode[]; leaves: string[] }
  branch: string[]
  byLeaf: Record<
    string,
    { branch: string[]; roles: string[]; contextEntryIds: string[]; thinkingLevel: string }
  >
}

/**
 * Every fixture file pi 1.6.0 opened and built a tree for (others are checked elsewhere).
 * @param skip scenarios to leave out
 */
export function expectedFiles(skip: readonly string[] = []): ExpectedFile[] {
  const out: ExpectedFile[] = []
  for (const [rel, file] of Object.entries(readExpected().files)) {
    const pi = file.pi160 as Record<string, Record<string, unknown>> | undefined
    if (!pi?.open?.ok || !pi.tree?.ok || skip.includes(file.scenario)) continue
    out.push({
      rel,
      path: join(FIXTURE_STORE, rel),
      scenario: file.scenario,
      legacy:
        file.scenario.startsWith('legacy-') || file.scenario === 'seed-retainedtail-compaction',
      entries: pi.entries?.entries as ExpectedFile['entries'],
      leafId: (pi.entries?.leafId as string | null) ?? null,
      tree: pi.tree as unknown as ExpectedFile['tree'],
      branch: (pi.branch?.branch as string[]) ?? [],
      byLeaf: (pi.contextByLeaf?.byLeaf as ExpectedFile['byLeaf']) ?? {},
    })
  }
  return out
}

/**
 * Maps pi's ids onto ours: by id, or for legacy files (random ids after migration) by
 * position in getEntries().
 */
export function idMapper(file: ExpectedFile, ourIds: readonly string[]): (piId: string) => string {
  if (!file.legacy) return (id) => id
  const posOf = new Map(file.entries.map((e) => [e.id, e.i]))
  return (id) => ourIds[posOf.get(id) ?? -1] ?? `missing:${id}`
}
