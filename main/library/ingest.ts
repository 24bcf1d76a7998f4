/**
 * One file into the library index: its stored record (what an append resumes from) is read
 * back, the file is read, and the outcome is written, all on one connection, so the thread
 * that parses a file also writes it (the main thread neither copies nor writes texts).
 */
import type { DatabaseSync } from 'node:sqlite'
import { indexPendingChunks } from './index-chunks'
import { loadRecordByPath, writeOutcome } from './index-write'
import { readRecord, type ReadKind } from './record'
import type { SessionCandidate } from './scan'

/**
 * Reads `candidate` against its stored record and stores the outcome.
 * @param indexNow also add its texts to the full-text index now (else the background does)
 * @param blocking parse without yielding (a worker thread, where nothing else waits)
 * @returns how the file was read
 * @throws Error when the index cannot be written (the file itself is never written)
 */
export async function ingestFile(
  db: DatabaseSync,
  candidate: SessionCandidate,
  indexNow: boolean,
  blocking = false,
): Promise<ReadKind> {
  const previous = loadRecordByPath(db, candidate.path)
  const outcome = await readRecord(candidate, previous, blocking)
  writeOutcome(db, outcome)
  if (indexNow) indexPendingChunks(db, Infinity)
  return outcome.kind
}
