/**
 * Electron entry: composition root only. One instance (a second launch focuses the
 * first), services, IPC, events, menu, and the hardened window with its remembered bounds.
 */
import { app, BrowserWindow, dialog, shell } from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { version } from '../package.json'
import { parseCli } from './cli'
import { EVENT_CHANNEL } from '../preload/contract/channels'
import { exportDialogs } from './electron/dialogs'
import { registerIpc } from './electron/ipc'
import { installMenu } from './electron/menu'
import { isAppUrl } from './electron/options'
import { createMainWindow, type RendererSource } from './electron/window'
import { savedBounds, trackBounds } from './electron/window-state'
import { createServices, type Services } from './services'
import { launchDetached } from './terminal/launch'
import { workerScripts } from './worker-scripts'

const here = dirname(fileURLToPath(import.meta.url))
const source: RendererSource = {
  indexHtml: join(here, '..', 'renderer', 'index.html'),
  devUrl: process.env.ELECTRON_RENDERER_URL,
}
const preloadPath = join(here, '..', 'preload', 'index.cjs')
// Packaged: resources/demo sits beside the asar; in development, in the repository.
const demoDir = app.isPackaged
  ? join(process.resourcesPath, 'demo')
  : join(here, '..', '..', 'resources', 'demo')

function openWindow(services: Services): BrowserWindow {
  const bounds = savedBounds(services.settings)
  const window = createMainWindow(preloadPath, source, services.log, bounds ?? undefined)
  if (bounds?.maximized) window.maximize()
  trackBounds(window, services.settings)
  return window
}

async function start(): Promise<void> {
  const cli = parseCli(process.argv.slice(app.isPackaged ? 1 : 2))
  const services = await createServices({
    cliDirs: cli.sessionsDirs,
    dataDir: cli.dataDir ?? app.getPath('userData'),
    host: 'electron',
    version,
    ...workerScripts(here),
    skeletons: !cli.noSkeletons,
    demoDir,
    desktop: {
      showItemInFolder: (p) => shell.showItemInFolder(p),
      openPath: (p) => shell.openPath(p),
      openTerminal: launchDetached,
      ...exportDialogs,
    },
  })
  const root = pathToFileURL(source.indexHtml).href
  const devOrigin = source.devUrl ? new URL(source.devUrl).origin : undefined
  registerIpc(services.handlers, (url) => isAppUrl(url, root, devOrigin), services.log)
  services.events.subscribe((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      window.webContents.send(EVENT_CHANNEL, { event, payload })
    }
  })
  installMenu((command) => services.events.emit('app:command', { command }))
  openWindow(services)
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (!window) return void openWindow(services)
    if (window.isMinimized()) window.restore()
    window.focus()
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow(services)
  })
  app.on('before-quit', () => {
    services.trees.close()
    void services.view.close()
    void services.library.close()
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // Nothing could start (a data folder that cannot be written): said, not a silent exit.
      dialog.showErrorBox('Pi Sessions cannot start', (error as Error).message)
      app.quit()
    })
}
