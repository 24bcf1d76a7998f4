/**
 * Session discovery and listing (pi spec 15), pi 1.6.0 semantics without its side effects:
 * no folder is created for a cwd that has none, and no file is touched.
 */
import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { buildSessionInfo, type SessionInfo } from './info.js'
import { loadSessionFile } from './load.js'
import {
  cwdMatches,
  getDefaultSessionDir,
  getSessionsDir,
  normalizePath,
  pathsEqual,
  resolvePath,
} from './paths.js'

/**
 * Progress callback (pi 1.6.0): called after each file with the number loaded so far, the
 * number of `*.jsonl` candidates, and at some points a sorted copy of the sessions so far.
 */
export type ListProgress = (loaded: number, total: number, partial?: SessionInfo[]) => void

const WORKERS = 10
const DISCOVERY_WORKERS = 64

/** Sorts by `modified` descending, stable (pi spec 15.2). */
export function sortSessionInfos(sessions: SessionInfo[]): SessionInfo[] {
  return sessions.sort((a, b) => b.modified.getTime() - a.modified.getTime())
}

async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted()
      const index = next++
      results[index] = await map(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Listing summary of one file, or null when it cannot be read or has no header. Unlike pi
 * (spec 6.2), sessions pi hides but that have a header (BOM, `content: null`) are included.
 */
export async function readSessionInfo(
  path: string,
  signal?: AbortSignal,
): Promise<SessionInfo | null> {
  try {
    const st = await stat(path)
    const loaded = await loadSessionFile(path, { signal })
    return buildSessionInfo(path, loaded, st.mtime).info
  } catch {
    signal?.throwIfAborted()
    return null
  }
}

async function listDir(
  dir: string,
  onProgress?: ListProgress,
  signal?: AbortSignal,
): Promise<SessionInfo[]> {
  signal?.throwIfAborted()
  if (!existsSync(dir)) return []
  try {
    const names = (await readdir(dir))
      .filter((f) => f.endsWith('.jsonl'))
      .sort((a, b) => b.localeCompare(a))
    const total = names.length
    const partial: SessionInfo[] = []
    let loaded = 0
    const results = await mapWithConcurrency(
      names,
      WORKERS,
      async (name) => {
        const info = await readSessionInfo(join(dir, name), signal)
        loaded++
        if (info) partial.push(info)
        const publish = loaded === 1 || loaded % 10 === 0 || loaded === total
        onProgress?.(loaded, total, publish ? sortSessionInfos([...partial]) : undefined)
        return info
      },
      signal,
    )
    return results.filter((x): x is SessionInfo => x !== null)
  } catch {
    signal?.throwIfAborted()
    return []
  }
}

/**
 * Sessions in `sessionDir` or the cwd's default folder, newest activity first (pi 1.6.0, spec
 * 15.2). A custom dir that is not the cwd's default folder is filtered to header cwd == cwd.
 * Unreadable files are skipped; rejects only with the abort reason.
 */
export async function list(
  cwd: string,
  sessionDir?: string,
  onProgress?: ListProgress,
  signal?: AbortSignal,
): Promise<SessionInfo[]> {
  const dir = sessionDir ? normalizePath(sessionDir) : getDefaultSessionDir(cwd)
  const filter = sessionDir !== undefined && !pathsEqual(dir, getDefaultSessionDir(cwd))
  const resolvedCwd = resolvePath(cwd)
  const include = (s: SessionInfo) => !filter || cwdMatches(s.cwd, resolvedCwd)
  const progress: ListProgress | undefined = onProgress
    ? (loaded, total, partial) => onProgress(loaded, total, partial?.filter(include))
    : undefined
  return sortSessionInfos((await listDir(dir, progress, signal)).filter(include))
}

/**
 * All sessions (pi 1.6.0 `listAll`, spec 15.3): every `*.jsonl` in every sub-folder (or
 * symlink) of `<agentDir>/sessions`, newest mtime loaded first, result newest activity first.
 * With a dir string as first argument: that flat folder, unfiltered. Errors -> [].
 */
export async function listAll(
  sessionDirOrOnProgress?: string | ListProgress,
  onProgressOrSignal?: ListProgress | AbortSignal,
  signal?: AbortSignal,
): Promise<SessionInfo[]> {
  const customDir =
    typeof sessionDirOrOnProgress === 'string' ? normalizePath(sessionDirOrOnProgress) : undefined
  const progress =
    typeof sessionDirOrOnProgress === 'function'
      ? sessionDirOrOnProgress
      : typeof onProgressOrSignal === 'function'
        ? onProgressOrSignal
        : undefined
  const abort =
    typeof sessionDirOrOnProgress === 'string' || typeof onProgressOrSignal === 'function'
      ? signal
      : ((onProgressOrSignal as AbortSignal | undefined) ?? signal)
  abort?.throwIfAborted()
  if (customDir !== undefined) return sortSessionInfos(await listDir(customDir, progress, abort))
  const root = getSessionsDir()
  try {
    if (!existsSync(root)) return []
    const dirs = (await readdir(root, { withFileTypes: true }))
      .filter((e) => e.isDirectory() || e.isSymbolicLink())
      .map((e) => join(root, e.name))
    const perDir = await mapWithConcurrency(
      dirs,
      DISCOVERY_WORKERS,
      async (dir) => {
        try {
          return (await readdir(dir)).filter((f) => f.endsWith('.jsonl')).map((f) => join(dir, f))
        } catch {
          return []
        }
      },
      abort,
    )
    const candidates = await mapWithConcurrency(
      perDir.flat(),
      DISCOVERY_WORKERS,
      async (path) => ({
        path,
        mtimeMs: await stat(path).then(
          (s) => s.mtimeMs,
          () => -Infinity,
        ),
      }),
      abort,
    )
    candidates.sort(
      (a, b) => b.mtimeMs - a.mtimeMs || basename(b.path).localeCompare(basename(a.path)),
    )
    return sortSessionInfos(
      await loadCandidates(
        candidates.map((c) => c.path),
        progress,
        abort,
      ),
    )
  } catch {
    abort?.throwIfAborted()
    return []
  }
}

async function loadCandidates(
  paths: string[],
  progress?: ListProgress,
  signal?: AbortSignal,
): Promise<SessionInfo[]> {
  const partial: SessionInfo[] = []
  let loaded = 0
  let firstLoaded = false
  const results = await mapWithConcurrency(
    paths,
    WORKERS,
    async (path, index) => {
      const info = await readSessionInfo(path, signal)
      loaded++
      if (index === 0) firstLoaded = true
      if (info) partial.push(info)
      const publish = firstLoaded && (index === 0 || loaded % 100 === 0 || loaded === paths.length)
      progress?.(loaded, paths.length, publish ? sortSessionInfos([...partial]) : undefined)
      return info
    },
    signal,
  )
  return results.filter((x): x is SessionInfo => x !== null)
}
