// Finds a runnable Electron binary WITHOUT require('electron'), which would try to
// download one (ENVIRONMENT.md): $ELECTRON_EXEC_PATH, else node_modules/electron/path.txt.
// Where none exists, ensureElectronBinary runs the electron package's own installer
// (node_modules/electron/install.js, which honours ELECTRON_MIRROR, electron_config_cache
// and the rest of @electron/get's settings), bounded in time, and says why when it fails.
import { spawn } from 'node:child_process'
import { accessSync, constants, existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const packageDir = join(repo, 'node_modules', 'electron')
const packageInstaller = join(packageDir, 'install.js')

/** How long the installer may take before it is stopped (ms); ELECTRON_INSTALL_TIMEOUT_MS overrides. */
export const DEFAULT_INSTALL_TIMEOUT_MS = 5 * 60_000

/** What to do about a missing binary, appended to every reason. */
export const RETRY_HINT =
  'retry with `node node_modules/electron/install.js` (ELECTRON_MIRROR selects a mirror) or set ELECTRON_EXEC_PATH'

/**
 * @returns {{ path: string | null, reason: string }} the binary, or null and why none.
 */
export function findElectronBinary(env = process.env) {
  const candidates = []
  if (env.ELECTRON_EXEC_PATH) candidates.push(env.ELECTRON_EXEC_PATH)
  const pathTxt = join(packageDir, 'path.txt')
  if (existsSync(pathTxt)) {
    candidates.push(join(packageDir, 'dist', readFileSync(pathTxt, 'utf8').trim()))
  }
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK)
      return { path: candidate, reason: `Electron binary at ${candidate}` }
    } catch {
      // not runnable: try the next one
    }
  }
  return {
    path: null,
    reason:
      candidates.length === 0
        ? 'no Electron binary (ELECTRON_EXEC_PATH unset and the electron package has none installed)'
        : `no runnable Electron binary at ${candidates.join(' or ')}`,
  }
}

/**
 * Bytes @electron/get has written so far into its `electron-download-*` temp folders created
 * since `since` (ms): its own progress bar only draws on a terminal, and its output is piped.
 */
function downloadedBytes(since) {
  let bytes = 0
  try {
    for (const name of readdirSync(tmpdir())) {
      if (!name.startsWith('electron-download-')) continue
      const dir = join(tmpdir(), name)
      if (statSync(dir).ctimeMs < since) continue
      for (const file of readdirSync(dir, { recursive: true })) {
        const stat = statSync(join(dir, String(file)))
        if (stat.isFile()) bytes += stat.size
      }
    }
  } catch {
    // a folder that went away meanwhile: count what is left
  }
  return bytes
}

/** The installer's last meaningful stderr line (its error, not the stack frames). */
function errorLine(stderr) {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ') && !l.startsWith('['))
  return (
    lines.find((l) => /error|failed|refused|ENOTFOUND|ECONN|EAI_AGAIN|HTTP/i.test(l)) ??
    lines.at(-1) ??
    ''
  )
}

/**
 * Returns the Electron binary, running the electron package's installer first when there
 * is none. The installer's output goes to stderr as it comes, with a line every 15 s
 * while it runs.
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number, log?: (line: string) => void, installer?: string }} [options]
 *   `installer` replaces node_modules/electron/install.js (for tests)
 * @returns {Promise<{ path: string | null, reason: string }>} the binary, or null and one
 *   line saying why (`Electron download refused: ...`, `... timed out ...`) and how to retry
 */
export async function ensureElectronBinary(options = {}) {
  const env = options.env ?? process.env
  const log = options.log ?? ((line) => console.error(line))
  const found = findElectronBinary(env)
  if (found.path || env.ELECTRON_EXEC_PATH) return found
  const installer = options.installer ?? packageInstaller
  if (!existsSync(installer)) return { path: null, reason: `${found.reason}; ${RETRY_HINT}` }
  const timeoutMs =
    Number(env.ELECTRON_INSTALL_TIMEOUT_MS) || options.timeoutMs || DEFAULT_INSTALL_TIMEOUT_MS
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  log(
    `Pi Sessions: no Electron binary yet; downloading Electron ${version} with its installer (at most ${Math.round(timeoutMs / 1000)} s)…`,
  )
  const started = Date.now()
  const outcome = await new Promise((done) => {
    const child = spawn(process.execPath, [installer], {
      cwd: repo,
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      process.stderr.write(chunk)
    })
    const beat = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000)
      const mb = (downloadedBytes(started) / 1e6).toFixed(1)
      log(`Pi Sessions: still downloading Electron (${seconds} s, ${mb} MB so far)…`)
    }, 15_000)
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      finish({ timedOut: true, stderr })
    }, timeoutMs)
    const finish = (result) => {
      clearTimeout(timer)
      clearInterval(beat)
      done(result)
    }
    child.on('error', (error) => finish({ code: -1, stderr: String(error) }))
    child.on('exit', (code) => finish({ code, stderr }))
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const after = findElectronBinary(env)
  if (after.path) return after
  if (outcome.timedOut) {
    return { path: null, reason: `Electron download timed out after ${seconds} s; ${RETRY_HINT}` }
  }
  const why = errorLine(outcome.stderr) || `the installer exited with code ${outcome.code}`
  return {
    path: null,
    reason: `Electron download refused: ${why} (after ${seconds} s); ${RETRY_HINT}`,
  }
}
