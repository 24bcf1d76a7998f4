/**
 * Electron smoke tests with the same page objects as the Chromium specs: window creation
 * (hardened), the menu, settings. They run only where an Electron binary exists
 * (ELECTRON_EXEC_PATH or an installed electron package); elsewhere they are skipped with
 * the reason printed.
 */
import { _electron as electron, test, expect, type ElectronApplication } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { findElectronBinary } from '../../scripts/electron-binary.mjs'
import { copyFixtureStore, type TempStore } from '../helpers/fixtures'
import { LibraryPage } from './pages/library-page'

const binary = findElectronBinary()
if (!binary.path) console.log(`Electron smoke tests skipped: ${binary.reason}`)

test.describe('Electron app', () => {
  test.skip(!binary.path, `Electron smoke tests skipped: ${binary.reason}`)
  let store: TempStore
  let dataDir: string
  let app: ElectronApplication

  test.beforeEach(async () => {
    store = copyFixtureStore('pi-sessions-electron-')
    dataDir = mkdtempSync(join(tmpdir(), 'pi-sessions-electron-data-'))
    app = await electron.launch({
      executablePath: binary.path ?? undefined,
      args: [
        resolve('.'),
        '--sessions-dir',
        store.sessionsDir,
        '--sessions-dir',
        store.customDir,
        '--data-dir',
        dataDir,
      ],
    })
  })
  test.afterEach(async () => {
    await app.close()
    store.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('opens a hardened window that lists the fixture projects', async () => {
    const page = await app.firstWindow()
    const library = new LibraryPage(page)
    await library.waitReady()
    await expect(library.project('/home/ayla/src/orbit-notes')).toHaveCount(1)
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
      'undefined',
    )
    expect(await page.evaluate(() => typeof (globalThis as { api?: unknown }).api)).toBe('object')
    // Sandboxed and context-isolated: no Node globals in the page, only the bridged API.
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
      'undefined',
    )
  })

  test('has the app menu, and its Settings item opens the settings', async () => {
    const page = await app.firstWindow()
    await new LibraryPage(page).waitReady()
    const labels = await app.evaluate(
      ({ Menu }) => Menu.getApplicationMenu()?.items.map((i) => i.label) ?? [],
    )
    expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View']))
    await app.evaluate(({ Menu, BrowserWindow }) => {
      const item =
        Menu.getApplicationMenu()?.getMenuItemById?.('settings') ??
        Menu.getApplicationMenu()
          ?.items.find((i) => i.label === 'File')
          ?.submenu?.items.find((i) => i.label === 'Settings…')
      item?.click(undefined, BrowserWindow.getAllWindows()[0], undefined as never)
    })
    await expect(page.getByTestId('settings-dialog')).toBeVisible()
    await page.getByTestId('settings-dialog').getByLabel('Dark').check()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})
