/**
 * Labels, rename and extract from the UI (each edit a pi-format append, with undo), in Chromium against server mode on a
 * temp copy of the fixtures; what lands on disk is read back with pi's own SessionManager.
 */
import {
  appendFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import type { Page } from '@playwright/test'
import { expect, test, type ServerHandle } from './harness'
import { EditDialog } from './pages/edit-dialog'
import { SessionPage, fragment } from './pages/session-page'
import { fixtureRef } from '../helpers/fixtures'
import { appendAfterLast, userEntry } from '../helpers/append'

function fixture(scenario: string, writer = 'pi 1.6.0') {
  return fixtureRef(scenario, writer)
}

/** Opens fixture `scenario` (written by `writer`) of the test's store in the session view. */
async function openFixture(page: Page, server: ServerHandle, scenario: string, writer?: string) {
  const ref = fixture(scenario, writer)
  const session = new SessionPage(page, server)
  await session.open(ref.name)
  return { ...ref, session }
}

/**
 * Has main's answers on `channel` be its answer to a file it may not read (EACCES: code io,
 * "Permission denied"): the tests run as root, whom a chmod does not stop.
 * @returns `lift`, which lets main answer again
 */
async function permissionDenied(page: Page, channel: string): Promise<{ lift(): Promise<void> }> {
  const matches = (url: URL) => url.pathname === `/api/${channel}`
  await page.route(matches, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: { code: 'io', message: 'Permission denied' } }),
    }),
  )
  return { lift: () => page.unroute(matches) }
}

/**
 * Moves the fixture file `rel` (named `name`) of the test's store into a new project folder,
 * as another program would; returns its new path.
 */
function moveToAnotherFolder(
  store: { root: string; sessionsDir: string },
  rel: string,
  name: string,
): string {
  const folder = join(store.sessionsDir, '--home-ayla-src-elsewhere--')
  mkdirSync(folder)
  const to = join(folder, name)
  renameSync(join(store.root, rel), to)
  return to
}

test('label a tree node inline, see it in the tree and after a reload, then undo', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const path = join(store.root, rel)
  const target = PiSessionManager.open(path)
    .getEntries()
    .find((e) => e.type === 'message')?.id as string
  const lastBefore = PiSessionManager.open(path).getLeafId()
  await session.selectNode(target)
  await session.tree.setLabel(target, 'first question')
  await expect(session.tree.label(target)).toHaveText('[first question]')
  expect(PiSessionManager.open(path).getLabel(target)).toBe('first question')
  // pi's leaf is now the label entry, which the default filter hides: the entry it hangs on
  // carries the "leaf" badge.
  await expect(page.locator('[data-testid="tree-node"][data-leaf="true"]')).toHaveAttribute(
    'data-entry-id',
    lastBefore as string,
  )
  await session.screenshot('label-inline')

  await page.reload()
  await session.waitReady()
  await expect(session.tree.label(target)).toHaveText('[first question]')

  await session.tree.setLabel(target, '')
  await expect(session.tree.label(target)).toHaveCount(0)
  await new EditDialog(page).undo()
  await expect(session.tree.label(target)).toHaveText('[first question]')
  expect(PiSessionManager.open(path).getLabel(target)).toBe('first question')
})

test('a label saved with Enter leaves the keyboard on its node in the tree', async ({
  page,
  server,
}) => {
  const { session } = await openFixture(page, server, 'plain-chat')
  const nodes = session.treeNodes()
  const first = (await nodes.first().getAttribute('data-entry-id')) as string
  const second = (await nodes.nth(1).getAttribute('data-entry-id')) as string
  await session.selectNode(first)
  await page.keyboard.press('l')
  await page.getByTestId('tree-label-input').fill('keyboard label')
  await page.keyboard.press('Enter')
  await expect(session.tree.label(first)).toHaveText('[keyboard label]')
  // The entry whose row has the keyboard (or the focused element's tag when no row has it).
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement
      return el?.getAttribute('role') === 'treeitem'
        ? (el.querySelector('[data-entry-id]')?.getAttribute('data-entry-id') ?? null)
        : (el?.tagName ?? null)
    })
  await expect.poll(focused).toBe(first)
  await page.keyboard.press('ArrowDown')
  await expect.poll(focused).toBe(second)
})

