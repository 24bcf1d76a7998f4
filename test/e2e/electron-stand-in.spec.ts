/**
 * The Electron host (out/main/index.js, out/preload/index.cjs) under test without an
 * Electron binary: main runs under Node with the stand-in `electron` module, its window is
 * this test's page (test/electron-stand-in). Proves the wiring Electron would carry: every
 * channel registered and reachable through the preload, the sender check, events from main
 * into the page, menu commands onto the command bus, and the window's hardening; then the
 * main journeys. The real-binary project (electron.spec.ts) stays the authority where it runs.
 */
import type { Page } from '@playwright/test'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CHANNELS } from '../../preload/contract/channels'
import {
  fixtureFile,
  deletesAndRestoresASession,
  labelsAnEntryAndReadsItBack,
  listsTheFixtureProjects,
  opensASessionWithItsTree,
  showsWhatPiAppends,
} from './desktop-journeys'
import { SettingsDialog } from './pages/settings-dialog'
import { expect, test } from './stand-in-harness'

type Envelope = { ok: boolean; error?: { code: string; message: string } }

/** Calls the bridged API in the page, as the renderer's client does. */
function invoke(page: Page, channel: string, args: unknown = {}): Promise<Envelope> {
  return page.evaluate(
    ([c, a]) =>
      (
        window as unknown as { api: { invoke(c: string, a: unknown): Promise<Envelope> } }
      ).api.invoke(c, a),
    [channel, args] as const,
  )
}

test('every channel is registered in main and reachable through the preload', async ({
  standIn,
  library,
}) => {
  const { channels } = await standIn.inspect()
  expect([...channels].sort()).toEqual([...CHANNELS].sort())
  for (const channel of CHANNELS) {
    // Any envelope proves the call crossed preload -> IPC -> dispatch; an unregistered
    // channel rejects ("No handler registered"), an untrusted sender answers `unauthorized`.
    const reply = await invoke(standIn.page, channel)
    expect(reply.ok || reply.error?.code, channel).not.toBe('unauthorized')
    expect(typeof reply.ok, channel).toBe('boolean')
  }
  const unknown = await invoke(standIn.page, 'nope:nothing')
  expect(unknown.error?.code).toBe('not_found')
  await listsTheFixtureProjects(library)
})

test('a call from a frame that is not the app is refused', async ({ standIn, library }) => {
  await listsTheFixtureProjects(library)
  const page = standIn.page
  expect((await invoke(page, 'app:get-info')).ok).toBe(true)
  // The same preload in a foreign page (as if the window had been navigated away).
  await page.route('https://foreign.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>foreign</title>' }),
  )
  await page.goto('https://foreign.example/page')
  const reply = await invoke(page, 'app:get-info')
  expect(reply).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
})

test('menu commands reach the command bus and the page through main events', async ({
  standIn,
  library,
}) => {
  const { menu } = await standIn.inspect()
  expect(menu).toEqual(expect.arrayContaining(['File', 'Edit', 'View']))
  await standIn.request('clickMenu', { labels: ['File', 'Settings…'] })
  const settings = new SettingsDialog(standIn.page)
  await expect(settings.dialog()).toBeVisible()
  await settings.chooseTheme('Dark')
  await settings.close()
  await listsTheFixtureProjects(library)
})

test('library changes in main reach the page as events', async ({ library, store }) => {
  await showsWhatPiAppends(library, store)
})

test('the window is hardened and its handlers deny navigation, new windows and permissions', async ({
  standIn,
}) => {
  const { windows } = await standIn.inspect()
  expect(windows).toHaveLength(1)
  expect(windows[0]?.options.webPreferences).toMatchObject({
    preload: resolve('out', 'preload', 'index.cjs'),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    webviewTag: false,
  })
  const app = pathToFileURL(resolve('out', 'renderer', 'index.html')).href
  expect(standIn.page.url()).toBe(app)
  const navigate = (url: string) =>
    standIn.request<{ prevented: boolean }>('willNavigate', { id: 1, url })
  expect(await navigate('https://foreign.example/')).toEqual({ prevented: true })
  expect(await navigate('file:///etc/passwd')).toEqual({ prevented: true })
  expect(await navigate(`${app}#/settings`)).toEqual({ prevented: false })
  const open = (url: string) => standIn.request<{ action: string }>('windowOpen', { id: 1, url })
  expect(await open('https://example.org/docs')).toEqual({ action: 'deny' })
  expect(await open('javascript:alert(1)')).toEqual({ action: 'deny' })
  expect((await standIn.inspect()).externalUrls).toEqual(['https://example.org/docs'])
  for (const permission of ['media', 'geolocation', 'notifications']) {
    expect(await standIn.request('permission', { id: 1, permission })).toEqual({
      requested: false,
      checked: false,
    })
  }
})

test('a second launch focuses the existing window', async ({ standIn, library }) => {
  await listsTheFixtureProjects(library)
  expect(standIn.focusCount()).toBe(0)
  await standIn.request('appEvent', { name: 'second-instance' })
  await expect.poll(() => standIn.focusCount()).toBe(1)
  expect((await standIn.inspect()).windows).toHaveLength(1)
})

test('journey: the library lists the fixture projects and a session opens with its tree', async ({
  standIn,
  library,
  store,
}) => {
  await listsTheFixtureProjects(library)
  await opensASessionWithItsTree(standIn.page, library, store)
})

test('journey: a label is set and read back', async ({ standIn, library, store }) => {
  await labelsAnEntryAndReadsItBack(standIn.page, library, store)
})

test('journey: a session is deleted and restored', async ({
  standIn,
  library,
  store,
  dataHome,
}) => {
  await deletesAndRestoresASession(standIn.page, library, store, dataHome)
})

test('desktop: a session offers Open in terminal, and Settings picks the terminal', async ({
  standIn,
  library,
}) => {
  // Not clicked: it would start a real terminal on this machine.
  await library.openSession(fixtureFile('branches').name)
  await expect(standIn.page.getByTestId('action-open-terminal')).toBeVisible()
  await expect(standIn.page.getByTestId('action-copy-resume')).toBeVisible()
  const settings = new SettingsDialog(standIn.page)
  await settings.open()
  await expect(settings.dialog().getByTestId('setting-terminal')).toHaveValue('auto')
  await settings.close()
})
