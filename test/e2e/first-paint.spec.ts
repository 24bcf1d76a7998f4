/**
 * A large session's first open paints the end of pi's path from the file's tail; that preview
 * stays on screen until the transcript's list shows it (react-virtuoso keeps its list hidden
 * for a few frames while it scrolls to the end): no frame in between is blank.
 */
import { generatedStore } from './generated-store'
import { expect, test } from './harness'
import { SessionPage } from './pages/session-page'

const PROJECT = '--home-ayla-src-big-project--'
/** Larger than the smallest session given a tail preview (4 MB, session-view/core.ts). */
const PREVIEWED = { entries: 8_000, targetBytes: 6_000_000, branchEvery: 2000 }

test('the tail preview stays until the transcript list shows: no blank frame between', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000045.jsonl'
  const { sessionsDir } = await generatedStore(
    scratch('pi-sessions-preview-'),
    PROJECT,
    name,
    PREVIEWED,
  )
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  const id = await session.idOf(name)
  // The path's reply held back a little, so the preview surely paints before it.
  await page.route(
    (url) => url.pathname === '/api/session:get-path',
    async (route) => {
      await new Promise((r) => setTimeout(r, 400))
      await route.continue()
    },
  )
  // What each frame shows in the transcript pane: the list, the preview, or nothing.
  await page.addInitScript(() => {
    const frames: string[] = []
    ;(window as unknown as { __frames: string[] }).__frames = frames
    const look = () => {
      const list = document.querySelector<HTMLElement>(
        '.transcript [data-testid="virtuoso-item-list"]',
      )
      const listShows =
        list !== null && list.style.visibility !== 'hidden' && list.children.length > 0
      const preview = document.querySelector('[data-testid="tail-preview"]') !== null
      frames.push(
        listShows
          ? 'list'
          : preview
            ? 'preview'
            : `blank ${list === null ? 'nolist' : list.style.visibility + ' ' + list.children.length}`,
      )
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
  await page.goto(`${server.appUrl}&session=${id}`)
  await session.waitReady()
  const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)
  const previewAt = frames.indexOf('preview')
  expect(previewAt, 'the preview painted').toBeGreaterThanOrEqual(0)
  const listAt = frames.indexOf('list', previewAt)
  expect(listAt, 'then the list').toBeGreaterThan(previewAt)
  expect(frames.slice(previewAt, listAt).filter((f) => f.startsWith('blank'))).toEqual([])
  await expect(page.getByTestId('tail-preview')).toHaveCount(0)
})
