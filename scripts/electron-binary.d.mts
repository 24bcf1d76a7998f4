/** Finds a runnable Electron binary without requiring the electron package. */
export function findElectronBinary(env?: NodeJS.ProcessEnv): { path: string | null; reason: string }
