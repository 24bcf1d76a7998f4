/**
 * The window layout in Chromium against server mode: splitters between projects | sessions
 * | session and between tree | transcript (mouse and keyboard, remembered over a reload), the
 * collapsible sidebar (Ctrl+B and its button), reading mode, the narrow layout (project
 * picker, the tree as a toggled panel), and Recently deleted as a panel of its own. Takes
 * screenshots at 1440x900, 1280x720, 1024x640 and 800x600 into test-results/screenshots/.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { audit } from './axe'
import { callApi, expect, test, type ServerHandle } from './harness'
import { SessionPage } from './pages/session-page'
import { TrashPage } from './pages/trash-page'
import { fixtureFileName } from '../helpers/fixtures'
import { VIEWPORTS } from './viewports'
import { secureWindowOptions } from '../../main/electron/options'

const BRANCHES = fixtureFileName('branches', 'pi 1.6.0')
const CWD = '/home/ayla/src/orbit-notes'

async function width(locator: Locator): Promise<number> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('the element is not on screen')
  return box.width
}

const projects = (page: Page) => page.getByRole('navigation', { name: 'Projects' })
const sessionList = (page: Page) => page.locator('.session-list')
const sessionView = (page: Page) => page.locator('.session-view.sv')
const splitter = (page: Page, name: string) => page.getByRole('separator', { name })

/**
 * Opens a session by deep link and waits for its transcript (not for the branch tree, which
 * narrow windows hide).
 */
async function openTranscript(session: SessionPage, fileName: string): Promise<void> {
  const id = await session.idOf(fileName)
  await session.page.goto(`${session.server?.appUrl}&session=${id}`)
  await waitTranscript(session.page)
}

async function waitTranscript(page: Page): Promise<void> {
  await expect(sessionView(page)).toHaveAttribute('data-status', 'ready')
  await expect(page.locator('.transcript')).toHaveAttribute('data-transcript-state', 'ready')
}

/**
 * Moves one session (not the open `branches` one) to the trash and loads the app again:
 * "Recently deleted" then carries its count, the app bar's longest label.
 */
async function oneInTrash(session: SessionPage, server: ServerHandle): Promise<void> {
  const page = session.page
  const victim = await session.idOf(fixtureFileName('plain-chat', 'pi 1.6.0'))
  const moved = await callApi(page.request, server, 'trash:move-sessions', {
    sessionIds: [victim],
  })
  expect(moved.ok()).toBe(true)
  await page.reload()
  await waitTranscript(page)
  await expect(page.getByRole('button', { name: /Recently deleted/ })).toContainText('(1)')
}

/** Opens the `branches` session by deep link in a 1440x900 window (its tree beside it). */
async function openWide(page: Page, server: ServerHandle): Promise<SessionPage> {
  await page.setViewportSize({ width: 1440, height: 900 })
  const session = new SessionPage(page, server)
  await session.open(BRANCHES)
  return session
}

