/**
 * Pieces of `createBranchedSession` (pi 1.6.0, spec 14.6) and file-name helpers.
 */
import { mkdir, open, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { assertValidSessionId, createSessionId, generateEntryId, sessionFileName } from './ids.js'
import { SessionFile } from './session-file.js'
import type { SessionEntry, SessionHeader } from './types.js'
import { CURRENT_SESSION_VERSION } from './types.js'
import { serializeLine } from './write.js'

/**
 * A version-3 header as pi writes it (pi spec 2.1); an undefined `parentSession` stays an
 * undefined key, which JSON.stringify omits.
 */
export function newHeader(
  id: string,
  timestamp: string,
  cwd: string,
  parentSession?: string,
): SessionHeader {
  return { type: 'session', version: CURRENT_SESSION_VERSION, id, timestamp, cwd, parentSession }
}

/**
 * Writes a fork of `source` (its `entries`, verbatim) as a new session file in `dir`, at once
 * and exclusively (pi spec 14.5). Returns the new path. Throws on an invalid custom id or when
 * the file exists.
 */
export function writeFork(
  source: string,
  entries: readonly SessionEntry[],
  cwd: string,
  dir: string,
  customId?: string,
): string {
  if (customId !== undefined) assertValidSessionId(customId)
  const id = customId ?? createSessionId()
  const timestamp = new Date().toISOString()
  const target = join(dir, sessionFileName(timestamp, id))
  new SessionFile(target).create(
    [newHeader(id, timestamp, cwd, source), ...entries].map(serializeLine),
  )
  return target
}

/** Drops label entries from a path and re-chains the rest (pi 1.6.0 createBranchedSession). */
export function rechainWithoutLabels(path: SessionEntry[]): SessionEntry[] {
  const kept: SessionEntry[] = []
  const replacementByLabelId = new Map<string, string>()
  const pendingLabels: string[] = []
  let parentId: string | null = null
  for (const entry of path) {
    if (entry.type === 'label') {
      pendingLabels.push(entry.id)
      continue
    }
    for (const labelId of pendingLabels) replacementByLabelId.set(labelId, entry.id)
    pendingLabels.length = 0
    if (entry.type === 'compaction') {
      const first = (entry as { firstKeptEntryId: string }).firstKeptEntryId
      const firstKeptEntryId =
        first === entry.id ? entry.id : (replacementByLabelId.get(first) ?? first)
      kept.push({ ...entry, parentId, firstKeptEntryId } as SessionEntry)
    } else {
      kept.push({ ...entry, parentId })
    }
    parentId = entry.id
  }
  return kept
}

/**
 * One new `label` entry per still-labelled entry of `kept` (map order), chained after the last
 * kept entry, with the original label timestamps and fresh ids unique among `kept` (pi 1.6.0,
 * spec 14.6 step 3).
 */
export function relabel(
  kept: readonly SessionEntry[],
  labelsById: ReadonlyMap<string, string>,
  labelTimestampsById: ReadonlyMap<string, string>,
): SessionEntry[] {
  const ids = new Set(kept.map((e) => e.id))
  const labels: SessionEntry[] = []
  let parentId: string | null = kept[kept.length - 1]?.id || null
  for (const [targetId, label] of labelsById) {
    if (!ids.has(targetId)) continue
    const id = generateEntryId((x) => ids.has(x))
    ids.add(id)
    const timestamp = labelTimestampsById.get(targetId) as string
    labels.push({ type: 'label', id, parentId, timestamp, targetId, label } as SessionEntry)
    parentId = id
  }
  return labels
}

/**
 * `writeFork` without blocking: exclusive create, then the lines in ~1 MB writes with the event
 * loop free in between. Returns the new path; rejects on an invalid id, an existing file, or a
 * failed write (the new file is then removed again: it appears whole or not at all).
 */
export async function writeForkAsync(
  source: string,
  entries: readonly SessionEntry[],
  cwd: string,
  dir: string,
  customId?: string,
): Promise<string> {
  if (customId !== undefined) assertValidSessionId(customId)
  const id = customId ?? createSessionId()
  const timestamp = new Date().toISOString()
  const target = join(dir, sessionFileName(timestamp, id))
  await mkdir(dirname(target), { recursive: true })
  const handle = await open(target, 'wx')
  try {
    let batch = serializeLine(newHeader(id, timestamp, cwd, source))
    for (const entry of entries) {
      batch += serializeLine(entry)
      if (batch.length >= 1 << 20) {
        await handle.write(batch)
        batch = ''
      }
    }
    if (batch) await handle.write(batch)
  } catch (error) {
    // A new file this call created exclusively and could not finish (disk full): removing it
    // undoes the create; a half-written session must never appear.
    await handle.close().catch(() => undefined)
    await rm(target, { force: true })
    throw error
  }
  await handle.close()
  return target
}

/** `<time>_<id>.jsonl` -> id (only used when a file has no header to take it from). */
export function idFromFileName(path: string): string {
  const name = basename(path, '.jsonl')
  const at = name.indexOf('_')
  return at >= 0 ? name.slice(at + 1) : name
}
