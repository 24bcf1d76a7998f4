/**
 * pi's fixtures as the branch tree gets them: the tree rows the view reads from a fixture, and
 * the row of pi's leaf. Shared by the layout tests.
 */
import type { TreeRow } from '../../../preload/contract/session-view'
import { loadViewSource } from '../../../main/api/session-view/source'
import { buildOverview } from '../../../main/api/session-view/overview'
import { expectedFiles, type ExpectedFile } from '../session-view/expected'

/** A fixture's tree rows and the row index of pi's leaf (-1 when it has none). */
export async function fixtureRows(
  file: ExpectedFile,
): Promise<{ rows: TreeRow[]; leafRow: number }> {
  const overview = await buildOverview(await loadViewSource(file.path), '0123456789abcdef', 'f')
  const rows = overview.rows
  return { rows, leafRow: rows.findIndex((r) => r.pos === overview.leafPos) }
}

/**
 * The fixtures pi records a branch for (pi's getBranch never ends on a parent cycle, so a file
 * with one records none), legacy files left out.
 */
export function branchedFixtures(): ExpectedFile[] {
  return expectedFiles().filter((f) => !f.legacy && f.branch.length > 0)
}

/** The last fixture of pi's "branches" scenario: several branches, a summary, a second root. */
export function branchesFixture(): ExpectedFile {
  const file = expectedFiles()
    .filter((f) => f.scenario === 'branches')
    .at(-1)
  if (!file) throw new Error('no fixture of the "branches" scenario')
  return file
}
