/**
 * The JSON cache files earlier versions kept in the data folder (records and texts), now
 * replaced by the library index: removed once so they do not take disk space for nothing.
 * They are ours and derived from the session files; no session file is ever touched here.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'

const OLD_FILES = ['library-cache.jsonl', 'library-texts.jsonl']

/** Removes the old cache files from `dataDir`; never throws. */
export async function removeOldCache(dataDir: string): Promise<void> {
  await Promise.all(
    OLD_FILES.map((name) => rm(join(dataDir, name), { force: true }).catch(() => undefined)),
  )
}
