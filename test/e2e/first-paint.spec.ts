/**
 * A large session's first open paints the end of pi's path from the file's tail; that preview
 * stays on screen until the transcript's list shows it (react-virtuoso keeps its list hidden
 * for a few frames while it scrolls to the end): no frame in between is blank; so it does when
 * main holds the session already. A small session opened at all has the path's own newest
 * entries stand in for those frames.
 */
import type { Page } from '@playwright/test'
import { fixtureFileName } from '../helpers/fixtures'
import { delayReplies } from './delay-replies'
import { generatedStore } from './generated-store'
import { expect, test, type Scratch, type ServerFor } from './harness'
import { SessionPage } from './pages/session-page'
import { PART_WAIT_MS } from '../../renderer/src/state/first-screen'

const PROJECT = '--home-ayla-src-big-project--'
/** Larger than the smallest session given a tail preview (4 MB, session-view/core.ts). */
const PREVIEWED = { entries: 8_000, targetBytes: 6_000_000, branchEvery: 2000 }

/**
 * Records what each frame shows in the transcript pane: `list`, `preview` (with ` note` when
 * it says the rest is loading, and the id of its newest entry), or `blank`; and how many
 * frames held one entry of the transcript twice (a preview's copy taken for the list's own).
 */
async function recordFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frames: string[] = []
    const w = window as unknown as { __frames: string[]; __twice: number; __noteFirst: string }
    w.__frames = frames
    w.__twice = 0
    w.__noteFirst = ''
    const look = () => {
      const ids = [...document.querySelectorAll('[data-testid="transcript-entry"]')].map((e) =>
        e.getAttribute('data-entry-id'),
      )
      if (new Set(ids).size < ids.length) w.__twice++
      const list = document.querySelector<HTMLElement>(
        '.transcript [data-testid="virtuoso-item-list"]',
      )
      const listShows =
        list !== null && list.style.visibility !== 'hidden' && list.children.length > 0
      const preview = document.querySelector('[data-testid="tail-preview"]')
      const noteEl = preview?.querySelector('.tail-preview-note')
      const note = noteEl ? ' note' : ''
      if (noteEl && !w.__noteFirst) w.__noteFirst = getComputedStyle(noteEl).opacity
      const entries = preview?.querySelectorAll('[data-testid="preview-entry"]') ?? []
      const newest = entries[entries.length - 1]?.getAttribute('data-entry-id')
      frames.push(
        listShows
          ? 'list'
          : preview
            ? `preview${note}${newest ? ` ${newest}` : ''}`
            : `blank ${list === null ? 'nolist' : list.style.visibility + ' ' + list.children.length}`,
      )
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
}

/** The frames {@link recordFrames} recorded, without the newest entry's id. */
async function framesOf(page: Page, withIds = false): Promise<string[]> {
  const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)
  return withIds ? frames : frames.map((f) => f.replace(/^(preview( note)?) .*$/, '$1'))
}

/** A generated store of one session larger than {@link PREVIEWED}'s threshold, served. */
async function previewedSession(
  { page, serverFor, scratch }: { page: Page; serverFor: ServerFor; scratch: Scratch },
  name: string,
) {
  const { sessionsDir } = await generatedStore(
    scratch('pi-sessions-preview-'),
    PROJECT,
    name,
    PREVIEWED,
  )
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  return { server, session, id: await session.idOf(name) }
}

/** How many recorded frames held an entry of the transcript twice. */
async function framesWithEntryTwice(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __twice: number }).__twice)
}

/** Checks that `preview` painted, then the list, with no blank frame between. */
function expectPreviewThenList(frames: readonly string[], preview: string): number {
  const previewAt = frames.indexOf(preview)
  expect(previewAt, `${preview} painted (${[...new Set(frames)].join(', ')})`).toBeGreaterThan(0)
  const listAt = frames.indexOf('list', previewAt)
  expect(listAt, 'then the list').toBeGreaterThan(previewAt)
  expect(frames.slice(previewAt, listAt).filter((f) => f.startsWith('blank'))).toEqual([])
  return previewAt
}

test('the tail preview stays until the transcript list shows: no blank frame between', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000045.jsonl'
  const { server, session, id } = await previewedSession({ page, serverFor, scratch }, name)
  // The path's reply held back a little, so the preview surely paints before it.
  await delayReplies(page, 'session:get-path', 400)
  await recordFrames(page)
  await page.goto(`${server.appUrl}&session=${id}`)
  await session.waitReady()
  expectPreviewThenList(await framesOf(page), 'preview note')
  await expect(page.getByTestId('tail-preview')).toHaveCount(0)
  expect(await framesWithEntryTwice(page), 'frames with an entry twice').toBe(0)
})

