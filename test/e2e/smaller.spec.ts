/**
 * The small things a desktop tool is expected to get right, in Chromium against server mode:
 * the URL names the open session and entry (a reload keeps them, the token stays), the next
 * launch reopens the last session, quick open says when it moves the list to another project
 * (and leaves the scope alone when it need not), and the demo library opens as a copy in the
 * app's data folder, so an edit never writes into the app's own resources.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { callApi, expect, startServer, test, type ServerHandle } from './harness'
import { EditDialog } from './pages/edit-dialog'
import { LibraryPage } from './pages/library-page'
import { SessionPage, fragment } from './pages/session-page'
import { fixtureFile, readExpected } from '../helpers/fixtures'
import { VIEWPORTS } from './viewports'
import { delayReplies } from './delay-replies'

/** pi 1.6.0's recorded leaves and resume branch of the fixture of `scenario`. */
function piFile(scenario: string) {
  const file = fixtureFile(scenario, 'pi 1.6.0')
  const run = readExpected().files[file.file]?.pi160 as Record<string, Record<string, unknown>>
  return {
    name: file.file.split('/').at(-1) as string,
    leaves: run.tree?.leaves as string[],
    branch: run.branch?.branch as string[],
  }
}

interface Row {
  id: string
  projectId: string
  name: string | null
  fileName: string
  cwd: string | null
}

/** Every session row of the library, as the API lists them. */
async function rows(page: Page, server: ServerHandle): Promise<Row[]> {
  const response = await callApi(page.request, server, 'library:query-sessions', {
    projectId: null,
    limit: 1000,
  })
  return ((await response.json()) as { value: { rows: Row[] } }).value.rows
}

/**
 * Opens the branches fixture from the library and selects its leaf off pi's resume branch.
 * @returns the session page, the fixture and that leaf's entry id
 */
async function openOtherLeaf(page: Page, server: ServerHandle, library: LibraryPage) {
  const branches = piFile('branches')
  const session = new SessionPage(page, server)
  await library.openSession(branches.name)
  await session.waitReady()
  const other = branches.leaves.find((leaf) => !branches.branch.includes(leaf)) as string
  await session.selectNode(other)
  return { session, branches, other }
}

/** The `lastSession` the settings in `dataHome` hold now (null: none, or not written yet). */
function savedLastSession(dataHome: string): { sessionId: string; entryId?: string } | null {
  try {
    const file = join(dataHome, 'pi-sessions', 'settings.json')
    return JSON.parse(readFileSync(file, 'utf8')).lastSession ?? null
  } catch {
    return null
  }
}

/**
 * Starts the app again on the same sessions and data folder (a new port and token, no
 * session in the URL), opens it in `page`, runs `check`, and stops it.
 */
async function relaunch(
  page: Page,
  store: { sessionsDir: string; customDir: string },
  dataHome: string,
  check: () => Promise<void>,
): Promise<void> {
  const again = await startServer(
    ['--sessions-dir', store.sessionsDir, '--sessions-dir', store.customDir],
    { XDG_DATA_HOME: dataHome, HOME: dataHome },
  )
  try {
    await new LibraryPage(page).open(again.appUrl)
    await check()
  } finally {
    await again.stop()
  }
}

test('the URL names the open session and entry, and a reload reopens both', async ({
  page,
  server,
  library,
}) => {
  const { session, branches, other } = await openOtherLeaf(page, server, library)
  const id = await session.idOf(branches.name)
  await expect.poll(() => fragment(page).get('session')).toBe(id)
  await expect.poll(() => fragment(page).get('entry')).toBe(other)
  // The token stays where the transport reads it.
  expect(fragment(page).get('token')).toBe(server.token)
  const ids = await session.transcriptIds()
  await page.reload()
  await session.waitReady(other)
  expect(await session.transcriptIds()).toEqual(ids)
  await expect(session.treeNode(other)).toHaveClass(/selected/)
  // Server mode resumes by copying the command; only the desktop app opens a terminal.
  await expect(page.getByTestId('action-copy-resume')).toBeVisible()
  await expect(page.getByTestId('action-open-terminal')).toHaveCount(0)
  await session.screenshot('smaller-reload')
  session.expectClean()
})

