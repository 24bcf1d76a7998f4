/**
 * A large session's branch tree shows its outline (the tree as it first shows, laid out by the
 * view) before its pages arrive: the leaf, branch points and collapsed runs at once; a run
 * opened meanwhile says it is loading, and shows its entries once every row is in; a filter
 * waits for the rows; a leaf the filter hides is selected through its shown parent; an entry
 * inside a folded run (a deep link) is opened and selected once the rows arrive. The tree
 * pages are held back by the test, so the outline is seen for certain. The pages are asked for
 * only once the transcript painted: decoding them first would hold the path back.
 */
import type { Page } from '@playwright/test'
import { appendAfterLast, labelEntry } from '../helpers/append'
import { delayReplies } from './delay-replies'
import { generatedStore } from './generated-store'
import { expect, test, type Scratch, type ServerFor } from './harness'
import { SessionPage } from './pages/session-page'
import { PART_WAIT_MS } from '../../renderer/src/state/first-screen'

/** More entries than one tree page holds (5,000), so the outline is asked for. */
const OUTLINED = { entries: 12_000, targetBytes: 3_000_000, branchEvery: 2000 }
const PROJECT = '--home-ayla-src-big-project--'

/** A store holding one generated session of more than one tree page, named after `id`. */
async function outlinedStore(scratch: Scratch, id: string) {
  const name = `2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-${id}.jsonl`
  const store = await generatedStore(scratch('pi-sessions-outline-'), PROJECT, name, OUTLINED)
  return { name, ...store }
}

/** Opens the session of a store from {@link outlinedStore} and waits for every row of its tree. */
async function openWhole(page: Page, serverFor: ServerFor, scratch: Scratch, id: string) {
  const { name, sessionsDir, generated } = await outlinedStore(scratch, id)
  const session = new SessionPage(page, await serverFor(sessionsDir))
  await session.open(name)
  await expect(page.locator('.branch-tree')).toHaveAttribute('data-tree-state', 'ready')
  return { session, generated }
}

/** Holds every `session:get-tree` request until `release` is called. */
async function holdTreePages(page: Page): Promise<{ requests: string[]; release(): void }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const requests: string[] = []
  await page.route(
    (url) => url.pathname === '/api/session:get-tree',
    async (route) => {
      requests.push(route.request().url())
      await released
      await route.continue()
    },
  )
  return { requests, release }
}

test('a large tree shows its outline while its pages load, then the same tree from every row', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const { name, sessionsDir, generated } = await outlinedStore(scratch, '000000000043')
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  const { requests: pageRequests, release } = await holdTreePages(page)
  const id = await session.idOf(name)
  await page.goto(`${server.appUrl}&session=${id}`)
  const tree = page.locator('.branch-tree')
  await expect(tree).toHaveAttribute('data-tree-state', 'outline')
  // The pages are asked for once the first screen (the outline and the transcript) is painted.
  await expect.poll(() => pageRequests.length).toBeGreaterThan(0)
  // pi's leaf is selected and on screen, with the whole count of entries.
  await expect(session.treeNode(generated.leafId)).toHaveAttribute('data-leaf', 'true')
  await expect(session.treeNode(generated.leafId)).toBeVisible()
  await expect(page.getByTestId('tree-count')).toContainText('12,000')
  // The top: the first entries, then a collapsed run, opened before its entries are in.
  await session.tree.focus()
  await page.keyboard.press('Home')
  await expect(session.treeNode(generated.firstId)).toBeVisible()
  const run = session.tree.firstRun()
  await expect(run).toContainText('(collapsed)')
  await session.tree.toggle(run)
  await expect(run).toContainText('(loading…)')
  await expect(session.treeNode('00000002')).toHaveCount(0)
  await session.screenshot('tree-outline')
  // Every row in: the same tree, the opened run now with its entries.
  release()
  await expect(tree).toHaveAttribute('data-tree-state', 'ready')
  await expect(session.treeNode('00000002')).toBeVisible()
  await expect(session.treeNode(generated.firstId)).toBeVisible()
  await expect(run).not.toContainText('loading')
  // Another filter once every row is in: its own runs, closed as well.
  await session.setFilter('no-tools')
  await session.tree.focus()
  await page.keyboard.press('Home')
  await expect(session.tree.firstRun()).toContainText('(collapsed)')
  session.expectClean()
})

