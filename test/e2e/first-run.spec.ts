/**
 * First run: with no sessions anywhere, the app names the folders it searched
 * and offers the demo library shipped in resources/demo; opening it fills the library.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, startServer, test } from './harness'
import { LibraryPage } from './pages/library-page'

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