test('a link followed while another session is still opening opens the session it names', async ({
  page,
  server,
}) => {
  const session = new SessionPage(page, server)
  const first = piFile('plain-chat')
  const second = piFile('branches')
  const [firstId, secondId] = [await session.idOf(first.name), await session.idOf(second.name)]
  // The first session is still opening when the link to the second is followed.
  await delayReplies(page, 'session:open', 2000)
  await page.goto(`${server.appUrl}&session=${firstId}`)
  await expect(page.getByTestId('tail-preview').or(page.locator('.session-view'))).toBeVisible()
  // A change of the opening session syncs the URL to it (replaceState) after the link was
  // followed and before its hashchange event is handled.
  await page.evaluate(
    ([to, back]) => {
      window.location.hash = window.location.hash.replace(/session=[a-f0-9]+/, `session=${to}`)
      history.replaceState(
        null,
        '',
        window.location.hash.replace(/session=[a-f0-9]+/, `session=${back}`),
      )
    },
    [secondId, firstId],
  )
  await expect.poll(() => fragment(page).get('session'), { timeout: 15_000 }).toBe(secondId)
  await session.waitReady()
  await expect(session.header()).toContainText(second.name)
  await expect(
    page.locator(`[data-testid="session-item"][data-session-id="${secondId}"]`),
  ).toHaveClass(/selected/)
  // And it stays: the first session's open, answered later, does not take the view back.
  await page.waitForTimeout(2500)
  await expect(session.header()).toContainText(second.name)
  expect(fragment(page).get('session')).toBe(secondId)
  session.expectClean()
})

test('a reload while the view reads an edit in reopens the same entry', async ({
  page,
  server,
  library,
}) => {
  const { session, other } = await openOtherLeaf(page, server, library)
  await expect.poll(() => fragment(page).get('entry')).toBe(other)
  // The view reads the edit's line as live follow does; that read is held back, so the
  // reload lands while it runs.
  await page.route(/\/api\/session:follow$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue().catch(() => undefined)
  })
  const reread = page.waitForRequest(/\/api\/session:follow$/)
  await session.treeNode(other).click()
  await page.keyboard.press('l')
  await page.getByTestId('tree-label-input').fill('kept across the reload')
  await page.getByTestId('tree-label-input').press('Enter')
  await reread
  expect(fragment(page).get('entry'), 'the URL keeps the entry while the view re-reads').toBe(other)
  await page.reload()
  await session.waitReady(other)
  await expect(session.tree.label(other)).toHaveText('[kept across the reload]')
  session.expectClean()
})

test('a link cut short says it names no session, and the last session is not opened in its place', async ({
  page,
  server,
  library,
}) => {
  const { session } = await openOtherLeaf(page, server, library)
  // The last session is saved, so a launch without a link would reopen it.
  await expect.poll(() => fragment(page).get('entry')).not.toBeNull()
  await page.waitForTimeout(800)
  const id = fragment(page).get('session') as string
  await page.goto(`${server.appUrl}&session=${id.slice(0, 15)}`)
  await page.reload()
  await library.waitReady()
  await expect(page.getByTestId('link-problem')).toContainText('names no session of the library')
  await expect(page.locator('.session-view.placeholder')).toBeVisible()
  session.expectClean()
})

test('the next launch reopens the last session at its entry', async ({
  page,
  server,
  library,
  store,
  dataHome,
}) => {
  const { session, other } = await openOtherLeaf(page, server, library)
  await expect.poll(() => savedLastSession(dataHome)?.entryId ?? null).toBe(other)
  await server.stop()
  // A new port and token, no session in the URL: the settings remember it.
  await relaunch(page, store, dataHome, async () => {
    await session.waitReady(other)
    await expect(session.header()).toBeVisible()
    await expect(session.treeNode(other)).toHaveClass(/selected/)
  })
})