/**
 * Opens the branched fixture with its first branch point folded; returns that entry, the first
 * message (above it) and the file.
 */
async function withForkFolded(page: Page, server: ServerHandle, store: { root: string }) {
  const { rel, session } = await openFixture(page, server, 'branches')
  const path = join(store.root, rel)
  const entries = PiSessionManager.open(path).getEntries()
  const fork = entries.find((e) => entries.filter((child) => child.parentId === e.id).length > 1)
    ?.id as string
  const first = entries.find((e) => e.type === 'message')?.id as string
  expect(first).not.toBe(fork)
  await session.tree.toggle(session.tree.node(fork))
  await expect(session.tree.node(fork).locator('.tree-toggle')).toHaveText('▸')
  return { session, fork, first, path }
}

test('a label keeps the tree as it was: a folded branch stays folded', async ({
  page,
  server,
  store,
}) => {
  const { session, fork, first } = await withForkFolded(page, server, store)
  const shown = await session.treeNodes().count()
  await session.tree.setLabel(first, 'kept folded')
  await expect(session.tree.node(fork).locator('.tree-toggle')).toHaveText('▸')
  await expect(session.treeNodes()).toHaveCount(shown)
})

test('pi writing on after a label (a new branch) shows in place: folds and focus stay', async ({
  page,
  server,
  store,
}) => {
  const { session, fork, first, path } = await withForkFolded(page, server, store)
  const piLeaf = PiSessionManager.open(path).getLeafId() as string
  await session.tree.setLabel(first, 'before pi goes on')
  // pi does not read the file: its next entry hangs on its own leaf, not on our label.
  appendFileSync(
    path,
    JSON.stringify({
      type: 'message',
      id: 'feed0001',
      parentId: piLeaf,
      timestamp: new Date().toISOString(),
      message: { role: 'user', content: 'pi goes on', timestamp: Date.now() },
    }) + '\n',
  )
  await expect(session.tree.node('feed0001')).toHaveAttribute('data-leaf', 'true')
  await expect(session.tree.node(fork).locator('.tree-toggle')).toHaveText('▸')
  await expect(session.tree.label(first)).toHaveText('[before pi goes on]')
  const focused = await page.evaluate(() =>
    document.activeElement?.querySelector('[data-entry-id]')?.getAttribute('data-entry-id'),
  )
  expect(focused).toBe(first)
})

test('a session whose file is deleted while open offers no edit, and says why', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const rename = page.getByTestId('action-rename')
  await expect(rename).toBeEnabled()
  // pi writes a line: the session is live.
  appendAfterLast(join(store.root, rel), userEntry('feed0001', 'pi writes'))
  const live = session.header().getByTestId('live-badge')
  await expect(live).toBeVisible()
  // Another program deletes the file (the app itself only ever moves files to the trash).
  rmSync(join(store.root, rel))
  await expect(page.getByTestId('file-notice')).toHaveAttribute('data-state', 'gone')
  // Nothing is written to a file that is gone.
  await expect(live).toHaveCount(0)
  await expect(rename).toBeDisabled()
  await expect(rename).toHaveAttribute('title', /file is gone/)
  await expect(page.getByTestId('action-label')).toBeDisabled()
  // F2 and L, the edits' keys, ask for nothing either.
  await page.keyboard.press('F2')
  await page.keyboard.press('l')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByTestId('tree-label-input')).toHaveCount(0)
})

test('a session that could not be opened because its file was gone opens again once the file is back, or on Try again', async ({
  page,
  server,
  store,
}) => {
  const { rel, name } = fixture('plain-chat')
  const path = join(store.root, rel)
  const bytes = readFileSync(path)
  const session = new SessionPage(page, server)
  await session.open(name)
  const ids = await session.transcriptIds()
  rmSync(path)
  await expect(page.getByTestId('file-notice')).toHaveAttribute('data-state', 'gone')
  await session.header().getByRole('button', { name: 'Reload' }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'Could not open the session' })
  await expect(failed).toBeVisible()
  // Still gone: trying again asks main again, and says so again.
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/session:open'))
  await failed.getByRole('button', { name: 'Try again' }).click()
  await asked
  await expect(failed).toBeVisible()
  // The file comes back (a backup restored): the session opens by itself, as it was.
  writeFileSync(path, bytes)
  await session.waitReady()
  await expect(failed).toHaveCount(0)
  expect(await session.transcriptIds()).toEqual(ids)
  session.expectClean()
})