test('in the outline a hidden leaf is selected through its parent, a filter waits for the rows, and a deep link into a folded run lands once they arrive', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const { name, sessionsDir, generated } = await outlinedStore(scratch, '000000000044')
  // pi's leaf is now a label entry (what pressing L appends), which the default filter hides.
  appendAfterLast(generated.path, labelEntry('feed0001', generated.firstId, 'probe'))
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  const hold = await holdTreePages(page)
  const id = await session.idOf(name)
  await page.goto(`${server.appUrl}&session=${id}`)
  const tree = page.locator('.branch-tree')
  await expect(tree).toHaveAttribute('data-tree-state', 'outline')
  const parent = session.treeNode(generated.leafId)
  await expect(parent).toBeVisible()
  await expect(parent).toHaveClass(/selected/)
  // Another filter needs rows the outline does not carry: it says so, and counts nothing yet.
  await session.setFilter('no-tools')
  await expect(page.getByTestId('tree-waiting')).toContainText('Loading every entry (12,001)')
  await expect(page.getByTestId('tree-count')).toHaveText('… / 12,001')
  hold.release()
  await expect(tree).toHaveAttribute('data-tree-state', 'ready')
  await expect(page.getByTestId('tree-waiting')).toHaveCount(0)
  await expect(page.getByTestId('tree-count')).not.toContainText('…')
  // This filter's runs are its own, and closed like the first filter's.
  await session.tree.focus()
  await page.keyboard.press('Home')
  await expect(session.tree.firstRun()).toContainText('(collapsed)')
  await page.unroute((url) => url.pathname === '/api/session:get-tree')

  // A deep link to an entry inside a folded run, opened while the pages are held.
  const inside = '00000100'
  const again = await holdTreePages(page)
  await page.goto('about:blank')
  await page.goto(`${server.appUrl}&session=${id}&entry=${inside}`)
  await expect(tree).toHaveAttribute('data-tree-state', 'outline')
  await expect(session.treeNode(inside)).toHaveCount(0)
  again.release()
  await expect(tree).toHaveAttribute('data-tree-state', 'ready')
  await expect(session.treeNode(inside)).toBeVisible()
  await expect(session.treeNode(inside)).toHaveClass(/selected/)
  await session.screenshot('tree-outline-deep-link')
  session.expectClean()
})

test("a cached large tree's pages are asked for only once the transcript rendered", async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const { name, sessionsDir } = await outlinedStore(scratch, '000000000044')
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  const id = await session.idOf(name)
  // The first open reads the file, and main keeps it.
  await page.goto(`${server.appUrl}&session=${id}`)
  await expect(page.locator('.branch-tree')).toHaveAttribute('data-tree-state', 'ready')
  // The path's reply held back a little (a long branch), so the outline paints before it.
  await delayReplies(page, 'session:get-path', 400)
  // For each tree page asked for: whether the transcript's first render (its list may still be
  // finding its place, hidden, for a few frames), or the preview from the file's end, had
  // reached the screen by then, and how long after the click (a part of the first screen that
  // does not paint is given up after PART_WAIT_MS, which a loaded machine may reach).
  const asked: { painted: boolean; after: number }[] = []
  await page.route(
    (url) => url.pathname === '/api/session:get-tree',
    async (route) => {
      asked.push(
        await page.evaluate(() => ({
          painted: ['pi:transcript:rendered', 'pi:preview:painted'].some(
            (name) => performance.getEntriesByName(name).length > 0,
          ),
          after:
            performance.now() -
            (performance.getEntriesByName('pi:open:request')[0]?.startTime ?? 0),
        })),
      )
      await route.continue()
    },
  )
  await page.goto('about:blank')
  await page.goto(`${server.appUrl}&session=${id}`)
  await expect(page.locator('.branch-tree')).toHaveAttribute('data-tree-state', 'ready')
  expect(asked.length).toBeGreaterThan(0)
  const early = asked.filter((a) => !a.painted && a.after < PART_WAIT_MS)
  expect(early, 'pages asked for before the transcript painted').toEqual([])
  session.expectClean()
})

