/**
 * Creates the app window with the hardened options, locks down what its contents may do
 * (no navigation away from the app, no new windows: http/https links go to the OS
 * browser, every permission request denied), and checks the result against the security
 * checklist.
 */
import { BrowserWindow, shell, type Rectangle, type WebContents } from 'electron'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Logger } from '../log'
import { checkWindowSecurity, cspOfHtml } from './checklist'
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
 * @param bounds remembered position and size, if still on screen
 */
export function createMainWindow(
  preloadPath: string,
  source: RendererSource,
  log: Logger,
  bounds?: Rectangle,
): BrowserWindow {
  const options = { ...secureWindowOptions(preloadPath), ...(bounds ?? {}) }
  const window = new BrowserWindow(options)
  hardenContents(window.webContents, source)
  const csp = cspOfHtml(readFileSync(source.indexHtml, 'utf8'))
  const findings = checkWindowSecurity({
    webPreferences: options.webPreferences,
    csp,
    navigationGuarded: true,
    windowOpenDenied: true,
    permissionsDenied: true,
  })
  for (const f of findings) log.error(`Security checklist: ${f.rule}: ${f.problem}`)
  window.webContents.on('render-process-gone', (_event, details) => {
    log.error(`Renderer process gone: ${details.reason} (exit code ${details.exitCode})`)
    if (details.reason !== 'clean-exit') void window.webContents.reload()
  })
  window.once('ready-to-show', () => window.show())
  if (source.devUrl) void window.loadURL(source.devUrl)
  else void window.loadFile(source.indexHtml)
  return window
}