test('a session that could not be read opens by itself once the library changes and it can be, its own file untouched', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const ids = await session.transcriptIds()
  const other = join(store.root, fixture('compaction').rel)
  // Main's answer while the session's folder cannot be read.
  const open = await permissionDenied(page, 'session:open')
  await session.header().getByRole('button', { name: 'Reload' }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'Could not open the session' })
  await expect(failed).toContainText('Permission denied')
  // The permission given back: a change elsewhere in the library (the folder's, in life) has
  // the view try again, and it opens as it was.
  await open.lift()
  appendAfterLast(other, userEntry('feed00e1', 'elsewhere'))
  await session.waitReady()
  await expect(failed).toHaveCount(0)
  expect(await session.transcriptIds()).toEqual(ids)
  expect(readFileSync(join(store.root, rel), 'utf8')).not.toContain('feed00e1')
  session.expectClean()
})

test("a file that cannot be followed says why, in main's words, and is followed again once it can be", async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  // Main's answer when the file can no longer be read.
  const follow = await permissionDenied(page, 'session:follow')
  appendAfterLast(join(store.root, rel), userEntry('feed00c1', 'pi writes on'))
  const notice = page.getByTestId('file-notice')
  await expect(notice).toHaveAttribute('data-state', 'changed')
  await expect(notice).toContainText(
    'The file could not be followed: Permission denied; what you see is the last version read. Reload',
  )
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible()
  // Readable again: pi's next line is followed, with the one before it, and the notice goes.
  await follow.lift()
  appendAfterLast(join(store.root, rel), userEntry('feed00c2', 'and on'))
  await expect(notice).toHaveCount(0)
  await expect(session.tree.node('feed00c2')).toHaveAttribute('data-leaf', 'true')
  await expect(session.tree.node('feed00c1')).toBeVisible()
  session.expectClean()
})

test('a file that could not be read, readable again and unchanged, is followed again without a Reload', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const other = join(store.root, fixture('compaction').rel)
  // Main's answer while the file cannot be read (its folder's permission taken away). A
  // change elsewhere in the library has the view look at its file.
  const follow = await permissionDenied(page, 'session:follow')
  appendAfterLast(other, userEntry('feed00d1', 'elsewhere'))
  const notice = page.getByTestId('file-notice')
  await expect(notice).toContainText('The file could not be followed: Permission denied;')
  // The permission given back: the library's next change finds the file as the view shows it.
  await follow.lift()
  appendAfterLast(other, userEntry('feed00d2', 'elsewhere again'))
  await expect(notice).toHaveCount(0)
  // And it is followed as before.
  appendAfterLast(join(store.root, rel), userEntry('feed00d3', 'pi writes on'))
  await expect(session.tree.node('feed00d3')).toHaveAttribute('data-leaf', 'true')
  session.expectClean()
})

test('a session whose file is moved to another folder while open says where it went and opens it there, at the same entry', async ({
  page,
  server,
  store,
}) => {
  const { rel, name } = fixture('plain-chat')
  const session = new SessionPage(page, server)
  const oldId = await session.idOf(name)
  await session.open(name)
  const first = (await session.treeNodes().first().getAttribute('data-entry-id')) as string
  await session.selectNode(first)
  moveToAnotherFolder(store, rel, name)
  const notice = page.getByTestId('file-notice')
  await expect(notice).toHaveAttribute('data-state', 'gone')
  await expect(notice).toContainText(
    'This session’s file was moved to another folder; what you see is the last version read.',
  )
  await session.screenshot('moved-notice')
  await page.getByTestId('open-moved').click()
  await session.waitReady(first)
  await expect(notice).toHaveCount(0)
  await expect(page.getByTestId('action-rename')).toBeEnabled()
  const newId = fragment(page).get('session')
  expect(newId).toMatch(/^[a-f0-9]+$/)
  expect(newId).not.toBe(oldId)
  await expect(session.treeNode(first)).toHaveClass(/selected/)
  session.expectClean()
})

