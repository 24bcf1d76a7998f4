/**
 * Temp folders for tests, removed when the test ends whether it passed or failed (the
 * test context's `after` hook runs like a `finally`).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestContext } from 'node:test'

/** A fresh folder under the OS temp dir, removed after the test `ctx`. */
export function tempDir(ctx: TestContext, prefix = 'pi-sessions-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  ctx.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
