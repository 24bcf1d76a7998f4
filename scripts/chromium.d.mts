/** The Chromium the end-to-end tests drive, or null and one line saying what to install. */
export type FoundChromium =
  | { executablePath: string; args: string[]; source: string }
  | { executablePath: null; reason: string }
/** Flags for Chromium on a closed network, as root. */
export const CHROMIUM_FLAGS: string[]
/** Finds a Chromium: CHROMIUM_PATH, system, Playwright's own, then @sparticuz/chromium. */
export function findChromium(env?: NodeJS.ProcessEnv): Promise<FoundChromium>
