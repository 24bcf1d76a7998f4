/**
 * main/session: pi's session format and a pi-compatible filesystem SessionManager.
 * Plain Node (no electron). Rules: ../shared/docs/pi-session-spec.md ("pi spec N" in JSDocs).
 */
export * from './types.js'
export * from './parse.js'
export * from './load.js'
export * from './migrate.js'
export * from './diagnose.js'
export * from './info.js'
export * from './fold.js'
export * from './tree.js'
export * from './context.js'
export * from './ids.js'
export * from './paths.js'
export * from './list.js'
export * from './discover.js'
export * from './fused.js'
export * from './branching.js'
export * from './write.js'
export * from './errors.js'
export { labelChange } from './state.js'
export { currentSystemMessage } from './system-message.js'
export { SessionManager, type OpenAsyncOptions } from './manager.js'
