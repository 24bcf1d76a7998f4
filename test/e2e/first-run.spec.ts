/**
 * First run: with no sessions anywhere, the app names the folders it searched
 * and offers the demo library shipped in resources/demo; opening it fills the library. A
 * library that empties while a session is open keeps that session in view.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, startServer, test } from './harness'
import { LibraryPage } from './pages/library-page'
import { SessionPage } from './pages/session-page'
import { FIXTURE_STORE, fixtureRef } from '../helpers/fixtures'

test('an empty library explains itself and opens the demo library', async ({ page, dataHome }) => {
  const empty = mkdtempSync(join(tmpdir(), 'pi-sessions-empty-'))
  const server = await startServer(['--sessions-dir', empty], {
    XDG_DATA_HOME: dataHome,
    HOME: dataHome,
  })
  try {
    const library = new LibraryPage(page)
    await library.open(server.appUrl)
    const state = page.getByTestId('empty-state')
    await expect(state).toBeVisible()
    await expect(state.locator('.root-list')).toContainText(empty)
    await page.screenshot({ path: 'test-results/screenshots/first-run.png' })
    await state.getByTestId('open-demo').click()
    await expect(library.project('/home/demo/src/weather-app')).toHaveCount(1)
    await expect(library.project('/home/demo/notes')).toHaveCount(1)
    await library.openProject('/home/demo/src/weather-app')
    await expect(library.sessions().filter({ hasText: 'Speed up the forecast page' })).toHaveCount(
      1,
    )
  } finally {
    await server.stop()
    rmSync(empty, { recursive: true, force: true })
  }
})

test('the only session, deleted by another program while it is open, stays in view and says it is gone', async ({
  page,
  dataHome,
}) => {
  const sessions = mkdtempSync(join(tmpdir(), 'pi-sessions-one-'))
  const { rel, name } = fixtureRef('plain-chat', 'pi 1.6.0')
  const folder = join(sessions, '--home-ayla-src-orbit-notes--')
  mkdirSync(folder)
  copyFileSync(join(FIXTURE_STORE, rel), join(folder, name))
  const server = await startServer(['--sessions-dir', sessions], {
    XDG_DATA_HOME: dataHome,
    HOME: dataHome,
  })
  try {
    const session = new SessionPage(page, server)
    await session.open(name)
    rmSync(join(folder, name))
    // The library is empty now; the open session is not: it says the file is gone.
    await expect(page.getByTestId('file-notice')).toHaveAttribute('data-state', 'gone')
    await expect(page.getByTestId('empty-state')).toHaveCount(0)
    await expect(page.getByTestId('no-match')).toHaveText('No sessions in the library.')
    await expect(page.locator('.transcript [data-testid="transcript-entry"]').first()).toBeVisible()
    await page.screenshot({ path: 'test-results/screenshots/only-session-gone.png' })
  } finally {
    await server.stop()
    rmSync(sessions, { recursive: true, force: true })
  }
})

test('a folder that cannot be read is named with the reason, for the keyboard too', async ({
  page,
  serverFor,
  store,
  scratch,
}) => {
  const file = join(scratch('pi-sessions-not-a-folder-'), 'sessions.txt')
  writeFileSync(file, 'not a folder')
  const server = await serverFor([store.sessionsDir, file])
  await new LibraryPage(page).open(server.appUrl)
  const badge = page.getByTestId('problems-badge')
  const summary = badge.locator('summary')
  await expect(summary).toHaveText('1 unreadable path')
  await summary.focus()
  await page.keyboard.press('Enter')
  await expect(badge.locator('li')).toContainText(file)
  await expect(badge.locator('li')).toContainText(/not a folder/i)
  await page.screenshot({ path: 'test-results/screenshots/unreadable-paths.png' })
  await page.keyboard.press('Enter')
  await expect(badge.locator('li')).toBeHidden()
})
