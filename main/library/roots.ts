/**
 * Session roots: the folders the library reads, resolved as pi resolves them
 * (pi spec 1.1 and 1.3). Reading settings creates nothing and changes nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { homedir as osHomedir } from 'node:os'
import { join, resolve } from 'node:path'
import { getAgentDir, normalizePath } from '../session/paths'

/** Where a root came from: `--sessions-dir`, env, settings.json, pi's default, or the user. */
export type RootSource = 'cli' | 'env' | 'settings' | 'default' | 'user' | 'archive'

/** One folder to scan for sessions. */
export interface SessionRoot {
  /** Absolute path. */
  path: string
  source: RootSource
}

/** What root resolution found, plus warnings (e.g. an unreadable settings.json). */
export interface ResolvedRoots {
  agentDir: string
  roots: SessionRoot[]
  warnings: string[]
}

/** Inputs of root resolution; all optional so tests can pin every one of them. */
export interface RootOptions {
  env?: NodeJS.ProcessEnv
  homedir?: string
  /** `--sessions-dir` values, in order; when non-empty they replace pi's roots. */
  cliDirs?: string[]
}

/**
 * A folder the user or pi's settings name, as pi reads it (pi spec 1.1, 1.3: `~` and
 * `file://` forms, main/session/paths.ts), made absolute.
 */
function folderOf(path: string, home: string): string {
  return resolve(normalizePath(path, home))
}

/**
 * Resolves the session roots: `--sessions-dir` values if given; else
 * `PI_CODING_AGENT_SESSION_DIR`; else `sessionDir` from `<agentDir>/settings.json`; else
 * `<agentDir>/sessions` (pi spec 1.3 precedence). Never throws: a malformed settings file
 * becomes a warning and the next rule applies.
 */
export function resolveSessionRoots(options: RootOptions = {}): ResolvedRoots {
  const env = options.env ?? process.env
  const home = options.homedir ?? osHomedir()
  const agentDir = resolve(getAgentDir(env, home))
  const warnings: string[] = []
  const unique = (roots: SessionRoot[]): SessionRoot[] =>
    roots.filter((root, i) => roots.findIndex((r) => r.path === root.path) === i)

  if (options.cliDirs && options.cliDirs.length > 0) {
    const roots = options.cliDirs.map((dir) => ({
      path: folderOf(dir, home),
      source: 'cli' as const,
    }))
    return { agentDir, roots: unique(roots), warnings }
  }
  if (env.PI_CODING_AGENT_SESSION_DIR) {
    const path = folderOf(env.PI_CODING_AGENT_SESSION_DIR, home)
    return { agentDir, roots: [{ path, source: 'env' }], warnings }
  }
  const fromSettings = readSettingsSessionDir(join(agentDir, 'settings.json'), home, warnings)
  if (fromSettings)
    return { agentDir, roots: [{ path: fromSettings, source: 'settings' }], warnings }
  return { agentDir, roots: [{ path: join(agentDir, 'sessions'), source: 'default' }], warnings }
}

function readSettingsSessionDir(file: string, home: string, warnings: string[]): string | null {
  if (!existsSync(file)) return null
  try {
    const settings: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (settings && typeof settings === 'object' && 'sessionDir' in settings) {
      const dir = (settings as { sessionDir: unknown }).sessionDir
      if (typeof dir === 'string' && dir.trim() !== '') return folderOf(dir.trim(), home)
    }
  } catch (error) {
    warnings.push(`Could not read ${file}: ${(error as Error).message}`)
  }
  return null
}

/** True when `path` exists and is a folder (used to report missing roots). */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * pi's roots plus the folders the user added (settings `extraRoots`), without repeats, and
 * the app's archive folder (archive.ts) when given.
 */
export function allRoots(
  resolved: ResolvedRoots,
  extraRoots: readonly string[],
  archiveDir: string | null = null,
): SessionRoot[] {
  const roots = [...resolved.roots]
  for (const path of extraRoots) {
    if (!roots.some((r) => r.path === path)) roots.push({ path, source: 'user' })
  }
  if (archiveDir && !roots.some((r) => r.path === archiveDir))
    roots.push({ path: archiveDir, source: 'archive' })
  return roots
}
