/** A found Electron binary, or null and one line saying why none. */
export interface ElectronBinary {
  path: string | null
  reason: string
}
/** Finds a runnable Electron binary without requiring the electron package. */
export function findElectronBinary(env?: NodeJS.ProcessEnv): ElectronBinary
/** Finds the binary, running the electron package's installer (bounded in time) when there is none. */
export function ensureElectronBinary(options?: {
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
  log?: (line: string) => void
  installer?: string
}): Promise<ElectronBinary>
/** Default bound on the installer's run, in ms. */
export const DEFAULT_INSTALL_TIMEOUT_MS: number
/** How to retry, appended to every reason. */
export const RETRY_HINT: string
