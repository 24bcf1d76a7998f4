/**
 * A generated session larger than one tree page (12,000 entries, about 3 MB), with side
 * branches, labels and compactions, as the view core names a file.
 */
import { join } from 'node:path'
import type { TestContext } from 'node:test'
import type { SessionFile } from '../../../main/api/session-view/core'
import { generateSession } from '../../../bench/generate-session'
import { tempDir } from '../../helpers/temp'

/** Writes the session into a temp folder of the test `ctx` (removed after it). */
export async function largeSession(ctx: TestContext): Promise<SessionFile> {
  const dir = tempDir(ctx, 'pi-sessions-large-')
  const path = join(dir, 'big.jsonl')
  const generated = await generateSession(path, {
    entries: 12_000,
    targetBytes: 3_000_000,
    branchEvery: 2000,
  })
  return { id: '0123456789abcdef', path, fileName: 'big.jsonl', size: generated.bytes }
}
