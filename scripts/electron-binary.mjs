// Finds a runnable Electron binary WITHOUT require('electron'), which would try to
// download one (ENVIRONMENT.md): $ELECTRON_EXEC_PATH, else node_modules/electron/path.txt.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * @returns {{ path: string | null, reason: string }} the binary, or null and why none.
 */
export function findElectronBinary(env = process.env) {
  const candidates = []
  if (env.ELECTRON_EXEC_PATH) candidates.push(env.ELECTRON_EXEC_PATH)
  const pathTxt = join(repo, 'node_modules', 'electron', 'path.txt')
  if (existsSync(pathTxt)) {
    candidates.push(
      join(repo, 'node_modules', 'electron', 'dist', readFileSync(pathTxt, 'utf8').trim()),
    )
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
