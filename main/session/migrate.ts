/**
 * In-memory migration of legacy session files to version 3 (pi spec 3).
 *
 * Never touches the disk: a legacy file is only rewritten when the user edits it
 * (see write.ts `rewriteSessionFile`).
 */
import { createHash } from 'node:crypto'
import type { FileEntry, SessionHeader } from './types.js'
import { CURRENT_SESSION_VERSION } from './types.js'

/**
 * True when pi would migrate a file with this header: `version ?? 1` is not `>= 3`
 * (pi spec 3; `"3"` and `4` load as-is, as JavaScript's comparison decides).
 */
export function needsMigration(header: SessionHeader | null): boolean {
  if (header === null) return false
  const version = (header.version ?? 1) as unknown as number
  return !(version >= CURRENT_SESSION_VERSION)
}

/**
 * Migrates `fileEntries` (header first, then entries in file order) to version 3, mutating them
 * as pi does: v1 -> v2 gives every non-header entry an id and chains it to the previous one and
 * turns `firstKeptEntryIndex` into `firstKeptEntryId`; v2 -> v3 renames role `hookMessage` to
 * `custom`. Returns whether anything was migrated.
 *
 * Deliberately better than pi: v1 ids are derived from the session id and the entry position
 * (sha256, 8 hex) instead of random, so reopening a legacy file yields the same ids every time
 * (the app names entries by id). Source: pi spec 3.
 */
export function migrateSessionEntries(fileEntries: FileEntry[]): boolean {
  const header = fileEntries.find((e) => e !== null && e.type === 'session') as
    SessionHeader | undefined
  if (header === undefined || !needsMigration(header)) return false
  const version = (header.version ?? 1) as unknown as number
  if (version < 2) migrateV1ToV2(fileEntries, header)
  migrateV2ToV3(fileEntries)
  return true
}

function migrateV1ToV2(fileEntries: FileEntry[], header: SessionHeader): void {
  const seed = String(header.id)
  const ids = new Set<string>()
  let previous: string | null = null
  for (let i = 0; i < fileEntries.length; i++) {
    const entry = fileEntries[i] as Record<string, unknown>
    if (entry.type === 'session') {
      entry.version = 2
      continue
    }
    const id = derivedId(seed, i, ids)
    ids.add(id)
    entry.id = id
    entry.parentId = previous
    previous = id
    if (entry.type === 'compaction' && typeof entry.firstKeptEntryIndex === 'number') {
      // The index counts parsed items with the header at 0; only an earlier entry has an id yet.
      const target = fileEntries[entry.firstKeptEntryIndex] as Record<string, unknown> | undefined
      if (target && target.type !== 'session' && typeof target.id === 'string') {
        entry.firstKeptEntryId = target.id
      }
      delete entry.firstKeptEntryIndex
    }
  }
}

function migrateV2ToV3(fileEntries: FileEntry[]): void {
  for (const e of fileEntries) {
    const entry = e as Record<string, unknown>
    if (entry.type === 'session') {
      entry.version = CURRENT_SESSION_VERSION
      continue
    }
    const message = entry.message as Record<string, unknown> | null | undefined
    if (entry.type === 'message' && message && message.role === 'hookMessage') {
      message.role = 'custom'
    }
  }
}

function derivedId(seed: string, position: number, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const id = createHash('sha256')
      .update(`${seed}:${position}:${attempt}`)
      .digest('hex')
      .slice(0, 8)
    if (!taken.has(id)) return id
  }
}
