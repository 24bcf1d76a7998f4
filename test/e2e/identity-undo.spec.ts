/**
 * Telling forks apart, undoing edits and deletions, visibly disabled actions and one stack of
 * toasts, in Chromium against server mode on a temp copy of the fixtures (the trash in the
 * test's own XDG_DATA_HOME). What lands on disk is read back with pi's own SessionManager.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Page } from '@playwright/test'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { fixtureRef } from '../helpers/fixtures'
import { expect, test } from './harness'
import { EditDialog } from './pages/edit-dialog'
import { LibraryPage } from './pages/library-page'
import { SessionPage } from './pages/session-page'
import { TrashPage } from './pages/trash-page'
import { VIEWPORTS } from './viewports'

const SHOTS = 'test-results/screenshots'

/** The session id in a pi session file name (`<timestamp>_<id>.jsonl`), which search finds. */
function sessionIdOf(fileName: string): string {
  return fileName.slice(fileName.indexOf('_') + 1, -'.jsonl'.length)
}

function fixture(scenario: string, writer = 'pi 1.6.0') {
  return fixtureRef(scenario, writer)
}

/** Opens the branches fixture at a leaf off pi's resume path; returns what the test needs. */
async function openBranchLeaf(session: SessionPage, root: string) {
  const { rel, name } = fixture('branches')
  const path = join(root, rel)
  await session.open(name)
  const source = PiSessionManager.open(path)
  const leaf = source.getTree()[0]?.children[0]?.children[0]?.entry.id as string
  await session.setFilter('all')
  await session.selectNode(leaf)
  return { rel, name, path, folder: dirname(path), leaf }
}

test('extract asks for a name, says how many entries it copies, and the fork says whose it is', async ({
  page,
  server,
  store,
}) => {
  const session = new SessionPage(page, server)
  const { path, folder } = await openBranchLeaf(session, store.root)
  const before = readdirSync(folder)
  await new EditDialog(page).action('extract').click()
  const dialog = page.getByTestId('edit-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading')).toHaveText('Extract this branch')
  const said = Number(
    /Copies (\d+) entries/.exec((await page.getByTestId('extract-count').textContent()) ?? '')?.[1],
  )
  // Prefilled from the branch point's text (or its label), so it is never empty.
  await expect(page.getByTestId('edit-input')).not.toHaveValue('')
  await page.screenshot({ path: `${SHOTS}/extract-dialog.png` })
  await page.getByTestId('edit-input').fill('Side quest')
  await page.getByTestId('edit-input').press('Enter')
  await expect(page.getByTestId('lineage-parent')).toBeVisible()
  await session.waitReady()
  await expect(session.header().locator('.session-name')).toHaveText('Side quest')
  await expect(page.getByTestId('lineage')).toContainText(/Fork of .+ at /)

  const created = readdirSync(folder).filter((f) => !before.includes(f))
  expect(created).toHaveLength(1)
  const pi = PiSessionManager.open(join(folder, created[0] as string))
  expect(pi.getSessionName()).toBe('Side quest')
  // The count said is what the new file holds, apart from the name's own entry.
  expect(pi.getEntries().filter((e) => e.type !== 'session_info')).toHaveLength(said)
  expect(pi.getHeader()?.parentSession).toBe(path)
  const library = new LibraryPage(page)
  await library.showAllProjects()
  await library.search(sessionIdOf(created[0] as string))
  const row = library.row(created[0] as string)
  await expect(row.getByTestId('fork-of')).toContainText(/fork of .+ at /)
  await page.screenshot({ path: `${SHOTS}/extract-toast.png` })
  session.expectClean()
})

