/**
 * Runs once before the end-to-end projects: finds the Electron binary, or tries the
 * electron package's own installer once (bounded; scripts/electron-binary.mjs), and hands
 * the outcome to the workers through the environment, where electron.spec.ts runs or
 * skips with that reason.
 */
import { ensureElectronBinary } from '../../scripts/electron-binary.mjs'

export default async function globalSetup(): Promise<void> {
  const electron = await ensureElectronBinary({ timeoutMs: 3 * 60_000 })
  if (electron.path) process.env.PI_SESSIONS_ELECTRON_BINARY = electron.path
  else {
    process.env.PI_SESSIONS_ELECTRON_UNAVAILABLE = electron.reason
    console.log(`Electron end-to-end tests skipped: ${electron.reason}`)
  }
}