test('a last session that cannot be opened any more is said once, then forgotten', async ({
  page,
  server,
  library,
  store,
  dataHome,
}) => {
  await openOtherLeaf(page, server, library)
  const id = fragment(page).get('session')
  await expect.poll(() => savedLastSession(dataHome)?.sessionId ?? null).toBe(id)
  await server.stop()
  // Another program puts a folder where the session file was.
  const path = join(store.root, fixtureFile('branches', 'pi 1.6.0').file)
  renameSync(path, `${path}.moved`)
  mkdirSync(path)
  await relaunch(page, store, dataHome, async () => {
    await expect(page.getByTestId('reopen-failed')).toContainText(
      'The session open last time could not be opened again: It is a folder, not a session file',
    )
    await expect(page.locator('.session-view.placeholder')).toBeVisible()
    // Forgotten while this launch runs.
    await expect.poll(() => savedLastSession(dataHome)).toBeNull()
  })
  // The next launch starts on the library without a word.
  await relaunch(page, store, dataHome, async () => {
    await library.waitReady()
    await expect(page.locator('.session-view.placeholder')).toBeVisible()
    await expect(page.getByTestId('reopen-failed')).toHaveCount(0)
  })
})

test('quick open into another project moves the list there and says so, with the way back', async ({
  page,
  server,
  library,
}) => {
  const all = await rows(page, server)
  const target = all.find((r) => r.name && r.cwd) as Row
  const home = all.find((r) => r.cwd && r.projectId !== target.projectId) as Row
  await library.openProject(home.cwd as string)
  await page.keyboard.press('Control+k')
  const dialog = page.getByTestId('quick-open')
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Session to open').fill(target.name as string)
  await expect(dialog.locator(`#qo-${target.id}`)).toBeVisible()
  await dialog.locator(`#qo-${target.id}`).dispatchEvent('mousedown')
  await expect(dialog).toBeHidden()
  const notice = page.getByTestId('scope-notice')
  await expect(notice).toContainText('the project of the session you opened')
  await expect(library.project(target.cwd as string)).toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('session-header')).toBeVisible()
  await library.waitRows()
  await expect(
    page.locator(`[data-testid="session-item"][data-session-id="${target.id}"]`),
  ).toBeVisible()
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height })
    await page.screenshot({
      path: `test-results/screenshots/smaller-quick-open-scope-${width}x${height}.png`,
    })
  }
  // Back to a wide window: narrow ones fold the project sidebar into a picker.
  await page.setViewportSize({ width: 1280, height: 800 })
  await notice.getByRole('button', { name: /^Back to / }).click()
  await expect(library.project(home.cwd as string)).toHaveAttribute('aria-current', 'true')
  await expect(notice).toBeHidden()
})

test('quick open answers only the text in the box: no match and a refused search say so, Enter waits for the answer', async ({
  page,
  server,
  library,
}) => {
  const all = await rows(page, server)
  const target = all.find((r) => r.name) as Row
  await library.waitReady()
  await page.getByTestId('search-input').focus()
  await page.keyboard.press('Control+k')
  const dialog = page.getByTestId('quick-open')
  const input = dialog.getByLabel('Session to open')
  await input.fill(target.name as string)
  await expect(dialog.locator(`#qo-${target.id}`)).toBeVisible()
  // The list of the name stays on screen while another text is asked for; it is not the answer.
  await input.fill('zzzz-no-such-session')
  await expect(dialog.getByTestId('quick-open-empty')).toHaveText(
    'No session matches “zzzz-no-such-session”.',
  )
  await expect(dialog.getByRole('option')).toHaveCount(0)
  await input.fill('a'.repeat(2000))
  await expect(dialog.getByTestId('quick-open-problem')).toContainText('1,000 characters')
  await input.fill('re:(')
  await expect(dialog.getByTestId('quick-open-problem')).not.toHaveText('')
  await expect(dialog.getByRole('option')).toHaveCount(0)
  // Typed and Enter at once: it opens the answer to that text, not the list before it.
  await input.fill(target.name as string)
  await input.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.locator('.session-view.sv')).toHaveAttribute('data-session-id', target.id)
  // The keyboard is the opened session's, not the search box's it came from: T hides the tree.
  await expect(
    page.locator(`[data-testid="session-item"][data-session-id="${target.id}"]`),
  ).toBeFocused()
  await expect(page.locator('.branch-tree')).toBeVisible()
  await page.keyboard.press('t')
  await expect(page.locator('.branch-tree')).toBeHidden()
})

