/**
 * Creates the app window with the hardened options and locks down what its contents may
 * do: no navigation away from the app, no new windows (http/https links go to the OS
 * browser), every permission request denied.
 */
import { BrowserWindow, shell, type WebContents } from 'electron'
import { pathToFileURL } from 'node:url'
import { isAppUrl, isSafeExternalUrl, secureWindowOptions } from './options'

/** Where the renderer comes from: the built index.html, or the dev server in development. */
export interface RendererSource {
  indexHtml: string
  devUrl?: string
}

/** Applies navigation, window-open and permission denial to one window's contents. */
export function hardenContents(contents: WebContents, source: RendererSource): void {
  const root = pathToFileURL(source.indexHtml).href
  const devOrigin = source.devUrl ? new URL(source.devUrl).origin : undefined
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, root, devOrigin)) event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  )
  contents.session.setPermissionCheckHandler(() => false)
}

/**
 * Opens the main window.
 * @param preloadPath absolute path of the built preload (CommonJS, for the sandbox)
 */
export function createMainWindow(preloadPath: string, source: RendererSource): BrowserWindow {
  const window = new BrowserWindow(secureWindowOptions(preloadPath))
  hardenContents(window.webContents, source)
  window.once('ready-to-show', () => window.show())
  if (source.devUrl) void window.loadURL(source.devUrl)
  else void window.loadFile(source.indexHtml)
  return window
}
