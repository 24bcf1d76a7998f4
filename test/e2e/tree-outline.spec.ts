/**
 * A large session's branch tree shows its outline (the tree as it first shows, laid out by the
 * view) before its pages arrive: the leaf, branch points and collapsed runs at once; a run
 * opened meanwhile says it is loading, and shows its entries once every row is in. The tree
 * pages are held back by the test, so the outline is seen for certain.
 */
import { generatedStore } from './generated-store'
import { expect, test } from './harness'
import { SessionPage } from './pages/session-page'

test('a large tree shows its outline while its pages load, then the same tree from every row', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000043.jsonl'
  // More entries than one tree page holds (5,000), so the outline is asked for.
  const { sessionsDir, generated } = await generatedStore(
    scratch('pi-sessions-outline-'),
    '--home-ayla-src-big-project--',
    name,
    { entries: 12_000, targetBytes: 3_000_000, branchEvery: 2000 },
  )
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const pageRequests: string[] = []
  await page.route(
    (url) => url.pathname === '/api/session:get-tree',
    async (route) => {
      pageRequests.push(route.request().url())
      await released
      await route.continue()
    },
  )
  const id = await session.idOf(name)
  await page.goto(`${server.appUrl}&session=${id}`)
  const tree = page.locator('.branch-tree')
  await expect(tree).toHaveAttribute('data-tree-state', 'outline')
  // The pages are asked for once the outline is on screen.
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
  session.expectClean()
})
