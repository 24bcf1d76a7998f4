/**
 * Test helpers for the pi fixture store (test/fixtures/pi-sessions, copied from
 * ../shared/fixtures by scripts/refresh-fixtures.mjs).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Absolute path of the committed fixture store (read-only by convention: copy before writing). */
export const FIXTURE_STORE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'pi-sessions',
)

/** One file of manifest.json: what wrote it, for which scenario, and its original mtime. */
export interface ManifestFile {
  file: string
  persisted: boolean
  scenario: string
  writer: string
  cwd?: string | null
  sessionId?: string
  notes: string
  mtimeMs?: number
}

/** Reads the fixture manifest (scenario, writer, mtime per file). */
export function readManifest(): { generatedRoot: string; files: ManifestFile[] } {
  return JSON.parse(readFileSync(join(FIXTURE_STORE, 'manifest.json'), 'utf8'))
}

/** Reads expected.json: what pi 0.73.1 and 1.6.0 reported for every file and for the store. */
export function readExpected(): {
  files: Record<string, Record<string, unknown> & { scenario: string }>
  store: Record<string, Record<string, unknown>>
} {
  return JSON.parse(readFileSync(join(FIXTURE_STORE, 'expected.json'), 'utf8'))
}

/** A temp copy of the fixture store, with manifest mtimes applied (git keeps none). */
export interface TempStore {
  /** The copy's root: `<root>/agent/sessions/...`, `<root>/custom-session-dir/...`. */
  root: string
  agentDir: string
  sessionsDir: string
  customDir: string
  /** Removes the copy. */
  cleanup(): void
}

/**
 * Copies the fixture store into a fresh temp folder and applies manifest.json's mtimeMs to
 * every persisted file, so mtime-dependent results compare with expected.json.
 */
export function copyFixtureStore(prefix = 'pi-sessions-test-'): TempStore {
  const root = mkdtempSync(join(tmpdir(), prefix))
  cpSync(FIXTURE_STORE, root, { recursive: true })
  applyManifestMtimes(root)
  return {
    root,
    agentDir: join(root, 'agent'),
    sessionsDir: join(root, 'agent', 'sessions'),
    customDir: join(root, 'custom-session-dir'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  }
}

/** Sets each manifest file's mtime (and atime) to its recorded mtimeMs. */
export function applyManifestMtimes(root: string): void {
  for (const file of readManifest().files) {
    const path = join(root, file.file)
    if (file.mtimeMs === undefined || !existsSync(path)) continue
    const at = new Date(file.mtimeMs)
    utimesSync(path, at, at)
  }
}
