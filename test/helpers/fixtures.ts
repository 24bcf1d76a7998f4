/**
 * Test helpers for the pi fixture store (test/fixtures/pi-sessions, copied from
 * ../shared/fixtures by scripts/refresh-fixtures.mjs).
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
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

/**
 * The manifest entry of the fixture file of `scenario` written by `writer` (the manifest's
 * first file of that scenario when `writer` is omitted).
 * @throws Error naming the scenario and writer when the manifest has no such file
 */
export function fixtureFile(scenario: string, writer?: string): ManifestFile {
  const file = readManifest().files.find(
    (f) => f.scenario === scenario && (writer === undefined || f.writer === writer),
  )
  if (!file) throw new Error(`No fixture file for ${scenario}${writer ? ` by ${writer}` : ''}`)
  return file
}

/**
 * The fixture file of `scenario` by `writer` (see {@link fixtureFile}): its path inside the
 * store (`rel`) and its file name (`name`), how the library names it.
 */
export function fixtureRef(scenario: string, writer?: string): { rel: string; name: string } {
  const file = fixtureFile(scenario, writer).file
  return { rel: file, name: basename(file) }
}

/** The file name of the fixture file of `scenario` by `writer`, how the library names it. */
export function fixtureFileName(scenario: string, writer?: string): string {
  return fixtureRef(scenario, writer).name
}

/** A temp copy of one fixture file (same base name, own folder), with its cleanup. */
export interface FixtureCopy {
  path: string
  dir: string
  /** Removes the folder. */
  cleanup(): void
}

/** Copies the fixture file of `scenario` (by `writer`, see {@link fixtureFile}) into a temp folder. */
export function copyFixtureFile(
  scenario: string,
  writer?: string,
  prefix = 'pi-fixture-',
): FixtureCopy {
  const file = fixtureFile(scenario, writer)
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const path = join(dir, basename(file.file))
  copyFileSync(join(FIXTURE_STORE, file.file), path)
  return { path, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
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

/** The `.jsonl` files under `roots` whose raw lines hold `needle`, by file name, sorted. */
export function filesHolding(roots: readonly string[], needle: string): string[] {
  return roots
    .flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' }).map((path) => join(root, path)),
    )
    .filter((path) => path.endsWith('.jsonl') && statSync(path).isFile())
    .filter((path) => readFileSync(path, 'utf8').includes(needle))
    .map((path) => basename(path))
    .sort()
}