test('sessions with the same title say what differs, in the list and in quick open', async ({
  page,
  server,
  store,
}) => {
  const session = new SessionPage(page, server)
  const { folder, name } = await openBranchLeaf(session, store.root)
  const before = readdirSync(folder)
  await new EditDialog(page).action('extract').click()
  // No name: the fork keeps its parent's title, so the list must tell them apart.
  await page.getByTestId('edit-input').fill('')
  await page.getByTestId('edit-input').press('Enter')
  await expect(page.getByTestId('lineage-parent')).toBeVisible()
  const created = readdirSync(folder).filter((f) => !before.includes(f))[0] as string
  const library = new LibraryPage(page)
  await library.showAllProjects()
  // Every session that starts with this message has the same title.
  await library.search('exponential backoff')
  const fork = library.row(created)
  await expect(fork.getByTestId('fork-of')).toBeVisible()
  await expect(library.row(name).getByTestId('fork-of')).toHaveCount(0)
  // The fork is titled by its first message, as are the other sessions that begin with it.
  const title = (await fork.locator('.session-title').textContent()) as string
  const same = library
    .sessions()
    .filter({ has: page.locator('.session-title', { hasText: title }) })
  expect(await same.count()).toBeGreaterThan(1)
  const differs = await same.getByTestId('title-differs').allTextContents()
  expect(differs).toHaveLength(await same.count())
  expect(new Set(differs).size).toBe(differs.length)
  await page.screenshot({ path: `${SHOTS}/title-collisions.png` })

  await page.keyboard.press('Control+k')
  const quick = page.getByTestId('quick-open')
  await expect(quick).toBeVisible()
  await quick.getByRole('textbox').fill('exponential backoff')
  const forkOption = quick.locator(`[data-file-name="${created}"]`)
  await expect(forkOption).toContainText(/fork of .+ at /)
  await expect(forkOption).toContainText(/\d+ msgs/)
  await page.screenshot({ path: `${SHOTS}/quick-open-forks.png` })
})

test('Undo after extract moves the new session to the trash and the original list is back', async ({
  page,
  server,
  store,
  dataHome,
}) => {
  const session = new SessionPage(page, server)
  const { folder } = await openBranchLeaf(session, store.root)
  const title = await session.header().locator('.session-name').textContent()
  const before = readdirSync(folder)
  const library = new LibraryPage(page)
  await library.showAllProjects()
  const count = await page.getByTestId('session-count').textContent()
  await new EditDialog(page).action('extract').click()
  await page.getByTestId('edit-input').press('Enter')
  const toast = page.getByTestId('edit-notice')
  await expect(toast).toContainText('session of its own')
  await expect(page.getByTestId('lineage-parent')).toBeVisible()
  await expect(page.getByTestId('session-count')).not.toHaveText(count as string)
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByTestId('session-count')).toHaveText(count as string)
  expect(readdirSync(folder).sort()).toEqual([...before].sort())
  // Moved to the OS trash, never unlinked.
  expect(readdirSync(join(dataHome, 'Trash', 'files'))).toHaveLength(1)
  // The session it came from is open again.
  await expect(page.getByTestId('lineage-parent')).toHaveCount(0)
  await expect(session.header().locator('.session-name')).toHaveText(title as string)
})

/**
 * Starts watching the page for two toasts at the same moment among those of test ids `a` and
 * `b` (`a` may be `b`: two of that one).
 * @returns whether that has happened since
 */
async function watchTogether(page: Page, a: string, b: string): Promise<() => Promise<boolean>> {
  await page.evaluate(
    ({ a, b }) => {
      const seen = window as unknown as { __together?: boolean }
      seen.__together = false
      const check = () => {
        const both = `[data-testid="${a}"], [data-testid="${b}"]`
        if (document.querySelectorAll(both).length >= 2) seen.__together = true
      }
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true })
    },
    { a, b },
  )
  return () => page.evaluate(() => (window as unknown as { __together: boolean }).__together)
}

/** Opens the plain-chat fixture and renames it through the dialog; returns its path. */
async function renamePlainChat(session: SessionPage, page: Page, root: string, to: string) {
  const { rel, name } = fixture('plain-chat')
  const path = join(root, rel)
  await session.open(name)
  const previous = PiSessionManager.open(path).getSessionName() ?? null
  await new EditDialog(page).action('rename').click()
  await page.getByTestId('edit-input').fill(to)
  await page.getByTestId('edit-input').press('Enter')
  return { path, previous }
}

test('Ctrl+Z undoes a rename with a pi-compatible entry, but not while typing in a field', async ({
  page,
  server,
  store,
}) => {
  const session = new SessionPage(page, server)
  const { path, previous } = await renamePlainChat(session, page, store.root, 'A name to undo')
  await expect(session.header().locator('.session-name')).toHaveText('A name to undo')
  expect(PiSessionManager.open(path).getSessionName()).toBe('A name to undo')

  const search = page.getByTestId('search-input')
  await search.fill('abc')
  await search.press('Control+z')
  expect(PiSessionManager.open(path).getSessionName()).toBe('A name to undo')
  await search.fill('')

  const lines = readFileSync(path, 'utf8').trimEnd().split('\n').length
  await session.header().click({ position: { x: 5, y: 5 } })
  const bothShown = await watchTogether(page, 'edit-notice', 'edit-undone')
  await page.keyboard.press('Control+z')
  await expect(session.header().locator('.session-name')).not.toHaveText('A name to undo')
  // The undo says what it took back, in the place of the edit's toast.
  await expect(page.getByTestId('edit-undone')).toContainText(
    previous
      ? `Undone: the session is named “${previous}” again.`
      : 'Undone: the session has no name again.',
  )
  await expect(page.getByTestId('edit-notice')).toHaveCount(0)
  expect(await bothShown()).toBe(false)
  const text = readFileSync(path, 'utf8').trimEnd().split('\n')
  expect(text).toHaveLength(lines + 1)
  expect(JSON.parse(text.at(-1) as string).type).toBe('session_info')
  expect(PiSessionManager.open(path).getSessionName() ?? null).toBe(previous)
})

