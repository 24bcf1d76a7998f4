/**
 * Helpers of the export tests: every fixture session file, and one export run into a string.
 */
import { readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { FIXTURE_STORE } from '../../helpers/fixtures.js'
import { prepareFileExport, type ExportOptions } from '../../../main/export/export.js'

/** The hostile fixture store (test/fixtures/hostile). */
export const HOSTILE_STORE = resolve(FIXTURE_STORE, '..', 'hostile')

/** Every `.jsonl` file (not folder) of the pi fixture store and the hostile fixture. */
export function fixtureSessions(): string[] {
  const files: string[] = []
  for (const root of [FIXTURE_STORE, HOSTILE_STORE]) {
    for (const f of readdirSync(root, { recursive: true }) as string[]) {
      const path = join(root, f)
      if (path.endsWith('.jsonl') && statSync(path).isFile()) files.push(path)
    }
  }
  return files.sort()
}

/** Default options of the tests: redaction on with the fixtures' home, images inline. */
export function options(overrides: Partial<ExportOptions> = {}): ExportOptions {
  return {
    format: 'html',
    scope: { kind: 'session' },
    redact: true,
    home: '/home/ayla',
    images: 'inline',
    ...overrides,
  }
}

/** Exports `path` and returns the whole output and the redaction counts. */
export async function exportToString(
  path: string,
  overrides: Partial<ExportOptions> = {},
): Promise<{ text: string; counts: Record<string, number> }> {
  const prepared = await prepareFileExport(path, basename(path), options(overrides))
  let text = ''
  for (const chunk of prepared.chunks) text += chunk
  return { text, counts: prepared.counts }
}