test('a session whose file is renamed while open gives its new name, without claiming where it is', async ({
  page,
  server,
  store,
}) => {
  const { rel, name, session } = await openFixture(page, server, 'plain-chat')
  // Another start time in the name: the same session (its header's id), another file.
  const renamed = name.replace(/^\d{4}/, '2001')
  renameSync(join(store.root, rel), join(dirname(join(store.root, rel)), renamed))
  const notice = page.getByTestId('file-notice')
  await expect(notice).toHaveAttribute('data-state', 'gone')
  await expect(notice).toContainText(
    `This session’s file was renamed or moved: it is now ${renamed}; what you see is the last version read.`,
  )
  await page.getByTestId('open-moved').click()
  await session.waitReady()
  await expect(notice).toHaveCount(0)
  session.expectClean()
})

test('a session followed at pi’s leaf and opened where its file moved follows on there', async ({
  page,
  server,
  store,
}) => {
  const { rel, name, session } = await openFixture(page, server, 'plain-chat')
  const moved = moveToAnotherFolder(store, rel, name)
  await page.getByTestId('open-moved').click()
  await session.waitReady()
  // Not pinned to the entry that was pi's leaf: what pi writes there next shows.
  expect(fragment(page).get('entry')).toBeNull()
  appendAfterLast(moved, userEntry('feed00b2', 'written where it moved'))
  await expect(
    page.locator('.transcript [data-testid="transcript-entry"][data-entry-id="feed00b2"]'),
  ).toBeVisible()
  await expect(session.treeNode('feed00b2')).toHaveClass(/selected/)
  session.expectClean()
})

test('a session whose file is moved away and back while open is followed again where it was', async ({
  page,
  server,
  store,
}) => {
  const { rel, name, session } = await openFixture(page, server, 'plain-chat')
  const moved = moveToAnotherFolder(store, rel, name)
  const notice = page.getByTestId('file-notice')
  await expect(page.getByTestId('open-moved')).toBeVisible()
  renameSync(moved, join(store.root, rel))
  await expect(notice).toHaveCount(0)
  await expect(page.getByTestId('action-rename')).toBeEnabled()
  // Followed again: what pi writes next shows.
  appendAfterLast(join(store.root, rel), userEntry('feed00b1', 'back where it was'))
  await expect(session.treeNode('feed00b1')).toBeVisible()
  session.expectClean()
})

test('rename a session from the list with F2; the row and pi agree', async ({
  page,
  library,
  store,
}) => {
  const { rel, name } = fixture('plain-chat')
  await library.openProject('/home/ayla/src/orbit-notes')
  await library.search(name.slice(name.indexOf('_') + 1, -'.jsonl'.length))
  const row = library.row(name)
  await row.click()
  await expect(page.getByTestId('session-header')).toBeVisible()
  await new EditDialog(page).renameSelected('Orbit notes: the first chat')
  await expect(row.locator('.session-title')).toHaveText('Orbit notes: the first chat')
  expect(PiSessionManager.open(join(store.root, rel)).getSessionName()).toBe(
    'Orbit notes: the first chat',
  )
  // The same name again writes nothing and says so; there is nothing to undo.
  const bytes = readFileSync(join(store.root, rel))
  await new EditDialog(page).renameSelected('Orbit notes: the first chat')
  await expect(page.getByTestId('edit-unchanged')).toContainText(
    'Nothing changed: the session is already named “Orbit notes: the first chat”.',
  )
  expect(readFileSync(join(store.root, rel))).toEqual(bytes)
})

test('a rename dialog left open closes when another session opens (Back), and writes nothing', async ({
  page,
  server,
  store,
}) => {
  const first = fixture('plain-chat')
  const second = fixture('compaction')
  const session = new SessionPage(page, server)
  const firstId = await session.open(first.name)
  await session.open(second.name)
  const bytes = readFileSync(join(store.root, second.rel))
  await new EditDialog(page).action('rename').click()
  await page.getByTestId('edit-input').fill('Typed for the second session')
  // The browser's Back opens the first session again: the dialog was about the second.
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`session=${firstId}`))
  await session.waitReady()
  await expect(page.getByTestId('edit-dialog')).toBeHidden()
  expect(readFileSync(join(store.root, second.rel))).toEqual(bytes)
  session.expectClean()
})