test('Ctrl+Z does not undo an edit whose toast has gone with its session', async ({
  page,
  server,
  store,
}) => {
  const session = new SessionPage(page, server)
  const { path } = await renamePlainChat(session, page, store.root, 'Named before leaving')
  await expect(page.getByTestId('edit-notice')).toBeVisible()
  const lines = readFileSync(path, 'utf8')
  // Another session opens: the rename's toast goes, and with it its Undo.
  const other = fixture('branches')
  await session.open(other.name)
  await expect(page.getByTestId('edit-notice')).toHaveCount(0)
  await session.header().click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+z')
  // Give a wrongly armed undo the time to write.
  await page.waitForTimeout(500)
  expect(readFileSync(path, 'utf8')).toBe(lines)
  expect(PiSessionManager.open(path).getSessionName()).toBe('Named before leaving')
})

/**
 * Opens the first tide-tables session and deletes it with Delete and the dialog.
 * @returns its file name, path and bytes, the session view, the id it had, and the toast
 */
async function deleteOpenSession(library: LibraryPage, page: Page, sessionsDir: string) {
  await library.openProject('/home/ayla/src/tide-tables')
  const row = library.sessions().first()
  const name = (await row.getAttribute('data-file-name')) as string
  const path = join(sessionsDir, '--home-ayla-src-tide-tables--', name)
  const bytes = readFileSync(path)
  await row.click()
  const view = page.locator('.session-view.sv')
  await expect(view).toHaveAttribute('data-status', 'ready')
  const openId = (await view.getAttribute('data-session-id')) as string
  const trash = new TrashPage(page)
  await trash.pressDelete()
  await trash.confirm()
  const toast = trash.notice()
  await expect(toast).toContainText('Moved 1 session to the trash')
  return { name, path, bytes, view, openId, toast }
}

