/**
 * Where pi keeps sessions (pi spec 1). Pure path computations: nothing here creates a folder
 * (pi's default-dir helper does `mkdir -p`; we never do on read).
 */
import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Environment variable naming the agent dir (pi spec 1.1; derived from pi's app name). */
export const AGENT_DIR_ENV = 'PI_CODING_AGENT_DIR'

/**
 * pi 1.6.0's path normalisation: `~`, `~/...` (and `~\...` on Windows) expand to the home
 * dir, `file://` URLs become paths. Other strings are returned unchanged (pi spec 1.1).
 * @param home the home folder (default: the user's)
 */
export function normalizePath(input: string, home: string = homedir()): string {
  if (input === '~') return home
  if (input.startsWith('~/') || (process.platform === 'win32' && input.startsWith('~\\'))) {
    return join(home, input.slice(2))
  }
  if (/^file:\/\//.test(input)) return fileURLToPath(input)
  return input
}

/** normalizePath, then resolved against `base` (default: the process cwd), pi spec 1.2. */
export function resolvePath(input: string, base: string = process.cwd()): string {
  const normalized = normalizePath(input)
  return isAbsolute(normalized) ? resolve(normalized) : resolve(normalizePath(base), normalized)
}

/** True when two paths name the same location (case-insensitive on Windows), pi spec 15.2. */
export function pathsEqual(a: string, b: string): boolean {
  const key = (p: string) => {
    const r = resolve(p)
    return process.platform === 'win32' ? r.toLowerCase() : r
  }
  return key(a) === key(b)
}

/**
 * The agent dir: `$PI_CODING_AGENT_DIR` if set and non-empty (normalised), else
 * `<home>/.pi/agent`. Read at every call (pi spec 1.1).
 */
export function getAgentDir(
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  const fromEnv = env[AGENT_DIR_ENV]
  return fromEnv ? normalizePath(fromEnv, home) : join(home, '.pi', 'agent')
}

/** `<agentDir>/sessions` (pi spec 1.1). */
export function getSessionsDir(agentDir: string = getAgentDir()): string {
  return join(agentDir, 'sessions')
}

/**
 * Folder name pi 1.6.0 uses for a cwd: resolve it, drop one leading `/` or `\`, replace every
 * `/`, `\` and `:` with `-`, wrap in `--`. Lossy and many-to-one: never decode it (pi spec 1.2).
 */
export function encodeSessionDirName(cwd: string): string {
  const resolved = resolvePath(cwd)
  return `--${resolved.replace(/^[/\\]/, '').replace(/[/\\:]/g, '-')}--`
}

/** `<agentDir>/sessions/<encoded cwd>`; does not create it (pi spec 1.2). */
export function getDefaultSessionDir(cwd: string, agentDir: string = getAgentDir()): string {
  return join(resolvePath(agentDir), 'sessions', encodeSessionDirName(cwd))
}

/** Whether a header cwd names `resolvedCwd` (blank never does), pi 1.6.0. */
export function cwdMatches(cwd: unknown, resolvedCwd: string): boolean {
  return typeof cwd === 'string' && cwd !== '' && pathsEqual(resolvePath(cwd), resolvedCwd)
}
