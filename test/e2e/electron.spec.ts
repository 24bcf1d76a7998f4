/**
 * Electron smoke test with the same page objects as the Chromium specs. Runs only where
 * an Electron binary exists (ELECTRON_EXEC_PATH or an installed electron package);
 * elsewhere it is skipped with the reason printed.
 */
import { _electron as electron, test, expect } from '@playwright/test'
import { resolve } from 'node:path'
import { findElectronBinary } from '../../scripts/electron-binary.mjs'
import { copyFixtureStore } from '../helpers/fixtures'
import { LibraryPage } from './pages/library-page'

const binary = findElectronBinary()
if (!binary.path) console.log(`Electron smoke tests skipped: ${binary.reason}`)

test.describe('Electron app', () => {
  test.skip(!binary.path, `Electron smoke tests skipped: ${binary.reason}`)

  test('opens a hardened window that lists the fixture projects', async () => {
    const store = copyFixtureStore('pi-sessions-electron-')
    const app = await electron.launch({
      executablePath: binary.path ?? undefined,
      args: [resolve('.'), '--sessions-dir', store.sessionsDir, '--sessions-dir', store.customDir],
    })
    try {
      const page = await app.firstWindow()
      const library = new LibraryPage(page)
      await library.waitReady()
      await expect(library.project('/home/ayla/src/orbit-notes')).toHaveCount(1)
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
        'undefined',
      )
      expect(await page.evaluate(() => typeof (globalThis as { api?: unknown }).api)).toBe('object')
    } finally {
      await app.close()
      store.cleanup()
    }
  })
})