test('a name longer than the limit is kept in the field with the reason, and nothing is written', async ({
  page,
  server,
  store,
}) => {
  const { rel } = await openFixture(page, server, 'plain-chat')
  const bytes = readFileSync(join(store.root, rel))
  // 200 letters and 150 emoji: 350 characters, 500 UTF-16 units (a field's maxLength counts
  // units, and used to cut the paste silently).
  const long = 'x'.repeat(200) + '🙂'.repeat(150)
  await new EditDialog(page).renameSelected(long)
  await expect(page.getByTestId('edit-dialog').getByRole('alert')).toHaveText(
    /^The session name is too long: at most \d+ characters$/,
  )
  await expect(page.getByTestId('edit-input')).toHaveValue(long)
  // A paste far beyond it is refused in the same words (not by the request's size check).
  const pasted = 'y'.repeat(20_000)
  await page.getByTestId('edit-input').fill(pasted)
  await page.getByTestId('edit-input').press('Enter')
  await expect(page.getByTestId('edit-dialog').getByRole('alert')).toHaveText(
    /^The session name is too long: at most \d+ characters$/,
  )
  await expect(page.getByTestId('edit-input')).toHaveValue(pasted)
  expect(readFileSync(join(store.root, rel))).toEqual(bytes)
})

test('a label longer than the limit typed inline comes back in its field with the reason, and nothing is written', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const path = join(store.root, rel)
  const bytes = readFileSync(path)
  const target = PiSessionManager.open(path)
    .getEntries()
    .find((e) => e.type === 'message')?.id as string
  const long = 'x'.repeat(150) + '🙂'.repeat(60)
  const input = await session.tree.startLabel(target)
  await input.fill(long)
  await input.press('Enter')
  await expect(page.getByTestId('edit-error')).toContainText(
    /Not saved: The label is too long: at most \d+ characters/,
  )
  const again = page.getByTestId('tree-label-input')
  await expect(again).toHaveValue(long)
  await expect(again).toBeFocused()
  expect(readFileSync(path)).toEqual(bytes)
  // Cut to the limit, it is saved.
  await again.fill('x'.repeat(150))
  await again.press('Enter')
  await expect(session.tree.label(target)).toHaveText(`[${'x'.repeat(150)}]`)
  expect(PiSessionManager.open(path).getLabel(target)).toBe('x'.repeat(150))
})

test('extract a branch into a new session, which opens and names its parent', async ({
  page,
  server,
  store,
}) => {
  const { rel, name, session } = await openFixture(page, server, 'branches')
  const source = PiSessionManager.open(join(store.root, rel))
  // A leaf off pi's resume path: the extracted session holds exactly that path.
  const leaf = source.getTree()[0]?.children[0]?.children[0]?.entry.id as string
  await session.setFilter('all')
  await session.selectNode(leaf)
  const before = readdirSync(dirname(join(store.root, rel)))
  await new EditDialog(page).extractSelected()
  await expect(page.getByTestId('lineage-parent')).toBeVisible()
  await session.waitReady()
  const header = page.getByTestId('session-header')
  await expect(header).not.toContainText(name)
  // The new file sits beside its source and names it as parent session (pi spec 14.6).
  const folder = dirname(join(store.root, rel))
  const created = readdirSync(folder).filter((f) => !before.includes(f))
  expect(created).toHaveLength(1)
  const pi = PiSessionManager.open(join(folder, created[0] as string))
  expect(pi.getHeader()?.parentSession).toBe(join(store.root, rel))
  const expected = source
    .getBranch(leaf)
    .filter((e) => e.type !== 'label')
    .map((e) => e.id)
  expect(
    pi
      .getEntries()
      .filter((e) => e.type !== 'label')
      .map((e) => e.id),
  ).toEqual(expected)
  await session.screenshot('extracted')
})

test('a damaged session cannot be edited and says why', async ({ page, server }) => {
  await openFixture(page, server, 'damaged-bom', 'handwritten')
  await expect(page.getByTestId('read-only')).toBeVisible()
  const edits = new EditDialog(page)
  await expect(edits.action('rename')).toBeDisabled()
  await expect(edits.action('extract')).toBeDisabled()
})

