/**
 * The desktop app's main journeys, written once with the page objects and run by both
 * Electron projects: the stand-in host (everywhere) and the real binary (where one exists).
 * Expected values come from the fixture files and pi's own SessionManager, never from the
 * app's output.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { expect, type Page } from '@playwright/test'
import { fixtureRef, type TempStore } from '../helpers/fixtures'
import type { LibraryPage } from './pages/library-page'
import { SessionPage } from './pages/session-page'
import { TrashPage } from './pages/trash-page'
import { appendPrompt } from './pi-append'

/** The projects (header cwds) of the fixture store every journey starts from. */
export const FIXTURE_PROJECTS = ['/home/ayla/src/orbit-notes', '/home/ayla/src/tide-tables']

/** The fixture file of `scenario` written by pi 1.6.0: path inside the store and file name. */
export function fixtureFile(scenario: string): { rel: string; name: string } {
  return fixtureRef(scenario, 'pi 1.6.0')
}

/** The library lists the fixture projects. */
export async function listsTheFixtureProjects(library: LibraryPage): Promise<void> {
  for (const cwd of FIXTURE_PROJECTS) await expect(library.project(cwd)).toHaveCount(1)
}

/** A branched session opens from the library with its whole tree. */
export async function opensASessionWithItsTree(
  page: Page,
  library: LibraryPage,
  store: TempStore,
): Promise<void> {
  const { rel, name } = fixtureFile('branches')
  await library.openSession(name)
  const session = new SessionPage(page)
  await session.waitReady()
  const pi = PiSessionManager.open(join(store.root, rel))
  await session.setFilter('all')
  await expect(session.tree.node(pi.getLeafId() as string)).toBeVisible()
  const leaves = new Set(pi.getEntries().map((e) => e.id))
  for (const e of pi.getEntries()) if (e.parentId) leaves.delete(e.parentId)
  await expect(page.getByTestId('stat-branches')).toHaveText(`${leaves.size} branches`)
}

/** A label set in the tree lands in the file (pi reads it back) and shows after a reload. */
export async function labelsAnEntryAndReadsItBack(
  page: Page,
  library: LibraryPage,
  store: TempStore,
): Promise<void> {
  const { rel, name } = fixtureFile('plain-chat')
  const path = join(store.root, rel)
  const target = PiSessionManager.open(path)
    .getEntries()
    .find((e) => e.type === 'message')?.id as string
  await library.openSession(name)
  const session = new SessionPage(page)
  await session.waitReady()
  await session.tree.setLabel(target, 'desktop label')
  expect(PiSessionManager.open(path).getLabel(target)).toBe('desktop label')
  await page.reload()
  await library.waitReady()
  await library.openSession(name)
  await session.waitReady()
  await expect(session.tree.label(target)).toHaveText('[desktop label]')
}

/** A session goes to the OS trash ($XDG_DATA_HOME/Trash) and comes back byte for byte. */
export async function deletesAndRestoresASession(
  page: Page,
  library: LibraryPage,
  store: TempStore,
  dataHome: string,
): Promise<void> {
  await library.openProject(FIXTURE_PROJECTS[1] as string)
  const name = (await library.sessions().first().getAttribute('data-file-name')) as string
  const path = join(store.sessionsDir, '--home-ayla-src-tide-tables--', name)
  const before = readFileSync(path)
  const trash = new TrashPage(page)
  await trash.check(0)
  await trash.moveCheckedToTrash()
  await trash.confirm()
  await expect(trash.notice()).toContainText('Moved 1 session to the trash')
  expect(existsSync(path)).toBe(false)
  expect(readdirSync(join(dataHome, 'Trash', 'files'))).toHaveLength(1)
  await trash.openRecentlyDeleted()
  await trash.restore(name)
  await expect(trash.deletedItems()).toHaveCount(0)
  expect(readFileSync(path)).toEqual(before)
  await expect(library.row(name)).toHaveCount(1)
}

/**
 * What pi appends reaches the window without a reload: main's watcher emits
 * `library:changed` and the row moves to the top of the most-recent order.
 */
export async function showsWhatPiAppends(library: LibraryPage, store: TempStore): Promise<void> {
  await library.openProject(FIXTURE_PROJECTS[1] as string)
  await library.sortBy('recent')
  const name = (await library.sessions().last().getAttribute('data-file-name')) as string
  await expect(library.sessions().first()).not.toHaveAttribute('data-file-name', name)
  const path = join(store.sessionsDir, '--home-ayla-src-tide-tables--', name)
  appendPrompt(path, 'desk0001', 'Appended while the window was open')
  await expect(library.sessions().first()).toHaveAttribute('data-file-name', name)
}
