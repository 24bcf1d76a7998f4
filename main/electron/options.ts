/**
 * The hardened settings of every window (ARCHITECTURE.md security baseline), as plain
 * data so a unit test can check them without starting Electron.
 */
import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * Window options: sandboxed, context-isolated, no Node in the renderer, web security on,
 * no webview tag; the preload is the only bridge.
 * @param preloadPath absolute path of the built preload script
 */
export function secureWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Pi Sessions',
    backgroundColor: '#16181d',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would open links through a second path; every link goes through the
      // window-open handler's scheme check instead (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  }
}

/** True for URLs the app may hand to the OS browser: http and https only. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * True when `url` belongs to the app's own renderer: the built files under
 * `rendererRoot` (a file:// URL prefix) or the dev server's origin.
 */
export function isAppUrl(url: string, rendererRoot: string, devOrigin?: string): boolean {
  if (devOrigin) {
    try {
      if (new URL(url).origin === devOrigin) return true
    } catch {
      return false
    }
  }
  return url.startsWith(rendererRoot)
}
