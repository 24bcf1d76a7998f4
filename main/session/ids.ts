/**
 * Entry and session ids (pi spec 4, 1.4).
 */
import { randomBytes, randomUUID } from 'node:crypto'

/**
 * A new entry id: the first 8 hex chars of a random UUIDv4, retried up to 100 times while
 * `taken(id)` is true, then a full 36-char UUID (pi spec 4).
 * @param taken tells whether an id is already used in the session
 */
export function generateEntryId(taken: (id: string) => boolean): string {
  for (let i = 0; i < 100; i++) {
    const id = randomUUID().slice(0, 8)
    if (!taken(id)) return id
  }
  return randomUUID()
}

/** A new session id: a UUIDv7 (48-bit ms timestamp, version 7, RFC 9562 variant), pi spec 4. */
export function createSessionId(now: number = Date.now()): string {
  const bytes = randomBytes(16)
  const ms = BigInt(now)
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn)
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** pi 1.6.0's error text for a rejected custom session id (pi spec 1.4). */
export const INVALID_SESSION_ID_MESSAGE =
  "Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', and start and end with an alphanumeric character"

/**
 * Validates a caller-chosen session id as pi 1.6.0 does: `[A-Za-z0-9._-]`, starting and ending
 * alphanumeric. Throws `Error(INVALID_SESSION_ID_MESSAGE)` otherwise (pi spec 1.4).
 */
export function assertValidSessionId(id: string): void {
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/.test(id)) {
    throw new Error(INVALID_SESSION_ID_MESSAGE)
  }
}

/** File name pi gives a session: `<ISO time with : and . as ->_<id>.jsonl` (pi spec 1.4). */
export function sessionFileName(timestampIso: string, sessionId: string): string {
  return `${timestampIso.replace(/[:.]/g, '-')}_${sessionId}.jsonl`
}
