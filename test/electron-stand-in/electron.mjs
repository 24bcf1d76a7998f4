// A STAND-IN for the `electron` module, for running the built main process
// (out/main/index.js) under plain Node where no Electron binary exists. It implements only
// what our main code uses, and carries windows to the test process over Node's IPC channel:
// the test process opens each window's page in the test Chromium, runs the built preload
// there (host.ts), and sends back `ipcRenderer.invoke` calls with the page's real frame URL.
// It is not Electron: the real-binary project stays the authority where it can run.
import { EventEmitter } from 'node:events'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Sends one message to the test process (no-op when started without an IPC channel). */
function post(message) {
  process.send?.(message)
}

const windows = []
const handlers = new Map()
const externalUrls = []
let applicationMenu = null

class StandInSession {
  requestHandler = null
  checkHandler = null
  setPermissionRequestHandler(handler) {
    this.requestHandler = handler
  }
  setPermissionCheckHandler(handler) {
    this.checkHandler = handler
  }
}

class StandInWebContents extends EventEmitter {
  windowOpenHandler = null
  session = new StandInSession()
  constructor(id) {
    super()
    this.id = id
  }
  send(channel, ...args) {
    post({ type: 'send', id: this.id, channel, args })
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
  reload() {
    post({ type: 'reload', id: this.id })
  }
  isDestroyed() {
    return false
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return windows.filter((w) => !w.destroyed)
  }
  static getFocusedWindow() {
    return BrowserWindow.getAllWindows()[0] ?? null
  }
  destroyed = false
  maximized = false
  minimized = false
  constructor(options = {}) {
    super()
    this.id = windows.length + 1
    this.options = options
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    }
    this.webContents = new StandInWebContents(this.id)
    windows.push(this)
    post({ type: 'window', id: this.id, options: JSON.parse(JSON.stringify(options)) })
  }
  loadFile(path) {
    return this.loadURL(pathToFileURL(path).href)
  }
  loadURL(url) {
    post({ type: 'load', id: this.id, url })
    return Promise.resolve()
  }
  show() {
    post({ type: 'show', id: this.id })
  }
  focus() {
    post({ type: 'focus', id: this.id })
  }
  maximize() {
    this.maximized = true
  }
  restore() {
    this.minimized = false
  }
  isMaximized() {
    return this.maximized
  }
  isMinimized() {
    return this.minimized
  }
  isDestroyed() {
    return this.destroyed
  }
  getNormalBounds() {
    return { ...this.bounds }
  }
}

export const ipcMain = {
  handle(channel, handler) {
    // Electron throws on a second handler for one channel; so does the stand-in.
    if (handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    handlers.set(channel, handler)
  },
  removeHandler(channel) {
    handlers.delete(channel)
  },
}

class StandInApp extends EventEmitter {
  isPackaged = false
  requestSingleInstanceLock() {
    return true
  }
  whenReady() {
    return Promise.resolve()
  }
  getPath(name) {
    const dir = join(tmpdir(), `pi-sessions-stand-in-${process.pid}`, name)
    mkdirSync(dir, { recursive: true })
    return dir
  }
  quit() {
    process.exit(0)
  }
}
export const app = new StandInApp()

export const Menu = {
  buildFromTemplate: (template) => ({ items: template }),
  setApplicationMenu: (menu) => void (applicationMenu = menu),
  getApplicationMenu: () => applicationMenu,
}

export const shell = {
  openExternal: (url) => (externalUrls.push(url), Promise.resolve()),
  showItemInFolder: (path) => post({ type: 'shell', action: 'showItemInFolder', path }),
  openPath: (path) => (post({ type: 'shell', action: 'openPath', path }), Promise.resolve('')),
}

export const dialog = {
  showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
  showMessageBox: () => Promise.resolve({ response: 0, checkboxChecked: false }),
  showErrorBox: (title, content) => console.error(`${title}: ${content}`),
}

export const nativeTheme = Object.assign(new EventEmitter(), {
  themeSource: 'system',
  shouldUseDarkColors: false,
})

const display = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }
display.workArea = display.bounds
export const screen = { getAllDisplays: () => [display], getPrimaryDisplay: () => display }

export default { app, BrowserWindow, ipcMain, Menu, shell, dialog, nativeTheme, screen }

/** Finds a menu item by its labels from the top (`['File', 'Settings…']`). */
function menuItem(labels) {
  let items = applicationMenu?.items ?? []
  let found = null
  for (const label of labels) {
    found = items.find((item) => item.label === label) ?? null
    items = found?.submenu ?? []
  }
  return found
}

const windowById = (id) => windows.find((w) => w.id === id)

// What the test process may ask: each answers with plain data.
const requests = {
  async invoke({ id, channel, args, senderUrl }) {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    const window = windowById(id)
    return handler({ sender: window?.webContents, senderFrame: { url: senderUrl } }, ...args)
  },
  inspect: () => ({
    channels: [...handlers.keys()],
    windows: windows.map((w) => ({ id: w.id, options: JSON.parse(JSON.stringify(w.options)) })),
    menu: (applicationMenu?.items ?? []).map((item) => item.label ?? item.role),
    externalUrls: [...externalUrls],
  }),
  clickMenu({ labels }) {
    const item = menuItem(labels)
    if (typeof item?.click !== 'function') throw new Error(`no menu item ${labels.join(' > ')}`)
    item.click(item, BrowserWindow.getFocusedWindow(), {})
    return true
  },
  willNavigate({ id, url }) {
    let prevented = false
    windowById(id)?.webContents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      url,
    )
    return { prevented }
  },
  windowOpen({ id, url }) {
    const handler = windowById(id)?.webContents.windowOpenHandler
    return handler ? handler({ url, disposition: 'new-window' }) : { action: 'allow' }
  },
  permission({ id, permission }) {
    const session = windowById(id)?.webContents.session
    return new Promise((done) => {
      if (!session?.requestHandler) return done({ requested: true, checked: true })
      session.requestHandler(null, permission, (requested) =>
        done({ requested, checked: session.checkHandler?.(null, permission) ?? true }),
      )
    })
  },
  readyToShow({ id }) {
    windowById(id)?.emit('ready-to-show')
    return true
  },
  appEvent({ name }) {
    app.emit(name, {}, [])
    return true
  },
}

process.on('message', async (message) => {
  if (message?.type !== 'request') return
  try {
    const value = await requests[message.name](message.payload)
    post({ type: 'reply', callId: message.callId, ok: true, value })
  } catch (error) {
    post({
      type: 'reply',
      callId: message.callId,
      ok: false,
      error: String(error?.message ?? error),
    })
  }
})
// The test process ending ends the stand-in host with it.
process.on('disconnect', () => process.exit(0))
