/**
 * Deleting sessions to the OS trash and restoring one, in Chromium against server mode,
 * with XDG_DATA_HOME (and so the trash) in the test's own temp folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { readManifest } from '../helpers/fixtures'
import { expect, test } from './harness'
import { TrashPage } from './pages/trash-page'

const CWD = '/home/ayla/src/tide-tables'
const FOLDER = '--home-ayla-src-tide-tables--'

test('delete two sessions, see the warning-free confirmation, restore one', async ({
  library,
  page,
  store,
  dataHome,
}) => {
  await library.openProject(CWD)
  const rows = library.sessions()
  const names = [
    (await rows.nth(0).getAttribute('data-file-name')) as string,
    (await rows.nth(1).getAttribute('data-file-name')) as string,
  ]
  const paths = names.map((n) => join(store.sessionsDir, FOLDER, n))
  const before = paths.map((p) => readFileSync(p))
  const trash = new TrashPage(page)
  await trash.check(0)
  await trash.check(1)
  await trash.moveCheckedToTrash()
  await expect(trash.dialogItems()).toHaveCount(2)
  await page.screenshot({ path: 'test-results/screenshots/delete-dialog.png' })
  await trash.confirm()
  await expect(trash.notice()).toContainText('Moved 2 sessions to the trash')
  for (const p of paths) expect(existsSync(p)).toBe(false)
  expect(readdirSync(join(dataHome, 'Trash', 'files'))).toHaveLength(2)
  for (const name of names) await expect(library.row(name)).toHaveCount(0)

  await trash.openRecentlyDeleted()
  await expect(trash.deletedItems()).toHaveCount(2)
  // The keyboard comes with it: into the panel as it opens, and kept there by a restore.
  const panel = page.getByTestId('recently-deleted')
  await expect(panel.getByRole('heading', { name: /Recently deleted/ })).toBeFocused()
  // Each Restore names its session to a screen reader.
  const restoreNames = await trash
    .deletedItems()
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
  expect(new Set(restoreNames).size).toBe(2)
  for (const name of restoreNames) expect(name).toMatch(/^Restore \S/)
  await page.screenshot({ path: 'test-results/screenshots/recently-deleted.png' })
  await trash.restore(names[0] as string)
  await expect(trash.deletedItems()).toHaveCount(1)
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  expect(readFileSync(paths[0] as string)).toEqual(before[0])
  expect(existsSync(paths[1] as string)).toBe(false)
  await expect(library.row(names[0] as string)).toHaveCount(1)
})

test('the Delete key asks first and Cancel keeps the session', async ({ library, page, store }) => {
  await library.openProject(CWD)
  const row = library.sessions().first()
  const name = (await row.getAttribute('data-file-name')) as string
  await row.click()
  const trash = new TrashPage(page)
  await trash.pressDelete()
  await trash.cancel()
  expect(existsSync(join(store.sessionsDir, FOLDER, name))).toBe(true)
})

test('deleting a parent session warns about its forks, even when they are not listed', async ({
  library,
  page,
  store,
}) => {
  // The 1.6.0 branched-session fixture names its parent session in its header.
  const branched = readManifest().files.find(
    (f) => f.scenario === 'create-branched-session' && f.writer === 'pi 1.6.0',
  )
  const header = JSON.parse(
    readFileSync(join(store.root, branched?.file as string), 'utf8').split('\n')[0] as string,
  )
  const parentFile = basename(header.parentSession as string)
  const parentSessionId = parentFile.slice(parentFile.indexOf('_') + 1, -'.jsonl'.length)
  await library.showAllProjects()
  await library.search(parentSessionId)
  await library.row(parentFile).click()
  const trash = new TrashPage(page)
  await trash.pressDelete()
  await expect(trash.forkWarning()).toBeVisible()
  await trash.cancel()
  expect(existsSync(join(store.sessionsDir, '--home-ayla-src-orbit-notes--', parentFile))).toBe(
    true,
  )
})

test('after the open session goes to the trash, the keyboard is back on the list', async ({
  library,
  page,
}) => {
  await library.openProject(CWD)
  const rows = library.sessions()
  const gone = (await rows.first().getAttribute('data-file-name')) as string
  await rows.first().click()
  await expect(rows.first()).toBeFocused()
  const trash = new TrashPage(page)
  await page.keyboard.press('Delete')
  await expect(trash.dialog()).toBeVisible()
  await trash.confirm()
  await expect(trash.notice()).toContainText('Moved 1 session to the trash')
  await expect(library.row(gone)).toHaveCount(0)
  // Not the page's body: a row of the list, where the keys go on working.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('session-item')
  await page.keyboard.press('ArrowDown')
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('session-item')
})