test('opened again while main holds it, the tail’s newest entries paint first, its note not yet seen', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000046.jsonl'
  const { server, session, id } = await previewedSession({ page, serverFor, scratch }, name)
  await page.goto(`${server.appUrl}&session=${id}`)
  await session.waitReady()
  const leaf = await page.locator('.transcript').getAttribute('data-path-target')
  // A new document: main still holds the session, and its open reply carries the tree's
  // outline; the file's end paints first all the same.
  await recordFrames(page)
  await page.goto('about:blank')
  await page.goto(`${server.appUrl}&session=${id}`)
  await session.waitReady()
  const previewAt = expectPreviewThenList(await framesOf(page), 'preview note')
  // It ends where the list ends: at pi's leaf.
  expect((await framesOf(page, true))[previewAt]).toBe(`preview note ${leaf}`)
  // The note that the rest is loading fades in only if the rest takes a while.
  expect(
    await page.evaluate(() => (window as unknown as { __noteFirst: string }).__noteFirst),
  ).toBe('0')
  await expect(page.getByTestId('tail-preview')).toHaveCount(0)
  expect(await framesWithEntryTwice(page), 'frames with an entry twice').toBe(0)
})

test('a small session’s newest entries stand in from the path’s first frame until the list shows', async ({
  page,
  server,
}) => {
  const name = fixtureFileName('branches', 'pi 1.6.0')
  const session = new SessionPage(page, server)
  const id = await session.idOf(name)
  await recordFrames(page)
  await page.goto(`${server.appUrl}&session=${id}`)
  await session.waitReady()
  const frames = await framesOf(page)
  // Too small for a preview from the file's end: the path's own end stands in, without a note.
  expect(frames, 'no preview from the file’s end').not.toContain('preview note')
  const previewAt = expectPreviewThenList(frames, 'preview')
  const leaf = await page.locator('.transcript').getAttribute('data-path-target')
  expect((await framesOf(page, true))[previewAt]).toBe(`preview ${leaf}`)
  // Nothing stood between the path's arrival and its first frame: no hidden list alone.
  expect(frames.slice(0, previewAt).filter((f) => f.startsWith('blank hidden'))).toEqual([])
  await expect(page.getByTestId('tail-preview')).toHaveCount(0)
  expect(await framesWithEntryTwice(page), 'frames with an entry twice').toBe(0)
})

test('the preview fills the view first; the entries above it wait for the tree’s first paint', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000047.jsonl'
  const { server, id } = await previewedSession({ page, serverFor, scratch }, name)
  // The tree cannot paint for 3 s (its outline comes with the open's reply), and the path
  // comes later still: the preview is all there is meanwhile.
  await delayReplies(page, 'session:open', 3000)
  await delayReplies(page, 'session:get-path', 6000)
  // Each frame: when, how many of the preview's entries it shows, whether they fill the view.
  await page.addInitScript(() => {
    const frames: [number, number, boolean][] = []
    ;(window as unknown as { __preview: typeof frames }).__preview = frames
    const look = () => {
      const el = document.querySelector('[data-testid="tail-preview"]')
      const count = el?.querySelectorAll('[data-testid="preview-entry"]').length ?? 0
      if (el && count > 0)
        frames.push([performance.now(), count, el.scrollHeight > el.clientHeight])
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
  const peek = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session:peek-tail')
  // A low window: a few of the preview's entries fill it.
  await page.setViewportSize({ width: 1000, height: 420 })
  await page.goto(`${server.appUrl}&session=${id}`)
  const total = ((await (await peek).json()) as { value: { items: unknown[] } }).value.items.length
  const entries = page.getByTestId('preview-entry')
  // The tree is given up a second after the open without a paint; then the rest comes.
  await expect(entries).toHaveCount(total, { timeout: 10_000 })
  const { frames, opened } = await page.evaluate(() => ({
    frames: (window as unknown as { __preview: [number, number, boolean][] }).__preview,
    opened: performance.getEntriesByName('pi:open:request')[0]?.startTime ?? NaN,
  }))
  const full = frames.findIndex(([, , filled]) => filled)
  expect(full, 'the preview filled the view').toBeGreaterThanOrEqual(0)
  const [fullAt, fullCount] = frames[full] as [number, number, boolean]
  // Frames until the tree would be given up (less a frame or two): nothing more rendered.
  const waited = frames.filter(([t]) => t > fullAt && t < opened + PART_WAIT_MS - 50)
  expect(fullCount, `the view full with part of the ${total} newest entries`).toBeLessThan(total)
  expect(waited.length, 'frames seen while the rest waited').toBeGreaterThan(5)
  expect(new Set(waited.map(([, count]) => count))).toEqual(new Set([fullCount]))
  const atBottom = await page
    .getByTestId('tail-preview')
    .evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 2)
  expect(atBottom, 'still at the newest entry').toBe(true)
})