test('when another program truncates the open file, the view opens it again and says so', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const before = Number((await page.getByTestId('stat-entries').textContent())?.replace(/\D/g, ''))
  const path = join(store.root, rel)
  // Drop the last line: what pi's own file does not do, another tool might.
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n')
  writeFileSync(path, lines.slice(0, -1).join('\n') + '\n')
  const notice = page.getByTestId('file-notice')
  await expect(notice).toHaveAttribute('data-state', 'reopened')
  await expect(notice).toContainText('The file was truncated: it was opened again.')
  await session.waitReady()
  await expect(page.getByTestId('stat-entries')).toHaveText(`${before - 1} entries`)
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
})

test('the keyboard stays in the tree when another program truncates the open file and the view opens it again', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const path = join(store.root, rel)
  const entries = PiSessionManager.open(path).getEntries()
  const [first, second, third] = entries.filter((e) => e.type === 'message')
  await session.selectNode(first?.id as string)
  await page.keyboard.press('ArrowDown')
  await session.waitReady(second?.id as string)
  const focusedEntry = () => session.tree.focusedEntry()
  expect(await focusedEntry()).toBe(second?.id)
  // Drop the last line: what pi's own file does not do, another tool might.
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n')
  writeFileSync(path, lines.slice(0, -1).join('\n') + '\n')
  await expect(page.getByTestId('file-notice')).toHaveAttribute('data-state', 'reopened')
  await session.waitReady(second?.id as string)
  await expect.poll(focusedEntry).toBe(second?.id)
  await page.keyboard.press('ArrowDown')
  await expect.poll(focusedEntry).toBe(third?.id)
  await session.waitReady(third?.id as string)
  session.expectClean()
})

test('a label being typed when another program truncates the file comes back in its field with its text; cut away with its entry, a notice keeps the text', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const path = join(store.root, rel)
  const messages = PiSessionManager.open(path)
    .getEntries()
    .filter((e) => e.type === 'message')
  const first = messages[0]?.id as string
  const second = messages[1]?.id as string
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n')
  const lineOf = (id: string) => lines.findIndex((l) => l.includes(`"id":"${id}"`))

  // The entry stays: the field comes back with what was typed, and Enter saves it.
  let input = await session.tree.startLabel(first)
  await input.fill('typed before the cut')
  writeFileSync(path, lines.slice(0, -1).join('\n') + '\n')
  await expect(page.getByTestId('file-notice')).toHaveAttribute('data-state', 'reopened')
  input = page.getByTestId('tree-label-input')
  await expect(input).toHaveValue('typed before the cut')
  await expect(input).toBeFocused()
  await input.press('Enter')
  await expect(session.tree.label(first)).toHaveText('[typed before the cut]')
  expect(PiSessionManager.open(path).getLabel(first)).toBe('typed before the cut')

  // The entry is cut away: a notice says the label was not saved, and what it read.
  input = await session.tree.startLabel(second)
  await input.fill('typed on a line that goes')
  writeFileSync(path, lines.slice(0, lineOf(second)).join('\n') + '\n')
  await expect(page.getByTestId('label-not-saved')).toContainText(
    'The label being typed was not saved: its entry is no longer in the file. It read: “typed on a line that goes”',
  )
  await expect(page.getByTestId('tree-label-input')).toHaveCount(0)
  session.expectClean()
})

test('when a rewrite drops the entry the user selected, the view says so of the selection, not of a link', async ({
  page,
  server,
  store,
}) => {
  const { rel, session } = await openFixture(page, server, 'plain-chat')
  const path = join(store.root, rel)
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n')
  const ids = lines.slice(1).map((line) => (JSON.parse(line) as { id: string }).id)
  const chosen = ids.at(-2) as string
  await session.selectNode(chosen)
  // Another tool cuts the file before the chosen entry: the entry and pi's leaf are gone.
  writeFileSync(path, lines.slice(0, -2).join('\n') + '\n')
  await expect(page.getByTestId('file-notice')).toHaveAttribute('data-state', 'reopened')
  const missing = page.getByTestId('missing-entry-notice')
  await expect(missing).toContainText(
    `The selected entry ${chosen} is no longer in the file: its last entry (where pi resumes) is shown instead.`,
  )
  await expect(missing).not.toContainText('link')
  // pi's leaf of the cut file: its last entry (pi spec 6.2).
  await expect(page.locator('.transcript')).toHaveAttribute(
    'data-path-target',
    ids.at(-3) as string,
  )
  await session.waitReady()
  await session.screenshot('selection-cut')
})