test('the pane splitters resize from the keyboard and by dragging, and the sizes survive a reload', async ({
  library,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await library.openProject(CWD)
  const before = await width(projects(page))
  const projectsSplitter = splitter(page, 'Resize the projects pane')
  await projectsSplitter.focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  const wider = await width(projects(page))
  expect(wider).toBeGreaterThan(before + 30)

  const listSplitter = splitter(page, 'Resize the session list')
  const box = (await listSplitter.boundingBox()) as { x: number; y: number; height: number }
  const listBefore = await width(sessionList(page))
  await page.mouse.move(box.x + 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 82, box.y + box.height / 2, { steps: 8 })
  await page.mouse.up()
  const listAfter = await width(sessionList(page))
  expect(listAfter).toBeGreaterThan(listBefore + 60)

  await page.reload()
  await library.waitReady()
  expect(Math.abs((await width(projects(page))) - wider)).toBeLessThan(3)
  expect(Math.abs((await width(sessionList(page))) - listAfter)).toBeLessThan(3)
})

test('a window made small, then large, then its first size again has the panes it started with', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const session = new SessionPage(page, server)
  await openTranscript(session, BRANCHES)
  // A second launch at this size: it finds whatever layout the first one saved.
  await page.reload()
  await waitTranscript(page)
  // Whole pixels: a layout restored from shares of the window lands within a pixel.
  const panes = async () =>
    Promise.all(
      [projects(page), sessionList(page), sessionView(page)].map(async (pane) =>
        Math.round(await width(pane)),
      ),
    )
  const first = await panes()
  for (const [w, h] of [
    [800, 600],
    [1920, 1080],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await waitTranscript(page)
  }
  await expect.poll(panes).toEqual(first)
  // And over a reload: no size the resizes left was kept.
  await page.reload()
  await waitTranscript(page)
  await expect.poll(panes).toEqual(first)
})

test('the tree | transcript splitter resizes the branch tree and is remembered', async ({
  page,
  server,
}) => {
  const session = await openWide(page, server)
  const tree = page.locator('.branch-tree')
  const treeSplitter = splitter(page, 'Resize the branch tree')
  const vertical = (await treeSplitter.getAttribute('aria-orientation')) === 'horizontal'
  const size = async () => {
    const b = (await tree.boundingBox()) as { width: number; height: number }
    return vertical ? b.height : b.width
  }
  const before = await size()
  await treeSplitter.focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press(vertical ? 'ArrowDown' : 'ArrowRight')
  const grown = await size()
  expect(grown).toBeGreaterThan(before + 20)
  await page.reload()
  await session.waitReady()
  expect(Math.abs((await size()) - grown)).toBeLessThan(3)
})

test("the branch tree and its rows take their pane's width as the window is resized", async ({
  page,
  server,
}) => {
  await openWide(page, server)
  const box = page.locator('.branch-tree .tree-box')
  const tree = box.getByRole('tree')
  const row = box.locator('[data-testid="tree-node"]').first()
  const inner = () =>
    box.evaluate((el) => {
      const style = getComputedStyle(el)
      return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    })
  const fits = async () => {
    await expect.poll(async () => Math.abs((await width(tree)) - (await inner()))).toBeLessThan(2)
    // A row spans the tree, less the list's vertical scrollbar.
    expect(await width(row)).toBeGreaterThan((await inner()) - 20)
  }
  await fits()
  const before = await inner()
  // The panes keep their proportions (or the sizes a user gave them): the tree's box changes.
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect.poll(inner).not.toBe(before)
  await fits()
})

test("in a narrow tree pane a label gives way before the entry's head, and the text before both", async ({
  page,
  server,
}) => {
  await openWide(page, server)
  const rowOf = (label: string) =>
    page.locator('.branch-tree [data-testid="tree-node"]', {
      has: page.getByTestId('tree-label').getByText(label, { exact: true }),
    })
  const right = async (locator: Locator) => {
    const box = await locator.boundingBox()
    if (!box) throw new Error('the element is not on screen')
    return box.x + box.width
  }
  const crowded = rowOf('[checkpoint-2]')
  const label = crowded.getByTestId('tree-label')
  const cut = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth)
  // The tree pane narrows until the row's badge, label and head no longer fit.
  const treeSplitter = splitter(page, 'Resize the branch tree')
  expect(await treeSplitter.getAttribute('aria-orientation')).toBe('vertical')
  await treeSplitter.focus()
  for (let i = 0; i < 30 && !(await cut(label)); i++) await page.keyboard.press('ArrowLeft')
  expect(await cut(label)).toBe(true)
  // The text gave way first, then the label; the head stays whole, the title has the label.
  expect(await crowded.locator('.tree-text').evaluate((el) => el.clientWidth)).toBeLessThan(2)
  expect(await right(crowded.locator('.tree-head'))).toBeLessThanOrEqual(await right(crowded))
  await expect(label).toHaveAttribute('title', 'checkpoint-2')
})

