/**
 * main/session: pi's session format and a pi-compatible filesystem SessionManager.
 * Plain Node (no electron). See ../../../shared/docs/pi-session-spec.md for the rules.
 */
export * from './types.js'
export * from './parse.js'
export * from './load.js'
export * from './migrate.js'
export * from './diagnose.js'
export * from './info.js'
