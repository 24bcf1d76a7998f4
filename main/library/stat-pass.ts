/**
 * The stat pass of a scan: every candidate file is stat'ed (64 at a time) and ordered newest
 * first, and only the files whose identity differs from the index are read again.
 */
import { stat } from 'node:fs/promises'
import pLimit from 'p-limit'
import type { StoredIdentity } from './index-store'
import { sameVersion } from './record'
import type { SessionCandidate } from './scan'
import { isLive } from '../../preload/contract/timing'

/**
 * What the stat pass found: the files to read, newest first, how many are unchanged, and the
 * mtime (ms) of each file to read that was written in the last LIVE_MS (pi may be writing it).
 */
export interface StatPass {
  toRead: SessionCandidate[]
  unchanged: number
  total: number
  recent: Map<string, number>
}

/** A candidate with its file facts (null when stat failed). */
interface Stated {
  candidate: SessionCandidate
  facts: { size: number; mtimeMs: number; ino: number; isFile: boolean } | null
}

/** Stats candidates and orders them by mtime, newest first (pi 1.6.0's listAll order, spec 15.3). */
async function newestFirst(candidates: readonly SessionCandidate[]): Promise<Stated[]> {
  const limit = pLimit(64)
  const stated = await Promise.all(
    candidates.map((candidate) =>
      limit(async () => ({
        candidate,
        facts: await stat(candidate.path).then(
          (s) => ({ size: s.size, mtimeMs: s.mtimeMs, ino: s.ino, isFile: s.isFile() }),
          () => null,
        ),
      })),
    ),
  )
  const time = (x: Stated) => x.facts?.mtimeMs ?? 0
  return stated.sort(
    (a, b) => time(b) - time(a) || b.candidate.path.localeCompare(a.candidate.path),
  )
}

/**
 * Compares every candidate with its stored identity: same size, mtime and inode (and it was
 * readable) → not read at all; anything else → read, newest first.
 */
export async function statPass(
  candidates: readonly SessionCandidate[],
  stored: ReadonlyMap<string, StoredIdentity>,
): Promise<StatPass> {
  const ordered = await newestFirst(candidates)
  const toRead: SessionCandidate[] = []
  const recent = new Map<string, number>()
  const now = Date.now()
  let unchanged = 0
  for (const { candidate, facts } of ordered) {
    const previous = stored.get(candidate.path)
    if (previous && facts?.isFile && sameVersion(previous, facts)) {
      unchanged += 1
      continue
    }
    toRead.push(candidate)
    if (facts && isLive(facts.mtimeMs, now)) recent.set(candidate.path, facts.mtimeMs)
  }
  return { toRead, unchanged, total: ordered.length, recent }
}
