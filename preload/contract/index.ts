/** The contract between main and renderer: channels, schemas, API interface, errors. */
export * from './channels'
export * from './errors'
export * from './schemas'
export type { PiSessionsApi } from './api'
