/**
 * The test-process side of the Electron stand-in: starts the built main process
 * (out/main/index.js) under Node with `electron` resolved to ./electron.mjs, and plays its
 * window in a Playwright page: `loadFile` opens the built renderer there (file://, as in
 * Electron), the built out/preload/index.cjs runs in the page before the app's scripts, and
 * its `ipcRenderer.invoke` reaches the handlers main registered through `ipcMain.handle`
 * with the calling frame's real URL as the sender. `webContents.send` reaches the
 * preload's `ipcRenderer.on` listeners.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { stopProcess } from '../helpers/stop-process'

const MAIN = resolve('out', 'main', 'index.js')
const PRELOAD = resolve('out', 'preload', 'index.cjs')
const REGISTER = resolve('test', 'electron-stand-in', 'register.mjs')
const INVOKE_BINDING = '__electronStandInInvoke'
const DELIVER = '__electronStandInDeliver'

/** What the stand-in main process reports about itself. */
export interface Inspection {
  /** Channels registered through `ipcMain.handle`. */
  channels: string[]
  /** Every BrowserWindow created, with its constructor options (functions dropped). */
  windows: { id: number; options: { webPreferences?: Record<string, unknown> } }[]
  /** Top-level labels (or roles) of the application menu. */
  menu: string[]
  /** URLs handed to `shell.openExternal`. */
  externalUrls: string[]
}

/** A running stand-in host and the page that plays its window. */
export interface StandInHost {
  page: Page
  /** Asks the main process (see `requests` in electron.mjs). */
  request<T>(name: string, payload?: object): Promise<T>
  inspect(): Promise<Inspection>
  /** How many times main focused the window (second launch). */
  focusCount(): number
  output(): string
  stop(): Promise<void>
}

/**
 * The preload as a sandboxed Electron page would run it: CommonJS with a `require` that
 * offers only `electron` (contextBridge, ipcRenderer), main frame only.
 */
function preloadScript(): string {
  const source = readFileSync(PRELOAD, 'utf8')
  return `(() => {
  if (window.top !== window) return
  const listeners = new Map()
  const ipcRenderer = {
    invoke: (channel, ...args) => window.${INVOKE_BINDING}(channel, args),
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel).add(listener)
      return ipcRenderer
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener)
      return ipcRenderer
    },
  }
  const contextBridge = {
    exposeInMainWorld: (key, api) =>
      Object.defineProperty(window, key, { value: Object.freeze(api), enumerable: true }),
  }
  Object.defineProperty(window, '${DELIVER}', {
    value: (channel, args) => {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer }, ...args)
    },
  })
  const require = (name) => {
    if (name === 'electron') return { contextBridge, ipcRenderer }
    throw new Error('a sandboxed preload cannot require ' + name)
  }
  const module = { exports: {} }
  ;(function (require, module, exports) {
${source}
  })(require, module, module.exports)
})()`
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
}

/**
 * Starts the stand-in host with `args` (as Electron would pass them after the app path).
 * @throws Error with the host's output if it exits before its window has loaded, or after 20 s
 */
export async function launchStandIn(
  page: Page,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<StandInHost> {
  const child: ChildProcess = fork(MAIN, args, {
    execArgv: ['--import', REGISTER],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const pending = new Map<number, Pending>()
  let nextCall = 1
  let focuses = 0
  let delivered: Promise<unknown> = Promise.resolve()
  const request = <T>(name: string, payload: object = {}): Promise<T> =>
    new Promise((resolvePromise, reject) => {
      const callId = nextCall++
      if (!child.connected) return reject(new Error(`stand-in host is gone:\n${output}`))
      pending.set(callId, { resolve: resolvePromise as (v: unknown) => void, reject })
      // A host that has just exited fails the write (EPIPE): said with what it printed.
      child.send({ type: 'request', name, payload, callId }, (error) => {
        if (!error) return
        pending.delete(callId)
        reject(new Error(`stand-in host is gone (${error.message}):\n${output}`))
      })
    })

  await page.exposeBinding(INVOKE_BINDING, (source, channel: string, callArgs: unknown[]) =>
    request('invoke', { id: 1, channel, args: callArgs, senderUrl: source.frame.url() }),
  )
  await page.addInitScript({ content: preloadScript() })

  const loaded = new Promise<void>((resolveLoad, rejectLoad) => {
    const timer = setTimeout(
      () => rejectLoad(new Error(`no window within 20 s:\n${output}`)),
      20_000,
    )
    // The signal too: a host ended by one (code null) has said nothing else.
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      const how = signal ?? code
      for (const p of pending.values())
        p.reject(new Error(`stand-in host exited (${how}):\n${output}`))
      rejectLoad(new Error(`stand-in host exited with ${how}:\n${output}`))
    })
    child.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'reply') {
        const call = pending.get(message.callId as number)
        pending.delete(message.callId as number)
        if (message.ok) call?.resolve(message.value)
        else call?.reject(new Error(String(message.error)))
      } else if (message.type === 'load') {
        void page
          .goto(String(message.url))
          .then(() => request('readyToShow', { id: message.id }))
          .then(() => (clearTimeout(timer), resolveLoad()), rejectLoad)
      } else if (message.type === 'send') {
        const { channel, args: sent } = message
        // In order, like Electron's IPC; a page between documents has no listener to reach.
        delivered = delivered
          .then(() =>
            page.evaluate(
              ([c, a]) =>
                (window as unknown as Record<string, (c: unknown, a: unknown) => void>)[
                  '__electronStandInDeliver'
                ]?.(c, a),
              [channel, sent] as const,
            ),
          )
          .catch(() => undefined)
      } else if (message.type === 'focus') {
        focuses += 1
        void page.bringToFront()
      }
    })
  })
  await loaded
  return {
    page,
    request,
    inspect: () => request<Inspection>('inspect'),
    focusCount: () => focuses,
    output: () => output,
    stop: () => stopProcess(child),
  }
}
