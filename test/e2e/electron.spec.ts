/**
 * The desktop app in the real Electron binary, with the same page objects and journeys as
 * the stand-in project: the library, a session with its tree, a label read back, delete and
 * restore, menu commands, a second launch, and node:sqlite in Electron's main process (the
 * library index depends on it). The binary is the one global-setup.ts found or installed;
 * without one every test skips with the installer's reason ("Electron download refused: ...").
 */
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test'
import {
  deletesAndRestoresASession,
  labelsAnEntryAndReadsItBack,
  listsTheFixtureProjects,
  opensASessionWithItsTree,
  showsWhatPiAppends,
} from './desktop-journeys'
import { expect, test as base } from './harness'
import { LibraryPage } from './pages/library-page'
import { SettingsDialog } from './pages/settings-dialog'

const binary = process.env.PI_SESSIONS_ELECTRON_BINARY
const unavailable = process.env.PI_SESSIONS_ELECTRON_UNAVAILABLE ?? 'no Electron binary'

/** The app's launch arguments over the test's own fixture copy and data folder. */
function appArgs(sessionsDirs: string[], dataDir: string): string[] {
  return [
    resolve('.'),
    ...sessionsDirs.flatMap((d) => ['--sessions-dir', d]),
    '--data-dir',
    dataDir,
  ]
}

const test = base.extend<{ app: ElectronApplication; window: Page; dataDir: string }>({
  dataDir: async ({ dataHome }, use) => use(join(dataHome, 'pi-sessions')),
  app: async ({ store, dataHome, dataDir }, use) => {
    const app = await electron.launch({
      executablePath: binary,
      args: appArgs([store.sessionsDir, store.customDir], dataDir),
      env: { ...process.env, XDG_DATA_HOME: dataHome, HOME: dataHome },
    })
    await use(app)
    await app.close()
  },
  window: async ({ app }, use) => use(await app.firstWindow()),
  library: async ({ window }, use) => {
    const library = new LibraryPage(window)
    await library.waitReady()
    await use(library)
  },
})

test.skip(!binary, `Electron end-to-end tests skipped: ${unavailable}`)

test('node:sqlite loads in Electron main; the window is sandboxed with only the bridged API', async ({
  app,
  window,
  library,
}) => {
  const versions = await app.evaluate(() => {
    // getBuiltinModule: the evaluated function runs outside any module, without import().
    const sqlite = process.getBuiltinModule('node:sqlite')
    const db = new sqlite.DatabaseSync(':memory:')
    const row = db.prepare('select sqlite_version() as v').get() as { v: string }
    db.close()
    return { ...process.versions, sqlite: row.v }
  })
  console.log(`Electron main process.versions: ${JSON.stringify(versions)}`)
  expect(versions.electron).toBe('45.5.0')
  expect(versions.sqlite).toMatch(/^3\./)
  await listsTheFixtureProjects(library)
  const globals = await window.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    api: typeof (globalThis as { api?: unknown }).api,
  }))
  expect(globals).toEqual({ require: 'undefined', process: 'undefined', api: 'object' })
})

test('journey: a session opens with its tree', async ({ window, library, store }) => {
  await opensASessionWithItsTree(window, library, store)
})

test('journey: a label is set and read back', async ({ window, library, store }) => {
  await labelsAnEntryAndReadsItBack(window, library, store)
})

test('journey: a session is deleted and restored', async ({ window, library, store, dataHome }) => {
  await deletesAndRestoresASession(window, library, store, dataHome)
})

test('journey: what pi appends shows without a reload', async ({ library, store }) => {
  await showsWhatPiAppends(library, store)
})

test('menu commands reach the renderer', async ({ app, window, library }) => {
  await listsTheFixtureProjects(library)
  const labels = await app.evaluate(
    ({ Menu }) => Menu.getApplicationMenu()?.items.map((i) => i.label) ?? [],
  )
  expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View']))
  await app.evaluate(({ Menu, BrowserWindow }) => {
    const item = Menu.getApplicationMenu()
      ?.items.find((i) => i.label === 'File')
      ?.submenu?.items.find((i) => i.label === 'Settings…')
    item?.click(undefined, BrowserWindow.getAllWindows()[0], undefined as never)
  })
  const settings = new SettingsDialog(window)
  await expect(settings.dialog()).toBeVisible()
  await settings.chooseTheme('Dark')
})

test('a second launch focuses the first window and exits', async ({
  app,
  library,
  store,
  dataHome,
  dataDir,
}) => {
  await listsTheFixtureProjects(library)
  // Resolves when main focuses the first window (a 'focus' event need not fire when the
  // window already has focus, so the call itself is observed).
  const focused = app.evaluate(
    ({ BrowserWindow }) =>
      new Promise<number>((done) => {
        const window = BrowserWindow.getAllWindows()[0]
        if (!window) return done(0)
        const focus = window.focus.bind(window)
        window.focus = () => (focus(), done(1))
      }),
  )
  const second = spawn(binary as string, appArgs([store.sessionsDir], dataDir), {
    env: { ...process.env, XDG_DATA_HOME: dataHome, HOME: dataHome },
    stdio: 'ignore',
  })
  const exitCode = await new Promise<number | null>((done) => second.once('exit', done))
  expect(exitCode).toBe(0)
  expect(await focused).toBe(1)
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
})