test('quick open past a search that leaves the session out clears it, focuses its row, and offers the search back', async ({
  page,
  server,
  library,
}) => {
  const all = await rows(page, server)
  const target = all.find((r) => r.name && r.cwd) as Row
  await library.openProject(target.cwd as string)
  await library.search('zzzz-in-no-session')
  await expect(page.locator('[data-testid="session-item"]')).toHaveCount(0)
  await page.getByTestId('search-input').focus()
  await page.keyboard.press('Control+k')
  const dialog = page.getByTestId('quick-open')
  await dialog.getByLabel('Session to open').fill(target.name as string)
  await expect(dialog.locator(`#qo-${target.id}`)).toBeVisible()
  await dialog.getByLabel('Session to open').press('Enter')
  await expect(dialog).toBeHidden()
  // The list shows the session, its row has the keyboard, and the search box is empty.
  const row = page.locator(`[data-testid="session-item"][data-session-id="${target.id}"]`)
  await expect(row).toBeFocused()
  await expect(page.getByTestId('search-input')).toHaveValue('')
  const notice = page.getByTestId('scope-notice')
  await expect(notice).toContainText('search and filters are cleared')
  await expect(library.project(target.cwd as string)).toHaveAttribute('aria-current', 'true')
  // The way back: the search as it was, in the box and in the list.
  await notice.getByRole('button', { name: 'Back to the search' }).click()
  await expect(page.getByTestId('search-input')).toHaveValue('zzzz-in-no-session')
  await expect(page.locator('[data-testid="session-item"]')).toHaveCount(0)
  await expect(notice).toBeHidden()
})

test('quick open from all projects keeps all projects in the list', async ({
  page,
  server,
  library,
}) => {
  const target = (await rows(page, server)).find((r) => r.name && r.cwd) as Row
  await library.showAllProjects()
  await page.keyboard.press('Control+k')
  const dialog = page.getByTestId('quick-open')
  await dialog.getByLabel('Session to open').fill(target.name as string)
  await expect(dialog.locator(`#qo-${target.id}`)).toBeVisible()
  await dialog.getByLabel('Session to open').press('Enter')
  await expect(page.getByTestId('session-header')).toBeVisible()
  await expect(page.getByTestId('project-all')).toHaveAttribute('aria-current', 'true')
  await expect(library.project(target.cwd as string)).not.toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('scope-notice')).toBeHidden()
})

test('the demo library opens as a copy in the data folder; a rename writes there, not into resources', async ({
  page,
  dataHome,
  serverFor,
  scratch,
}) => {
  const shipped = resolve('resources', 'demo')
  const shippedBytes = new Map(
    readdirSync(shipped, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), 'utf8')]),
  )
  const server = await serverFor(scratch('pi-sessions-empty-'))
  const library = new LibraryPage(page)
  await library.open(server.appUrl)
  await page.getByTestId('open-demo').click()
  await library.openProject('/home/demo/notes')
  const info = await callApi(page.request, server, 'app:get-info', {})
  const roots = ((await info.json()) as { value: { roots: { path: string }[] } }).value.roots
  const copy = join(dataHome, 'pi-sessions', 'demo')
  expect(roots.map((r) => r.path)).toContain(copy)
  expect(roots.map((r) => r.path)).not.toContain(shipped)
  await library.sessions().first().click()
  await expect(page.getByTestId('session-header')).toBeVisible()
  await new EditDialog(page).renameSelected('Renamed in the demo copy')
  await expect(page.getByTestId('session-header')).toContainText('Renamed in the demo copy')
  const copied = readdirSync(join(copy, '--home-demo-notes--'))
  expect(copied).toHaveLength(1)
  expect(readFileSync(join(copy, '--home-demo-notes--', copied[0] as string), 'utf8')).toContain(
    'Renamed in the demo copy',
  )
  for (const [file, text] of shippedBytes) expect(readFileSync(file, 'utf8')).toBe(text)
})