test("a large tree takes its box's height once the window stops resizing", async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await openWhole(page, serverFor, scratch, '000000000046')
  const box = page.locator('.branch-tree .tree-box')
  const heights = async () => {
    const boxHeight = await box.evaluate((el) => el.clientHeight)
    const treeHeight = await box
      .getByRole('tree')
      .evaluate((el) => el.getBoundingClientRect().height)
    return { boxHeight, treeHeight }
  }
  const tall = await heights()
  expect(tall.treeHeight).toBe(tall.boxHeight)
  for (const height of [820, 760, 700]) await page.setViewportSize({ width: 1440, height })
  await expect.poll(async () => (await heights()).boxHeight).toBeLessThan(tall.boxHeight)
  // Still for a moment: the tree takes the box's height, and every row it shows fits in it.
  await expect
    .poll(async () => {
      const now = await heights()
      return now.treeHeight - now.boxHeight
    })
    .toBe(0)
})

test('Unfold and Fold everything keep the selected row where it was on screen', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const { session, generated } = await openWhole(page, serverFor, scratch, '000000000048')
  await page.getByRole('button', { name: 'Leaf', exact: true }).click()
  const leaf = session.treeNode(generated.leafId)
  await expect(leaf).toHaveClass(/selected/)
  await expect(leaf).toBeInViewport()
  const top = async () => (await leaf.boundingBox())?.y
  const before = await top()
  // Every run above the leaf unfolds: thousands of rows come in above it.
  await page.getByTitle('Unfold everything', { exact: true }).click()
  await expect(session.treeNode('00000002')).toHaveCount(0)
  await expect(leaf).toBeInViewport()
  expect(await top()).toBe(before)
  await page.getByTitle('Fold everything', { exact: true }).click()
  await expect(leaf).toBeInViewport()
  expect(await top()).toBe(before)
  session.expectClean()
})

test('Unfold and Fold everything open and close every branch and run of a large tree', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const { session, generated } = await openWhole(page, serverFor, scratch, '000000000047')
  /** The aria-expanded values of the foldable nodes drawn at the top of the tree. */
  const expandedAtTop = async () => {
    await session.tree.focus()
    await page.keyboard.press('Home')
    await expect(session.treeNode(generated.firstId)).toBeVisible()
    // A foldable node's toggle shows ▾ or ▸; a leaf's is empty (and says aria-expanded false).
    return page
      .locator('[role="treeitem"]:has(.tree-toggle:not(:empty))')
      .evaluateAll((items) => [...new Set(items.map((i) => i.getAttribute('aria-expanded')))])
  }
  // Ids are a hex counter: the third entry is the first one inside the first run.
  const inRun = session.treeNode('00000002')
  await expect(inRun).toHaveCount(0)
  await page.getByTitle('Unfold everything', { exact: true }).click()
  await expect.poll(expandedAtTop).toEqual(['true'])
  await expect(inRun).toBeVisible()
  await page.getByTitle('Fold everything', { exact: true }).click()
  await expect.poll(expandedAtTop).toEqual(['false'])
  await expect(inRun).toHaveCount(0)
  // Everything folded: only the top level shows.
  const levels = await page
    .locator('[role="treeitem"]')
    .evaluateAll((items) => [...new Set(items.map((i) => i.getAttribute('aria-level')))])
  expect(levels).toEqual(['1'])
  session.expectClean()
})
