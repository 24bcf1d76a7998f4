/**
 * `npm start` and the Electron end-to-end project get their binary through
 * ensureElectronBinary: the electron package's own installer, bounded in time, and one line
 * saying why when it fails. Checked here with stand-in installers (the real one downloads).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureElectronBinary, findElectronBinary } from '../../../scripts/electron-binary.mjs'

const env = { ...process.env, ELECTRON_EXEC_PATH: '' }
const installed = findElectronBinary(env).path !== null

function withInstaller(source: string, run: (path: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pi-sessions-installer-'))
  const path = join(dir, 'install.js')
  writeFileSync(path, source)
  return run(path).finally(() => rmSync(dir, { recursive: true, force: true }))
}

test(
  'a refused download gives one line with the installer error and how to retry',
  { skip: installed && 'an Electron binary is installed' },
  () =>
    withInstaller(
      "console.error('TypeError: fetch failed\\n    at node:internal/deps/undici'); process.exit(1)",
      async (installer) => {
        const lines: string[] = []
        const started = Date.now()
        const result = await ensureElectronBinary({ env, installer, log: (l) => lines.push(l) })
        assert.equal(result.path, null)
        assert.match(result.reason, /^Electron download refused: TypeError: fetch failed \(after /)
        assert.match(result.reason, /node node_modules\/electron\/install\.js/)
        assert.doesNotMatch(result.reason, /\n/)
        assert.match(lines[0] as string, /downloading Electron \d+\.\d+\.\d+ with its installer/)
        assert.ok(Date.now() - started < 10_000)
      },
    ),
)

test(
  'an installer that hangs is stopped at the time limit',
  { skip: installed && 'an Electron binary is installed' },
  () =>
    withInstaller('setInterval(() => {}, 1000)', async (installer) => {
      const started = Date.now()
      const result = await ensureElectronBinary({ env, installer, timeoutMs: 500, log: () => {} })
      assert.equal(result.path, null)
      assert.match(result.reason, /^Electron download timed out after 0\.\d s; retry with/)
      assert.ok(Date.now() - started < 5_000)
    }),
)

test('ELECTRON_EXEC_PATH that is not runnable is reported without running the installer', async () => {
  const result = await ensureElectronBinary({
    env: { ...process.env, ELECTRON_EXEC_PATH: '/nonexistent/electron' },
    installer: '/nonexistent/install.js',
    log: () => assert.fail('no installer run'),
  })
  assert.equal(result.path, null)
  assert.match(result.reason, /no runnable Electron binary at \/nonexistent\/electron/)
})