test('Ctrl+B and the sidebar button collapse and bring back the project sidebar', async ({
  library,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await library.openProject(CWD)
  await library.sessions().first().click()
  const sessionBefore = await width(sessionView(page))
  const projectId = (await library.project(CWD).getAttribute('data-project-id')) as string
  await page.keyboard.press('Control+b')
  await expect(projects(page)).toBeHidden()
  // The projects stay reachable: a picker in the list, still on the chosen project.
  await expect(page.getByTestId('project-picker')).toBeVisible()
  await expect(page.getByTestId('project-picker')).toHaveValue(projectId)
  expect(await width(sessionView(page))).toBeGreaterThan(sessionBefore + 200)
  await page.reload()
  await library.waitReady()
  await expect(projects(page)).toBeHidden()
  await page.getByRole('button', { name: 'Show the sidebar' }).click()
  await expect(projects(page)).toBeVisible()
  await expect(library.project(CWD)).toBeVisible()
  await page.getByRole('button', { name: 'Hide the sidebar' }).click()
  await expect(projects(page)).toBeHidden()
})

test('at 1024x640 the projects fold into a picker and the tree is a toggled panel', async ({
  page,
  server,
  library,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 })
  await library.waitReady()
  await expect(projects(page)).toBeHidden()
  const picker = page.getByTestId('project-picker')
  await expect(picker).toBeVisible()
  await picker.selectOption({ label: 'orbit-notes' })
  await library.waitRows()
  await expect(page.locator('.session-list .pane-title')).toContainText(CWD)

  const session = new SessionPage(page, server)
  await openTranscript(session, BRANCHES)
  expect(await width(sessionView(page))).toBeGreaterThanOrEqual(600)
  const treeToggle = page.getByRole('button', { name: 'Branch tree' })
  await expect(treeToggle).toHaveAttribute('aria-pressed', 'false')
  await expect(page.locator('.branch-tree')).toBeHidden()
  expect(await width(page.locator('.transcript'))).toBeGreaterThanOrEqual(600)
  await treeToggle.click()
  await expect(page.locator('.branch-tree')).toBeVisible()
  await expect(page.locator('.branch-tree')).toHaveAttribute('data-tree-state', 'ready')
  await session.treeNodes().first().click()
  await expect(page.getByTestId('transcript-entry').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/layout-1024x640-tree.png' })
  await treeToggle.click()
  await expect(page.locator('.branch-tree')).toBeHidden()
})

test('at 800x600 the session gets usable width, and reading mode gives it the window', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const session = new SessionPage(page, server)
  await openTranscript(session, BRANCHES)
  expect(await width(page.locator('.transcript'))).toBeGreaterThanOrEqual(440)
  await page.keyboard.press('Control+.')
  await expect(sessionList(page)).toBeHidden()
  expect(await width(sessionView(page))).toBeGreaterThanOrEqual(790)
  await expect(page.getByTestId('transcript-entry').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/layout-800x600-reading.png' })
  await page.getByRole('button', { name: 'Reading mode' }).click()
  await expect(sessionList(page)).toBeVisible()
})

test('the smallest window the desktop app allows has no horizontal scrollbar, the app bar included', async ({
  page,
  server,
}) => {
  const { minWidth, minHeight } = secureWindowOptions('preload.js')
  await page.setViewportSize({ width: minWidth as number, height: minHeight as number })
  const session = new SessionPage(page, server)
  await openTranscript(session, BRANCHES)
  await oneInTrash(session, server)
  const overflow = (selector: string) =>
    page.locator(selector).evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(await overflow('html')).toBe(0)
  expect(await overflow('.app-bar')).toBe(0)
  await page.screenshot({ path: `test-results/screenshots/layout-${minWidth}x${minHeight}.png` })
})

test("in raw entries beside the tree, an entry's head wraps in its card rather than overflowing it", async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const session = new SessionPage(page, server)
  await openTranscript(session, fixtureFileName('compaction', 'pi 1.6.0'))
  await page.getByTestId('view-raw').click()
  // Entries a compaction summarised carry a mark beside their model and time.
  await expect(page.locator('.transcript .entry-head .context-note').first()).toBeVisible()
  const heads = page.locator('.transcript .entry-head')
  const cut = () =>
    heads.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).length)
  expect(await cut()).toBe(0)
  const scroller = page.locator('.transcript [data-testid="virtuoso-scroller"]')
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)
  await page.screenshot({ path: 'test-results/screenshots/layout-raw-entries-beside-tree.png' })
})

