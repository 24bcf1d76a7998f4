// Runs `electron-vite build` (the app's only build step) and exits on failure.
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Builds main, preload and renderer into out/; exits the process if the build fails. */
export function build() {
  const bin = join(repo, 'node_modules', '.bin', 'electron-vite')
  const result = spawnSync(bin, ['build', '--logLevel', 'warn'], { cwd: repo, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('Pi Sessions: the build failed (see above)')
    process.exit(result.status ?? 1)
  }
}
