/**
 * Electron entry: composition root only. Builds the services, registers IPC, forwards
 * events and opens the hardened window.
 */
import { app, BrowserWindow } from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { version } from '../package.json'
import { createEventSource } from './api/events'
import { parseCli } from './cli'
import { EVENT_CHANNEL, registerIpc } from './electron/ipc'
import { isAppUrl } from './electron/options'
import { createMainWindow, type RendererSource } from './electron/window'
import { createServices } from './services'

const here = dirname(fileURLToPath(import.meta.url))
const source: RendererSource = {
  indexHtml: join(here, '..', 'renderer', 'index.html'),
  devUrl: process.env.ELECTRON_RENDERER_URL,
}
const preloadPath = join(here, '..', 'preload', 'index.cjs')

async function start(): Promise<void> {
  const cli = parseCli(process.argv.slice(app.isPackaged ? 1 : 2))
  const services = await createServices({
    cliDirs: cli.sessionsDirs,
    dataDir: cli.dataDir ?? app.getPath('userData'),
    host: 'electron',
    version,
    worker: { path: join(here, 'read-worker.js') },
  })
  for (const warning of services.warnings) console.warn(`Pi Sessions: ${warning}`)
  const root = pathToFileURL(source.indexHtml).href
  const devOrigin = source.devUrl ? new URL(source.devUrl).origin : undefined
  registerIpc(services.handlers, (url) => isAppUrl(url, root, devOrigin))
  createEventSource(services.library).subscribe((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      window.webContents.send(EVENT_CHANNEL, { event, payload })
    }
  })
  createMainWindow(preloadPath, source)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(preloadPath, source)
  })
  app.on('before-quit', () => void services.library.close())
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
void app.whenReady().then(start)