test('the shortcuts overlay lists the sidebar, reading mode and tree toggles', async ({
  library,
  page,
}) => {
  await library.waitReady()
  await page.keyboard.press('?')
  const overlay = page.getByTestId('shortcuts')
  await expect(overlay).toContainText('Show or hide the project sidebar')
  await expect(overlay).toContainText('Reading mode')
  await expect(overlay).toContainText('Show or hide the branch tree')
})

test('Recently deleted opens as a panel in place of the list and the session', async ({
  library,
  page,
  store,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await library.openProject(CWD)
  const name = (await library.sessions().first().getAttribute('data-file-name')) as string
  const trash = new TrashPage(page)
  await trash.check(0)
  await trash.moveCheckedToTrash()
  await trash.confirm()
  await expect(trash.notice()).toContainText('Moved 1 session to the trash')
  await library.sessions().first().click()
  await expect(sessionView(page)).toBeVisible()
  await page.getByRole('button', { name: /Recently deleted/ }).click()
  const panel = trash.recentlyDeleted()
  await expect(panel).toBeVisible()
  // In place of the session view, the list beside it (restored sessions come back there).
  await expect(sessionView(page)).toBeHidden()
  expect(await width(panel)).toBeGreaterThan(600)
  await expect(trash.deletedItems()).toHaveCount(1)
  await page.screenshot({ path: 'test-results/screenshots/layout-recently-deleted.png' })
  // The panel itself in both themes (the notice of the move is another feature's).
  await trash.notice().getByRole('button', { name: 'Dismiss' }).click()
  // The toast fades out: audit once it is gone, not half transparent.
  await expect(trash.notice()).toHaveCount(0)
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    const violations = await audit(page)
    expect(violations, `${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([])
  }
  await trash.restore(name)
  await expect(trash.deletedItems()).toHaveCount(0)
  expect(existsSync(join(store.sessionsDir, '--home-ayla-src-orbit-notes--', name))).toBe(true)
  await expect(library.row(name)).toHaveCount(1)
  await panel.getByRole('button', { name: 'Back to the sessions' }).click()
  await expect(panel).toBeHidden()
  await expect(sessionView(page)).toBeVisible()
})

test('every viewport shows projects, list and session usably (screenshots, axe)', async ({
  page,
  server,
}) => {
  const session = new SessionPage(page, server)
  await openTranscript(session, BRANCHES)
  await oneInTrash(session, server)
  await session.waitReady()
  for (const [w, h] of VIEWPORTS) {
    await page.setViewportSize({ width: w, height: h })
    await waitTranscript(page)
    // Wide windows share the session with the tree; narrow ones hide it until asked.
    const least = w >= 1200 ? 460 : w >= 1024 ? 600 : 440
    expect(await width(page.locator('.transcript'))).toBeGreaterThanOrEqual(least)
    await expect(page.locator('.session-list')).toBeVisible()
    // The app bar stays one row, each of its labels on one line.
    const bar = await page.locator('.app-bar').evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      wrapped: [...el.querySelectorAll('h1, button')]
        .filter((b) => b.getBoundingClientRect().height > 36)
        .map((b) => b.textContent),
    }))
    expect(bar.wrapped, `app bar labels on two lines at ${w}px`).toEqual([])
    expect(bar.height).toBeLessThan(56)
    await page.screenshot({ path: `test-results/screenshots/layout-${w}x${h}.png` })
  }
  // The narrow layout (picker, toggles, splitter) in both themes.
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    const violations = await audit(page)
    expect(violations, `${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([])
  }
})
