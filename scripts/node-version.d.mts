/** The lowest Node version package.json's `engines.node` allows, as [major, minor]. */
export function leastNode(): [number, number]
/** One line saying why Node `version` cannot run the app, or null when it can. */
export function nodeTooOld(version?: string, least?: [number, number]): string | null
/** Exits with nodeTooOld's reason when this Node cannot run the app. */
export function requireNode(): void
