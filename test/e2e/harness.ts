/**
 * Playwright fixtures: each test gets its own temp copy of the fixture store, its own
 * XDG_DATA_HOME, and a server-mode process over them (ARCHITECTURE.md testing tier 2).
 */
import { test as base, type APIRequestContext, type APIResponse } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { copyFixtureStore, type TempStore } from '../helpers/fixtures'
import { stopProcess } from '../helpers/stop-process'
import { LibraryPage } from './pages/library-page'

const SERVE = resolve('out', 'main', 'serve.js')
const URL_LINE = /^Pi Sessions: (http:\/\/127\.0\.0\.1:(\d+)\/)#token=(\S+)$/m

/** A running server-mode process. */
export interface ServerHandle {
  /** Base URL, ending in `/`. */
  origin: string
  port: number
  token: string
  /** The full URL the app prints, with `#token=`. */
  appUrl: string
  output(): string
  stop(): Promise<void>
}

/**
 * Calls one API channel of `server` as the renderer does (POST with the token), through
 * `request` (a page's, or a context of the test's own).
 * @returns the response; its JSON is the envelope (`{ ok, value }` or `{ ok: false, error }`)
 */
export function callApi(
  request: APIRequestContext,
  server: ServerHandle,
  channel: string,
  data: object,
): Promise<APIResponse> {
  return request.post(`${server.origin}api/${channel}`, {
    headers: { Authorization: `Bearer ${server.token}` },
    data,
  })
}

/**
 * Starts `out/main/serve.js` with `args` and resolves once it prints its URL line.
 * @throws Error with the process output if it exits or stays silent for 20 s
 */
export function startServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServerHandle> {
  const child: ChildProcess = spawn(process.execPath, [SERVE, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`server printed no URL within 20 s:\n${output}`))
    }, 20_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = URL_LINE.exec(output)
      if (!match) return
      clearTimeout(timer)
      const [, origin = '', port = '0', token = ''] = match
      resolvePromise({
        origin,
        port: Number(port),
        token,
        appUrl: `${origin}#token=${token}`,
        output: () => output,
        stop: () => stopProcess(child),
      })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
}

/** Starts server mode over other session folders than the fixture store's (stopped after the test). */
export type ServerFor = (sessionsDirs: string | string[]) => Promise<ServerHandle>

/** Makes a temp folder (name starting with `prefix`) removed after the test, after its servers stop. */
export type Scratch = (prefix: string) => string

/** The fixtures every server-mode spec gets. */
export interface Fixtures {
  store: TempStore
  dataHome: string
  server: ServerHandle
  serverFor: ServerFor
  scratch: Scratch
  library: LibraryPage
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  store: async ({}, use) => {
    const store = copyFixtureStore('pi-sessions-e2e-')
    await use(store)
    store.cleanup()
  },
  // eslint-disable-next-line no-empty-pattern
  dataHome: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'pi-sessions-xdg-'))
    await use(dir)
    rmSync(dir, { recursive: true, force: true })
  },
  server: async ({ store, dataHome }, use) => {
    const server = await startServer(
      ['--sessions-dir', store.sessionsDir, '--sessions-dir', store.customDir],
      { XDG_DATA_HOME: dataHome, HOME: dataHome },
    )
    await use(server)
    await server.stop()
  },
  // eslint-disable-next-line no-empty-pattern
  scratch: async ({}, use) => {
    const dirs: string[] = []
    await use((prefix) => {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      dirs.push(dir)
      return dir
    })
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  },
  // Depends on scratch so that its servers stop before scratch folders are removed.
  serverFor: async ({ dataHome, scratch: _scratch }, use) => {
    const started: ServerHandle[] = []
    await use(async (sessionsDirs) => {
      const dirs = typeof sessionsDirs === 'string' ? [sessionsDirs] : sessionsDirs
      const args = dirs.flatMap((dir) => ['--sessions-dir', dir])
      const server = await startServer([...args, '--data-dir', join(dataHome, 'pi-sessions')], {
        XDG_DATA_HOME: dataHome,
        HOME: dataHome,
      })
      started.push(server)
      return server
    })
    await Promise.all(started.map((server) => server.stop()))
  },
  library: async ({ page, server }, use) => {
    const library = new LibraryPage(page)
    await library.open(server.appUrl)
    await use(library)
  },
})

export { expect } from '@playwright/test'
