/**
 * Electron entry: composition root only. Resolves the session roots, builds the library
 * and the handler table, registers IPC and opens the hardened window.
 */
import { app, BrowserWindow } from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { version } from '../package.json'
import { createHandlers } from './api/handlers'
import { parseCli } from './cli'
import { registerIpc } from './electron/ipc'
import { isAppUrl } from './electron/options'
import { createMainWindow, type RendererSource } from './electron/window'
import { SessionLibrary } from './library/library'
import { resolveSessionRoots } from './library/roots'

const here = dirname(fileURLToPath(import.meta.url))
const source: RendererSource = {
  indexHtml: join(here, '..', 'renderer', 'index.html'),
  devUrl: process.env.ELECTRON_RENDERER_URL,
}
const preloadPath = join(here, '..', 'preload', 'index.cjs')

function start(): void {
  const cli = parseCli(process.argv.slice(app.isPackaged ? 1 : 2))
  const resolved = resolveSessionRoots({ cliDirs: cli.sessionsDirs })
  for (const warning of resolved.warnings) console.warn(`Pi Sessions: ${warning}`)
  const library = new SessionLibrary(resolved.roots)
  const handlers = createHandlers({ library, resolved, host: 'electron', version })
  const root = pathToFileURL(source.indexHtml).href
  const devOrigin = source.devUrl ? new URL(source.devUrl).origin : undefined
  registerIpc(handlers, (url) => isAppUrl(url, root, devOrigin))
  createMainWindow(preloadPath, source)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(preloadPath, source)
  })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
void app.whenReady().then(start)
