/**
 * Fixtures for the Electron stand-in project: the built main process under Node with the
 * stand-in `electron` module, its window played by the test page (test/electron-stand-in),
 * over a temp copy of the fixture store and a temp XDG_DATA_HOME (so a temp trash).
 */
import { join } from 'node:path'
import { launchStandIn, type StandInHost } from '../electron-stand-in/host'
import { test as base } from './harness'
import { LibraryPage } from './pages/library-page'

export const test = base.extend<{ standIn: StandInHost }>({
  standIn: async ({ page, store, dataHome }, use) => {
    const host = await launchStandIn(
      page,
      [
        ...['--sessions-dir', store.sessionsDir, '--sessions-dir', store.customDir],
        ...['--data-dir', join(dataHome, 'pi-sessions')],
      ],
      { XDG_DATA_HOME: dataHome, HOME: dataHome },
    )
    await use(host)
    await host.stop()
  },
  // The library in the stand-in's window instead of a server-mode tab.
  library: async ({ standIn }, use) => {
    const library = new LibraryPage(standIn.page)
    await library.waitReady()
    await use(library)
  },
})

export { expect } from '@playwright/test'
