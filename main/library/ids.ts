/**
 * Opaque ids for projects and sessions. The renderer only ever sees these (ARCHITECTURE.md
 * rule 5); main maps them back to paths it discovered itself, so a forged id can only miss.
 */
import { createHash } from 'node:crypto'

/** 16 hex characters derived from `kind` and `value` (stable across runs). */
export function opaqueId(kind: 'session' | 'project', value: string): string {
  return createHash('sha256').update(`${kind}\0${value}`).digest('hex').slice(0, 16)
}
