/**
 * A temporary home with its own freedesktop trash for tests that move files to the trash:
 * `trash` reads XDG_DATA_HOME and HOME when it is first imported (lazily, at the first move),
 * so call this at the top of the test file, before anything is trashed.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Points HOME and XDG_DATA_HOME at a new temp folder; returns it (its trash is `<it>/Trash`). */
export function useTempTrashHome(prefix: string): string {
  const home = mkdtempSync(join(tmpdir(), prefix))
  process.env.XDG_DATA_HOME = home
  process.env.HOME = home
  return home
}
