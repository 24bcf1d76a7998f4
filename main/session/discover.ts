/**
 * Header-only discovery of sessions (pi 1.6.0 spec 6.3, 14.8, 15.4): find the most recent
 * session of a folder, or a session by id, without loading transcripts.
 */
import { closeSync, readdirSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import {
  cwdMatches,
  getDefaultSessionDir,
  normalizePath,
  pathsEqual,
  resolvePath,
} from './paths.js'
import { openRegularSync } from './open-file.js'

const HEADER_CHUNK = 4096
const HEADER_SCAN_LIMIT = 1024 * 1024

/**
 * pi 1.6.0's header scan (spec 6.3): the first non-blank line that parses; returns it when it
 * is a `type:"session"` object with a string id, null when it is anything else, and throws
 * when no line ends within 1 MiB. Throws fs errors.
 */
export function readSessionHeader(path: string): Record<string, unknown> | null {
  const fd = openRegularSync(path)
  try {
    const buf = Buffer.allocUnsafe(HEADER_CHUNK)
    let pending = Buffer.alloc(0)
    let scanned = 0
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null)
      const eof = n === 0
      pending = eof ? pending : Buffer.concat([pending, buf.subarray(0, n)])
      scanned += n
      let nl = pending.indexOf(0x0a)
      while (nl !== -1 || (eof && pending.length > 0)) {
        const end = nl === -1 ? pending.length : nl
        const verdict = headerCandidate(pending.toString('utf8', 0, end))
        if (verdict !== undefined) return verdict
        pending = pending.subarray(end + 1)
        nl = pending.indexOf(0x0a)
      }
      if (eof) return null
      if (scanned >= HEADER_SCAN_LIMIT)
        throw new Error(`Session header exceeds ${HEADER_SCAN_LIMIT}-byte scan limit: ${path}`)
    }
  } finally {
    closeSync(fd)
  }
}

function headerCandidate(line: string): Record<string, unknown> | null | undefined {
  if (!line.trim()) return undefined
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return undefined
  }
  if (!value) return undefined
  const v = value as Record<string, unknown>
  return v.type === 'session' && typeof v.id === 'string' ? v : null
}

function headerForDiscovery(path: string): Record<string, unknown> | null {
  try {
    return readSessionHeader(path)
  } catch {
    return null
  }
}

/**
 * The `*.jsonl` in `dir` with the newest mtime whose header scan passes (and, with `cwd`,
 * whose header cwd matches), pi spec 15.4. Errors -> null.
 */
export function findMostRecentSession(dir: string, cwd?: string): string | null {
  const resolvedDir = normalizePath(dir)
  const resolvedCwd = cwd ? resolvePath(cwd) : undefined
  try {
    const files = readdirSync(resolvedDir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(resolvedDir, f))
      .map((path) => ({ path, mtime: statSync(path).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)
    for (const { path } of files) {
      const header = headerForDiscovery(path)
      if (header && (!resolvedCwd || cwdMatches(header.cwd, resolvedCwd))) return path
    }
    return null
  } catch {
    return null
  }
}

/** pi 1.6.0 `findById` (spec 14.8): header scan of the cwd's dir for an exact session id. */
export function findById(cwd: string, id: string, sessionDir?: string): string | undefined {
  const dir = sessionDir ? normalizePath(sessionDir) : getDefaultSessionDir(cwd)
  const filter = sessionDir !== undefined && !pathsEqual(dir, getDefaultSessionDir(cwd))
  const resolvedCwd = resolvePath(cwd)
  try {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.jsonl')) continue
      const path = join(dir, name)
      const header = headerForDiscovery(path)
      if (header?.id !== id) continue
      if (filter && !cwdMatches(header.cwd, resolvedCwd)) continue
      return path
    }
  } catch {
    // Best effort, like pi.
  }
  return undefined
}
