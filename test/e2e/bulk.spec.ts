/**
 * Bulk actions in Chromium against server mode, each test on its own copy of the fixture
 * store and its own XDG_DATA_HOME (so its own trash and data folder): select all empty
 * sessions, trash them and restore the whole deletion; archive a project's old sessions,
 * find them under Archived and move them back; star a session and see it first.
 */
import { copyFileSync, readFileSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { readManifest } from '../helpers/fixtures'
import { expect, test } from './harness'
import { BulkPage } from './pages/bulk-page'

/** Persisted fixture files (in the test's copy) that are files without a user message line. */
function emptySessions(root: string): string[] {
  return readManifest()
    .files.filter((f) => f.persisted)
    .map((f) => join(root, f.file))
    .filter((path) => {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch {
        return false // a folder named *.jsonl
      }
      return !text.split('\n').some((line) => {
        try {
          const entry = JSON.parse(line)
          return entry?.type === 'message' && entry.message?.role === 'user'
        } catch {
          return false
        }
      })
    })
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}

test('select all empty sessions, trash them, restore them from Recently deleted', async ({
  library,
  page,
  store,
}) => {
  const empty = emptySessions(store.root)
  expect(empty.length).toBeGreaterThanOrEqual(3)
  const bytes = empty.map((p) => readFileSync(p))
  const bulk = new BulkPage(page)
  await library.showAllProjects()
  await bulk.tick('filter-empty')
  await expect(library.sessions()).toHaveCount(empty.length)
  await bulk.selectAllMatching(empty.length)
  await bulk.ask('Move to trash…')
  await expect(bulk.dialog().locator('li')).toHaveCount(empty.length)
  await page.screenshot({ path: 'test-results/screenshots/bulk-trash-dialog.png' })
  await bulk.confirm('Move to trash')
  await expect(bulk.notice()).toContainText(`Moved ${empty.length} sessions to the trash`)
  await expect(library.sessions()).toHaveCount(0)
  for (const p of empty) expect(() => readFileSync(p)).toThrow()

  await bulk.restoreLastDeletion()
  await expect(bulk.notice()).toContainText(`Restored ${empty.length} sessions`)
  await expect(library.sessions()).toHaveCount(empty.length)
  expect(empty.map((p) => readFileSync(p))).toEqual(bytes)
})

test('archive a project’s old sessions, find them under Archived, move them back', async ({
  library,
  page,
  store,
  dataHome,
}) => {
  const cwd = '/home/ayla/src/tide-tables'
  const folder = join(store.sessionsDir, '--home-ayla-src-tide-tables--')
  const names = readdirSync(folder).sort()
  const bytes = names.map((n) => readFileSync(join(folder, n)))
  const bulk = new BulkPage(page)
  await library.openProject(cwd)
  // The fixtures are from early 2026: all of them are older than a month.
  await bulk.choose('filter-older-than', '1 month')
  await expect(library.sessions()).toHaveCount(names.length)
  await bulk.selectAllMatching(names.length)
  await bulk.ask('Archive…')
  // The way back from the archive is Unarchive, not the trash's "Recently deleted".
  await expect(page.getByTestId('delete-totals')).toContainText('Archived → Unarchive')
  await expect(page.getByTestId('delete-totals')).not.toContainText('Recently deleted')
  await bulk.confirm('Archive')
  await expect(bulk.notice()).toContainText(`Archived ${names.length} sessions`)
  expect(readdirSync(folder)).toEqual([])
  // In the archive under the data folder, in pi's --<cwd>-- layout, byte for byte.
  const archived = filesUnder(dataHome).filter((p) => p.includes('/archive/'))
  expect(archived.map((p) => basename(p)).sort()).toEqual(names)
  for (const p of archived) expect(basename(join(p, '..'))).toBe('--home-ayla-src-tide-tables--')

  await bulk.scope('archived')
  await expect(library.sessions()).toHaveCount(names.length)
  for (const n of names) await expect(library.row(n)).toHaveAttribute('data-archived', 'true')
  await bulk.dismissNotice()
  await bulk.selectAllMatching(names.length)
  // The README's picture of bulk actions (UPDATE_DOCS=1 copies it to docs/, as the others).
  const shot = 'test-results/screenshots/readme-bulk.png'
  await page.screenshot({ path: shot })
  if (process.env.UPDATE_DOCS === '1') copyFileSync(shot, 'docs/screenshot-bulk.png')
  await bulk.bar().getByRole('button', { name: 'Clear' }).click()
  await library.row(names[0] as string).click()
  await expect(page.getByTestId('session-header')).toBeVisible()
  // An archived session opens read-only, and says why before anything is typed.
  await expect(page.getByTestId('read-only-reason')).toContainText(
    'Archived sessions are read-only: unarchive it to edit it',
  )
  await expect(page.getByTestId('action-rename')).toBeDisabled()

  await bulk.selectAllMatching(names.length)
  await bulk.bar().getByRole('button', { name: 'Unarchive' }).click()
  await expect(bulk.notice()).toContainText(`Unarchived ${names.length} sessions`)
  await expect(library.sessions()).toHaveCount(0)
  expect(names.map((n) => readFileSync(join(folder, n)))).toEqual(bytes)
})

test('star a session and see it first', async ({ library, page }) => {
  const bulk = new BulkPage(page)
  await library.showAllProjects()
  await library.sortBy('recent')
  const fifth = (await library.sessions().nth(4).getAttribute('data-file-name')) as string
  await bulk.star(fifth)
  await bulk.scope('starred')
  await expect(library.sessions()).toHaveCount(1)
  await expect(library.sessions().first()).toHaveAttribute('data-file-name', fifth)
  await library.showAllProjects()
  await bulk.tick('filter-starred-first')
  await expect(library.sessions().first()).toHaveAttribute('data-file-name', fifth)
  await expect(library.sessions().nth(1)).not.toHaveAttribute('data-starred', 'true')
})

test('the list and the selection bar’s buttons stay put when sessions are ticked and main’s totals arrive', async ({
  library,
  page,
}) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/api/library:describe-sessions',
    async (route) => {
      await held
      await route.continue()
    },
  )
  await library.openProject('/home/ayla/src/orbit-notes')
  const rowBox = () => library.sessions().first().boundingBox()
  const row = await rowBox()
  for (const i of [0, 1, 2]) await page.getByTestId('session-check').nth(i).check()
  // A tick moves no row of the list.
  expect(await rowBox()).toEqual(row)
  const bar = new BulkPage(page).bar()
  const buttons = bar.getByRole('button')
  await expect(buttons).toHaveCount(7)
  const boxes = async () => Promise.all((await buttons.all()).map((b) => b.boundingBox()))
  const before = await boxes()
  release()
  await expect(page.getByTestId('bulk-count')).toContainText(/^3 selected · \d/)
  expect(await boxes()).toEqual(before)
})