test('a delete toast offers Undo, and Ctrl+Z restores the file as it was and opens it again', async ({
  library,
  page,
  store,
}) => {
  const { name, path, bytes, view, openId, toast } = await deleteOpenSession(
    library,
    page,
    store.sessionsDir,
  )
  expect(existsSync(path)).toBe(false)
  await expect(page.locator('[data-sonner-toaster]').getByTestId('trash-notice')).toBeVisible()
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/delete-toast.png`, animations: 'disabled' })
  await expect(view).toHaveCount(0)
  await page.keyboard.press('Control+z')
  await expect(library.row(name)).toHaveCount(1)
  expect(readFileSync(path)).toEqual(bytes)
  // The undo says what it brought back, as an undone edit does.
  await expect(toast).toContainText('Restored 1 session')
  // The session that was open when it was deleted is open again.
  await expect(view).toHaveAttribute('data-session-id', openId)
  await expect(view).toHaveAttribute('data-status', 'ready')
})

test('the Undo button of a delete toast brings the session back and says so', async ({
  library,
  page,
  store,
}) => {
  const { name, path, toast } = await deleteOpenSession(library, page, store.sessionsDir)
  const twoToasts = await watchTogether(page, 'trash-notice', 'trash-notice')
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(library.row(name)).toHaveCount(1)
  expect(existsSync(path)).toBe(true)
  // Its own news takes the place of the toast whose Undo was pressed: never two at once.
  await expect(toast).toContainText('Restored 1 session')
  expect(await twoToasts()).toBe(false)
})

test('on a read-only session the edit actions look disabled and the reason is written out', async ({
  page,
  server,
}) => {
  const { name } = fixture('damaged-bom', 'handwritten')
  const session = new SessionPage(page, server)
  await session.open(name)
  await expect(page.getByTestId('read-only')).toBeVisible()
  const reason = page.getByTestId('read-only-reason')
  await expect(reason).toBeVisible()
  // In words, with its line: not an internal code ("bom at line 1").
  await expect(reason).toContainText('line 1: UTF-8 byte order mark before the header')
  const rename = new EditDialog(page).action('rename')
  await expect(rename).toBeDisabled()
  const look = await rename.evaluate((el) => {
    const style = getComputedStyle(el)
    return { cursor: style.cursor, opacity: Number(style.opacity) }
  })
  expect(look.cursor).toBe('not-allowed')
  expect(look.opacity).toBeLessThan(0.7)
  await page.screenshot({ path: `${SHOTS}/read-only-actions.png` })
})

test('an info toast clears after about five seconds, and at once when another session opens', async ({
  page,
  server,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const session = new SessionPage(page, server)
  await session.open(fixture('plain-chat').name)
  const copy = page.getByTestId('action-copy-resume')
  const toasts = page.locator('[data-sonner-toaster]')
  await copy.click()
  const toast = toasts.getByText('Resume command copied')
  await expect(toast).toBeVisible()
  const shown = Date.now()
  await page.screenshot({ path: `${SHOTS}/info-toast.png`, animations: 'disabled' })
  await expect(toast).toBeHidden({ timeout: 10_000 })
  const lasted = Date.now() - shown
  expect(lasted).toBeGreaterThan(3_000)
  expect(lasted).toBeLessThan(9_000)

  await copy.click()
  await expect(toast).toBeVisible()
  await new LibraryPage(page).openSession(fixture('branches').name)
  await expect(toast).toBeHidden({ timeout: 2_000 })
  session.expectClean()
})

test('the extract dialog and the toasts fit every window size', async ({
  page,
  context,
  server,
  store,
}) => {
  // Copying the path needs the clipboard (Chromium refuses it without the permission).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const session = new SessionPage(page, server)
  await openBranchLeaf(session, store.root)
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height })
    await new EditDialog(page).action('extract').click()
    const dialog = page.getByTestId('edit-dialog')
    await expect(dialog.getByRole('button', { name: 'Extract' })).toBeInViewport()
    await page.screenshot({ path: `${SHOTS}/extract-dialog-${width}x${height}.png` })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('action-copy-path').click()
    const toast = page.locator('[data-sonner-toaster]').getByText('Path copied')
    await expect(toast).toBeInViewport()
    await page.screenshot({ path: `${SHOTS}/toast-${width}x${height}.png`, animations: 'disabled' })
    await page.locator('[data-sonner-toaster]').getByRole('button', { name: 'Dismiss' }).click()
    await expect(toast).toBeHidden()
  }
})

test('an error toast stays until it is dismissed', async ({ page, server, store }) => {
  const { rel, name } = fixture('plain-chat')
  const path = join(store.root, rel)
  const session = new SessionPage(page, server)
  await session.open(name)
  const target = PiSessionManager.open(path)
    .getEntries()
    .find((e) => e.type === 'message')?.id as string
  await session.tree.node(target).click()
  await page.keyboard.press('l')
  await page.getByTestId('tree-label-input').fill('never saved')
  // The file goes behind the app's back while the label is typed: it cannot be saved. (Gone
  // before the typing starts, the app may already have noticed and turned labelling off.)
  rmSync(path)
  await page.getByTestId('tree-label-input').press('Enter')
  const error = page.locator('[data-sonner-toaster]').getByTestId('edit-error')
  await expect(error).toContainText('Not saved')
  // Longer than an info toast lives: an error waits for the user.
  await page.waitForTimeout(7_000)
  await expect(error).toBeVisible()
  await error.getByRole('button', { name: 'Dismiss' }).click()
  await expect(error).toBeHidden()
})

test('a clipboard the system refuses says so, with the path to copy by hand', async ({
  page,
  server,
}) => {
  // The system's clipboard refuses every write (no permission, or another app holds it).
  await page.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    })
  })
  const session = new SessionPage(page, server)
  await session.open(fixture('plain-chat').name)
  await page.getByTestId('action-copy-path').click()
  const toasts = page.locator('[data-sonner-toaster]')
  const refused = toasts.getByText(/The clipboard refused the path; here it is to copy by hand: /)
  await expect(refused).toBeVisible()
  await expect(refused).toContainText(`${fixture('plain-chat').name}`)
  await expect(toasts.getByText('Path copied')).toHaveCount(0)
  await toasts.getByRole('button', { name: 'Dismiss' }).click()
  await expect(refused).toBeHidden()
})
