/**
 * Live follow in Chromium against server mode: a session open in the browser shows what a pi
 * writer process (pi 0.73.1's own SessionManager) appends, without a click, every entry once
 * and in order, with the "live" marker in the list and the view; a reader scrolled up keeps
 * their place and is offered the new entries instead, and keeps it when pi branches and the
 * session is opened again (offered pi's new branch when it is not on it); a label being typed
 * in the tree is kept while the entries arrive; entries that pass the run length fold into a
 * closed run; the tree holds still under a moving pointer and under arrow keys moving through
 * it. Expected ids come from the writer.
 */
import { appendFileSync, readFileSync, statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test, type Scratch, type ServerFor, type ServerHandle } from './harness'
import { SessionPage } from './pages/session-page'
import { readManifest } from '../helpers/fixtures'
import { generatedStore } from './generated-store'
import { piWriter } from '../helpers/pi-writer-process'
import { userEntry } from '../helpers/append'
import { entryInView } from '../../renderer/src/features/session-view/entry-in-view'
import { HOLD_MS } from '../../renderer/src/features/branch-tree/use-rows-hold'

/** Opens pi 1.6.0's plain-chat fixture; resolves with its page and its file in the store. */
async function openPlainChat(page: Page, server: ServerHandle, storeRoot: string) {
  const file = readManifest().files.find(
    (f) => f.scenario === 'plain-chat' && f.writer === 'pi 1.6.0',
  )!
  const session = new SessionPage(page, server)
  await session.open(file.file.split('/').pop() as string)
  return { session, path: join(storeRoot, file.file) }
}

/** The file name of the generated session the tests below follow. */
const FOLLOWED = '2026-03-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000077.jsonl'

/**
 * A store of one generated session (400 entries unless `entries` says otherwise), served; the
 * page of its view, not opened yet.
 */
async function followedSession(page: Page, serverFor: ServerFor, scratch: Scratch, entries = 400) {
  const { sessionsDir, generated } = await generatedStore(
    scratch('pi-sessions-follow-'),
    '--home-ayla-src-follow--',
    FOLLOWED,
    { entries, targetBytes: entries * 1000 },
  )
  const server = await serverFor(sessionsDir)
  return { generated, server, session: new SessionPage(page, server) }
}

test('a session open in the browser shows what pi writes, without a click', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  const before = await session.transcriptIds()
  const entries = Number((await page.getByTestId('stat-entries').textContent())?.replace(/\D/g, ''))
  const written = await piWriter(path, 6, 250)
  const transcript = page.locator('.transcript')
  await expect(transcript).toHaveAttribute('data-path-target', written.at(-1) as string)
  for (const id of written)
    await expect(
      page.locator(`[data-testid="transcript-entry"][data-entry-id="${id}"]`),
    ).toHaveCount(1)
  await expect(page.getByTestId('stat-entries')).toHaveText(`${entries + written.length} entries`)
  expect(await session.transcriptIds()).toEqual([...before, ...written])
  for (const id of written) await expect(session.treeNode(id)).toBeVisible()
  await expect(session.header().getByTestId('live-badge')).toBeVisible()
  await expect(
    page.locator('.session-item.selected').getByTestId('live-badge').first(),
  ).toBeVisible()
  await session.screenshot('live-follow')
  session.expectClean()
})

test('following pi, the transcript keeps its scroll listener: it does not measure the page again for each entry', async ({
  page,
  server,
  store,
}) => {
  // Every scroll listener the transcript's list adds: a list that subscribes again on each
  // render also reads its scroller's size each time, a layout of the whole page.
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener
    const w = window as unknown as { transcriptScrollSubscriptions: number }
    w.transcriptScrollSubscriptions = 0
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
      const [type] = args
      if (type === 'scroll' && this instanceof Element && this.matches('.transcript-list'))
        w.transcriptScrollSubscriptions++
      return add.apply(this, args as Parameters<typeof add>)
    }
  })
  const { session, path } = await openPlainChat(page, server, store.root)
  const subscriptions = () =>
    page.evaluate(
      () =>
        (window as unknown as { transcriptScrollSubscriptions: number })
          .transcriptScrollSubscriptions,
    )
  const before = await subscriptions()
  expect(before).toBeGreaterThan(0)
  const written = await piWriter(path, 8, 120)
  await expect(page.locator('.transcript')).toHaveAttribute(
    'data-path-target',
    written.at(-1) as string,
  )
  await expect(
    page.locator(`[data-testid="transcript-entry"][data-entry-id="${written.at(-1)}"]`),
  ).toBeVisible()
  expect(await subscriptions()).toBe(before)
  session.expectClean()
})

test('a file changed while its tree rows are on their way opens again, and live follow goes on', async ({
  page,
  server,
  store,
}) => {
  const file = readManifest().files.find(
    (f) => f.scenario === 'plain-chat' && f.writer === 'pi 1.6.0',
  )!
  const path = join(store.root, file.file)
  // Another program touches the file just as the tree asks for its rows: main reads the file
  // again, and the rows of the read the view opened are gone.
  let touched = false
  await page.route(
    (url) => url.pathname === '/api/session:get-tree',
    async (route) => {
      if (!touched) {
        touched = true
        const later = new Date(statSync(path).mtimeMs + 5000)
        utimesSync(path, later, later)
      }
      await route.continue()
    },
  )
  const session = new SessionPage(page, server)
  await session.open(file.file.split('/').pop() as string)
  expect(touched).toBe(true)
  // Opened again, the view follows what pi writes.
  const written = await piWriter(path, 3, 150)
  await expect(page.locator('.transcript')).toHaveAttribute(
    'data-path-target',
    written.at(-1) as string,
  )
  for (const id of written) await expect(session.treeNode(id)).toBeVisible()
  session.expectClean()
})

test('a last line pi has not finished is left out, Reload too, and the session stays editable; once the file turns quiet it shows, as pi reads it', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  const transcript = page.locator('.transcript')
  const leaf = (await transcript.getAttribute('data-path-target')) as string
  // A whole entry without its newline: live follow waits for pi to finish the line.
  appendFileSync(
    path,
    JSON.stringify({ ...userEntry('nonl0001', 'never finished'), parentId: leaf }),
  )
  await page.waitForTimeout(1500)
  await expect(transcript).toHaveAttribute('data-path-target', leaf)
  // Read again while pi may still be writing: the whole lines, not a damaged file.
  await session.header().getByRole('button', { name: 'Reload' }).click()
  await expect(transcript).toHaveAttribute('data-path-target', leaf)
  await expect(page.getByTestId('transcript-entry').first()).toBeVisible()
  await expect(page.getByTestId('read-only')).toHaveCount(0)
  await expect(session.header().getByRole('button', { name: 'Rename' })).toBeEnabled()
  // Quiet now (its mtime 20 s back): the newline will not come, and the line is read whole,
  // without a click.
  const past = new Date(Date.now() - 20_000)
  utimesSync(path, past, past)
  await expect(transcript).toHaveAttribute('data-path-target', 'nonl0001')
  await expect(
    page.locator('[data-testid="transcript-entry"][data-entry-id="nonl0001"]'),
  ).toHaveCount(1)
  session.expectClean()
})

/**
 * Scrolls the transcript to its top with the mouse wheel, as a reader does, and waits until the
 * view knows the reader left the bottom; the id of the first entry shown.
 */
async function scrollToTop(page: Page): Promise<string | null> {
  const list = page.locator('.transcript-list')
  await list.hover()
  await expect(async () => {
    await page.mouse.wheel(0, -100_000)
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0)
  }).toPass()
  await expect(page.locator('.transcript')).toHaveAttribute('data-at-bottom', 'false')
  return page.getByTestId('transcript-entry').first().getAttribute('data-entry-id')
}

test('scrolled up, the reader keeps their place and is offered the new entries', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  const path = generated.path
  await session.open(FOLLOWED)
  const list = page.locator('.transcript-list')
  // The reader scrolls up with the mouse wheel, to the top (the view knows it before pi writes).
  const firstShown = await scrollToTop(page)
  const written = await piWriter(path, 12, 60)
  const jump = page.getByTestId('new-entries')
  await expect(jump).toHaveText(`${written.length} new entries ↓`)
  expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(50)
  await expect(page.getByTestId('transcript-entry').first()).toHaveAttribute(
    'data-entry-id',
    firstShown as string,
  )
  await session.screenshot('live-follow-scrolled-up')
  await jump.click()
  await expect(
    page.locator(`[data-testid="transcript-entry"][data-entry-id="${written.at(-1)}"]`),
  ).toBeVisible()
  await expect(jump).toHaveCount(0)
  // Every written entry once, in order, at the end of the path (400 generated entries first).
  const total = Number(await page.locator('.transcript').getAttribute('data-total'))
  expect(total).toBe(400 + written.length)
  for (const [k, id] of written.entries()) {
    const entry = page.locator(`[data-testid="transcript-entry"][data-entry-id="${id}"]`)
    await expect(entry).toHaveCount(1)
    await expect(entry).toHaveAttribute('data-index', String(400 + k))
  }
  session.expectClean()
})

/** Scrolls the transcript a few screens up with the mouse wheel; the entry read there. */
async function scrollUpAndRead(page: Page): Promise<string> {
  const list = page.locator('.transcript-list')
  await list.hover()
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -1500)
  await expect(page.locator('.transcript')).toHaveAttribute('data-at-bottom', 'false')
  await page.waitForTimeout(300)
  // The entry at the middle of the list, or the nearest one (the middle may fall between two).
  const reading = await list.evaluate(entryInView)
  expect(reading).not.toBeNull()
  return reading as string
}

/** Appends a user entry `id` whose parent is `parentId`. */
function appendOn(file: string, id: string, parentId: string): void {
  appendFileSync(file, `${JSON.stringify({ ...userEntry(id, `entry ${id}`), parentId })}\n`)
}

/** Appends a user entry `id` whose parent is the entry on line `line` (1: the first entry). */
function appendBranch(file: string, id: string, line: number): void {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
  appendOn(file, id, (JSON.parse(lines[line] as string) as { id: string }).id)
}

test("scrolled up, the reader keeps their place when pi branches from its leaf's parent; the offer leads to pi's branch, followed from there", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const leaf = await page.locator('.transcript').getAttribute('data-path-target')
  const reading = await scrollUpAndRead(page)
  const transcript = page.locator('.transcript')
  // pi starts a new branch from the leaf's parent (line 399 of 400 entries: pi's /tree, then
  // a prompt again). The entry being read is on both branches.
  appendBranch(generated.path, 'fork0001', 399)
  await expect(session.treeNode('fork0001')).toHaveAttribute('data-leaf', 'true')
  const offer = page.getByTestId('pi-elsewhere')
  await expect(offer).toBeVisible()
  // The branch read stays, with the entry being read on screen; the list did not move.
  await expect(transcript).toHaveAttribute('data-path-target', leaf as string)
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  await expect(
    page.locator(`[data-testid="transcript-entry"][data-entry-id="${reading}"]`),
  ).toBeInViewport()
  await offer.click()
  await expect(transcript).toHaveAttribute('data-path-target', 'fork0001')
  await expect(offer).toHaveCount(0)
  // On pi's branch, the view follows what pi writes next on it.
  appendBranch(generated.path, 'fork0002', 401)
  await expect(transcript).toHaveAttribute('data-path-target', 'fork0002')
  await expect(
    page.locator('[data-testid="transcript-entry"][data-entry-id="fork0002"]'),
  ).toBeInViewport()
  await expect(offer).toHaveCount(0)
  session.expectClean()
})

test('at the top of the transcript, a file rewritten in place opens again with the first entries still on screen', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const list = page.locator('.transcript-list')
  await list.hover()
  // Up by the wheel (the reader's own gesture), then to the very top.
  await page.mouse.wheel(0, -1500)
  await expect(page.locator('.transcript')).toHaveAttribute('data-at-bottom', 'false')
  const first = page.locator('[data-testid="transcript-entry"]').first()
  await expect(async () => {
    await list.evaluate((el) => (el.scrollTop = 0))
    await page.mouse.wheel(0, -500)
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0)
    await expect(first).toBeInViewport()
  }).toPass()
  const top = (await first.getAttribute('data-entry-id')) as string
  await page.waitForTimeout(300)
  // Another program touches the file: same bytes, a new mtime. The view opens it again.
  const later = new Date(statSync(generated.path).mtimeMs + 5000)
  utimesSync(generated.path, later, later)
  await expect(page.getByTestId('file-notice')).toHaveText(
    /The file changed without growing: it was opened again\./,
  )
  await session.waitReady()
  // The list is where it was: at its top, the first entry whole on screen.
  await expect(
    page.locator(`[data-testid="transcript-entry"][data-entry-id="${top}"]`),
  ).toBeInViewport({ ratio: 1 })
  expect(await list.evaluate((el) => el.scrollTop)).toBe(0)
  await expect(page.locator('.transcript')).toHaveAttribute('data-at-bottom', 'false')
  session.expectClean()
})

test("scrolled up on a branch pi leaves, the reader stays on it and is offered pi's new branch", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const transcript = page.locator('.transcript')
  const leaf = await transcript.getAttribute('data-path-target')
  const reading = await scrollUpAndRead(page)
  // pi goes on from its third entry (pi's /tree, then a prompt): the entry being read is not
  // on the new branch.
  appendBranch(generated.path, 'fork0003', 3)
  const offer = page.getByTestId('pi-elsewhere')
  await expect(offer).toHaveText('pi went on in another branch ↓')
  await expect(session.treeNode('fork0003')).toHaveAttribute('data-leaf', 'true')
  await expect(transcript).toHaveAttribute('data-path-target', leaf as string)
  await expect(
    page.locator(`[data-testid="transcript-entry"][data-entry-id="${reading}"]`),
  ).toBeInViewport()
  // pi writes on there: the reader's branch stays, and so does the offer.
  appendBranch(generated.path, 'fork0004', 401)
  await expect(session.treeNode('fork0004')).toHaveAttribute('data-leaf', 'true')
  await expect(transcript).toHaveAttribute('data-path-target', leaf as string)
  await expect(offer).toBeVisible()
  await session.screenshot('live-follow-pi-elsewhere')
  await offer.click()
  await expect(transcript).toHaveAttribute('data-path-target', 'fork0004')
  await expect(
    page.locator('[data-testid="transcript-entry"][data-entry-id="fork0004"]'),
  ).toBeInViewport()
  await expect(offer).toHaveCount(0)
  session.expectClean()
})

test("scrolled up on an entry pi's new branch shares, the reader keeps the branch they read, unchanged below them", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const transcript = page.locator('.transcript')
  const leaf = await transcript.getAttribute('data-path-target')
  const list = page.locator('.transcript-list')
  // The reader scrolls up with the mouse wheel, to the first entries: on every branch.
  const firstShown = await scrollToTop(page)
  // pi goes on from its 300th entry, below the reader (pi's /tree, then a prompt), and on.
  appendBranch(generated.path, 'fork0300', 300)
  const offer = page.getByTestId('pi-elsewhere')
  await expect(offer).toHaveText('pi went on in another branch ↓')
  await expect(session.treeNode('fork0300')).toHaveAttribute('data-leaf', 'true')
  appendOn(generated.path, 'fork0301', 'fork0300')
  await expect(session.treeNode('fork0301')).toHaveAttribute('data-leaf', 'true')
  appendOn(generated.path, 'fork0302', 'fork0301')
  await expect(session.treeNode('fork0302')).toHaveAttribute('data-leaf', 'true')
  // The branch read stays whole (all 400 entries, to the leaf pi left), where it was read.
  await expect(transcript).toHaveAttribute('data-path-target', leaf as string)
  await expect(transcript).toHaveAttribute('data-total', '400')
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(50)
  await expect(page.getByTestId('transcript-entry').first()).toHaveAttribute(
    'data-entry-id',
    firstShown as string,
  )
  await expect(offer).toBeVisible()
  await offer.click()
  await expect(transcript).toHaveAttribute('data-path-target', 'fork0302')
  await expect(transcript).toHaveAttribute('data-total', '303')
  await expect(
    page.locator('[data-testid="transcript-entry"][data-entry-id="fork0302"]'),
  ).toBeInViewport()
  session.expectClean()
})

test('the entry the user selected in the tree stays in place when pi branches above it', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  // The user selects an entry near pi's leaf (a few rows above it), and reads its path.
  const lines = readFileSync(generated.path, 'utf8').trimEnd().split('\n')
  const chosen = (JSON.parse(lines[396] as string) as { id: string }).id
  await session.selectNode(chosen)
  const row = session.treeNode(chosen)
  const y = async () => (await row.boundingBox())?.y
  const before = await y()
  expect(before).toBeDefined()
  // pi goes on from its third entry, twice: its branch comes first under that entry, so rows
  // appear above the chosen one.
  appendBranch(generated.path, 'fork0005', 3)
  await expect(session.treeNode('fork0005')).toHaveAttribute('data-leaf', 'true')
  appendBranch(generated.path, 'fork0006', 3)
  await expect(session.treeNode('fork0006')).toHaveAttribute('data-leaf', 'true')
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', chosen)
  await expect(row).toHaveClass(/\bselected\b/)
  expect(await y(), 'the chosen row did not move on screen').toBe(before)
  session.expectClean()
})

/**
 * Holds back the page's requests to `channels` from now on; `release` lets them through, and
 * `count` says how many were held.
 */
async function holdRequests(page: Page, channels: string[]) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  const paths = new Set(channels.map((c) => `/api/${c}`))
  await page.route(
    (url) => paths.has(url.pathname),
    async (route) => {
      held++
      await released
      await route.continue()
    },
  )
  return { release, count: () => held }
}

/** The requests that read the rows of a new order: runs over the rows held, or every page. */
const NEW_ORDER = ['session:get-tree-order', 'session:get-tree']

/** Records the transcript's path target at each change from now on; resolves their reader. */
async function recordPathTargets(page: Page): Promise<() => Promise<string[]>> {
  await page.locator('.transcript').evaluate((el) => {
    const targets: string[] = ((window as unknown as { __targets: string[] }).__targets = [])
    new MutationObserver(() => targets.push(el.getAttribute('data-path-target') ?? '')).observe(
      el,
      { attributes: true, attributeFilter: ['data-path-target'] },
    )
  })
  return () => page.evaluate(() => (window as unknown as { __targets: string[] }).__targets)
}

test("pi's new branch shows in the transcript while the tree is still laid out and its rows on their way", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const leaf = (await page.locator('.transcript').getAttribute('data-path-target')) as string
  // The session's open (main lays the tree out again) and the tree's pages are held back once
  // the session is open: only the path can arrive.
  const held = await holdRequests(page, ['session:open', ...NEW_ORDER])
  // The transcript's requests for the path to the new entry.
  const pathAsks: { offset?: number }[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/session:get-path') return
    const asked = request.postDataJSON() as { entryId?: string; offset?: number }
    if (asked.entryId === 'fork0002') pathAsks.push(asked)
  })
  // A new branch from the leaf's parent.
  appendBranch(generated.path, 'fork0002', 399)
  const entry = page.locator(
    '.transcript [data-testid="transcript-entry"][data-entry-id="fork0002"]',
  )
  await expect(entry).toBeVisible()
  expect(held.count(), 'the session was opened again, and waits').toBeGreaterThan(0)
  // A branch from before the leaf shown: its path is asked for from its end, not as an
  // extension of the path shown (which it does not continue).
  expect(pathAsks[0], 'the first path request').toBeDefined()
  expect(pathAsks[0]?.offset, 'the first path request is no extension').toBeUndefined()
  await expect(session.treeNode('fork0002')).toHaveCount(0)
  // Until the tree has a row for the new leaf, it keeps the selection it had.
  await expect(session.treeNode(leaf)).toHaveClass(/\bselected\b/)
  held.release()
  await expect(session.treeNode('fork0002')).toHaveAttribute('data-leaf', 'true')
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', 'fork0002')
  session.expectClean()
})

test('pi writes on, and branches again, while the rows of its new branch are on their way: each entry shows at once, in the same view', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const transcript = page.locator('.transcript')
  // The rows of each new order stay on their way.
  const pages = await holdRequests(page, NEW_ORDER)
  const targets = await recordPathTargets(page)
  // A view opened again starts with the file's tail (and says "loading" meanwhile).
  let reopened = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session:peek-tail') reopened++
  })
  const entry = (id: string) =>
    page.locator(`.transcript [data-testid="transcript-entry"][data-entry-id="${id}"]`)
  // pi starts a new branch from the leaf's parent.
  appendBranch(generated.path, 'fork0007', 399)
  await expect(entry('fork0007')).toBeVisible()
  await expect.poll(pages.count, { message: 'the new order is read' }).toBeGreaterThan(0)
  // pi answers on that branch while its rows are on their way.
  appendOn(generated.path, 'fork0008', 'fork0007')
  await expect(entry('fork0008')).toBeVisible()
  await expect(transcript).toHaveAttribute('data-path-target', 'fork0008')
  // Then pi goes on from its third entry: the rows on their way are of an order it has left.
  appendBranch(generated.path, 'fork0009', 3)
  await expect(entry('fork0009')).toBeVisible()
  await expect(transcript).toHaveAttribute('data-path-target', 'fork0009')
  await expect(entry('fork0008')).toHaveCount(0)
  await expect(session.treeNode('fork0007')).toHaveCount(0)
  pages.release()
  await expect(session.treeNode('fork0009')).toHaveAttribute('data-leaf', 'true')
  await expect(session.treeNode('fork0008')).toHaveCount(1)
  await expect(session.treeNode('fork0009')).toHaveClass(/\bselected\b/)
  expect(reopened, 'the session was not opened again').toBe(0)
  expect(await targets()).toEqual(['fork0007', 'fork0008', 'fork0009'])
  session.expectClean()
})

test("pi's answer on its new branch, written while the branch's rows are on their way, stays in view when they land", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  const pages = await holdRequests(page, NEW_ORDER)
  const targets = await recordPathTargets(page)
  appendBranch(generated.path, 'fork0010', 399)
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', 'fork0010')
  await expect.poll(pages.count, { message: 'the new order is read' }).toBeGreaterThan(0)
  // The rows on their way, and the open that sent them, predate pi's answer.
  appendOn(generated.path, 'fork0011', 'fork0010')
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', 'fork0011')
  pages.release()
  await expect(session.treeNode('fork0011')).toHaveAttribute('data-leaf', 'true')
  await expect(session.treeNode('fork0011')).toHaveClass(/\bselected\b/)
  // The view never went back to the branch's first entry, which that open named pi's leaf.
  expect(await targets()).toEqual(['fork0010', 'fork0011'])
  await expect(
    page.locator('.transcript [data-testid="transcript-entry"][data-entry-id="fork0011"]'),
  ).toBeInViewport()
  session.expectClean()
})

test("in a tree too large to lay out at once, pi's new branch and the entries pi writes fast on it show in the tree under the reader's filter", async ({
  page,
  serverFor,
  scratch,
}) => {
  // More rows than the tree lays out in the render that gets them: the rows of a new order
  // are laid out in tasks of their own while the tree shows the rows before, and rows that
  // grow meanwhile come after them.
  const { generated, session } = await followedSession(page, serverFor, scratch, 2500)
  await session.open(FOLLOWED)
  await session.setFilter('user-only')
  const count = page.getByTestId('tree-count')
  const before = (await count.textContent()) as string
  const asked = { 'session:get-tree-order': 0, 'session:get-tree': 0 }
  page.on('request', (request) => {
    const channel = new URL(request.url()).pathname.replace('/api/', '')
    if (channel in asked) asked[channel as keyof typeof asked]++
  })
  // pi starts a new branch from its third entry, then writes on it, an entry every 50 ms.
  appendBranch(generated.path, 'fork0012', 3)
  const chain = ['fork0013', 'fork0014', 'fork0015', 'fork0016', 'fork0017']
  for (const [i, id] of chain.entries()) {
    await page.waitForTimeout(50)
    appendOn(generated.path, id, i === 0 ? 'fork0012' : (chain[i - 1] as string))
  }
  await expect(session.treeNode('fork0017')).toHaveAttribute('data-leaf', 'true')
  await expect(session.treeNode('fork0017')).toHaveClass(/\bselected\b/)
  for (const id of ['fork0012', ...chain.slice(0, -1)])
    await expect(session.treeNode(id)).not.toHaveAttribute('data-leaf', 'true')
  // The filter the reader chose is kept, and counts the six new user entries.
  await expect(page.getByTestId('tree-filter-user-only')).toHaveAttribute('aria-checked', 'true')
  const shownOf = (text: string) => Number(text.split('/')[0]?.replace(/\D/g, ''))
  await expect
    .poll(async () => shownOf((await count.textContent()) as string))
    .toBe(shownOf(before) + 6)
  await expect(count).toContainText('2,506')
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', 'fork0017')
  // The new order came as runs over the rows the view held: no page of rows was read again.
  expect(asked['session:get-tree-order'], 'the new order was asked for').toBeGreaterThan(0)
  expect(asked['session:get-tree'], 'pages read again').toBe(0)
  session.expectClean()
})

test('at the bottom, the view keeps to the end while pi writes fast from the moment it opens', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(120_000)
  const { generated, server, session } = await followedSession(page, serverFor, scratch)
  const id = await session.idOf(FOLLOWED)
  await page.goto(`${server.appUrl}&session=${id}`)
  // pi writes 300 entries 10 ms apart while the view opens; nobody touches the page.
  const written = await piWriter(generated.path, 300, 10)
  const last = written.at(-1) as string
  const transcript = page.locator('.transcript')
  await expect(transcript).toHaveAttribute('data-path-target', last, { timeout: 30_000 })
  await expect(transcript).toHaveAttribute('data-total', String(400 + written.length))
  await expect(
    page.locator(`[data-testid="transcript-entry"][data-entry-id="${last}"]`),
  ).toBeInViewport()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  await expect(page.getByTestId('new-entries')).toHaveCount(0)
  session.expectClean()
})

test("the tree follows pi's leaf while the selected row is in view; scrolled away by the user, it stays where they read", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { generated, session } = await followedSession(page, serverFor, scratch)
  await session.open(FOLLOWED)
  // Every entry a row of its own: the tree is far taller than its pane.
  await page.getByRole('checkbox', { name: 'Runs' }).uncheck()
  const scroller = session.tree.scroller()
  const transcript = page.locator('.transcript')
  const first = await piWriter(generated.path, 3, 100)
  await expect(transcript).toHaveAttribute('data-path-target', first.at(-1) as string)
  await expect(session.treeNode(first.at(-1) as string)).toBeInViewport()
  // The user scrolls the tree to its top with the wheel, to read the first entries.
  await scroller.hover()
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -2000)
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0)
  await page.mouse.move(0, 0)
  const away = await piWriter(generated.path, 3, 100)
  // The selection follows pi's leaf (the transcript shows its path), and the tree stays where
  // the user scrolled it: the new leaf's row is not even rendered (the list is virtual).
  await expect(transcript).toHaveAttribute('data-path-target', away.at(-1) as string)
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0)
  await expect(session.treeNode(away.at(-1) as string)).toHaveCount(0)
  // Back at the selected row (pi's leaf, selected where it was), the tree follows pi again.
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(session.treeNode(away.at(-1) as string)).toBeInViewport()
  await expect(session.treeNode(away.at(-1) as string)).toHaveClass(/selected/)
  const back = await piWriter(generated.path, 3, 100)
  await expect(transcript).toHaveAttribute('data-path-target', back.at(-1) as string)
  await expect(session.treeNode(back.at(-1) as string)).toBeInViewport()
  session.expectClean()
})

test('a label being typed in the tree is kept while pi appends entries', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  // The first entry the tree shows, not the leaf: the selection stays on it while pi writes.
  const first = await session.treeNodes().first().getAttribute('data-entry-id')
  expect(first).not.toBe(await page.locator('.transcript').getAttribute('data-path-target'))
  const input = await session.tree.startLabel(first as string)
  await input.fill('typed while')
  const written = await piWriter(path, 4, 150)
  for (const id of written) await expect(session.treeNode(id)).toBeVisible()
  await expect(input).toBeFocused()
  await expect(input).toHaveValue('typed while')
  await input.press('End')
  await input.pressSequentially(' pi wrote')
  await input.press('Enter')
  await expect(session.tree.label(first as string)).toHaveText('[typed while pi wrote]')
  session.expectClean()
})

test("a label being typed on pi's leaf is kept while pi writes on past the run length", async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  const leaf = (await page.locator('.transcript').getAttribute('data-path-target')) as string
  const input = await session.tree.startLabel(leaf)
  await input.fill('typed on the leaf')
  // Enough entries that the old leaf, a plain entry now, would fold into a closed run.
  const written = await piWriter(path, 30, 60)
  await expect(page.locator('.transcript')).toHaveAttribute(
    'data-path-target',
    written.at(-1) as string,
  )
  await expect(input).toBeFocused()
  await expect(input).toHaveValue('typed on the leaf')
  await input.press('End')
  await input.pressSequentially(' as pi wrote')
  await input.press('Enter')
  await expect(session.tree.label(leaf)).toHaveText('[typed on the leaf as pi wrote]')
  // The label is pi's: the file's last entry is the label, on the old leaf.
  const last = JSON.parse(readFileSync(path, 'utf8').trimEnd().split('\n').at(-1) as string)
  expect([last.type, last.targetId, last.label]).toEqual([
    'label',
    leaf,
    'typed on the leaf as pi wrote',
  ])
  session.expectClean()
})

test('entries pi appends fold into a closed run as they pass the run length; the leaf shows', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  await expect(page.getByTestId('tree-run')).toHaveCount(0)
  // One entry at a time: the run forms while the tree is open, not in a layout from scratch.
  const written = await piWriter(path, 30, 120)
  await expect(page.locator('.transcript')).toHaveAttribute(
    'data-path-target',
    written.at(-1) as string,
  )
  await expect(session.treeNode(written.at(-1) as string)).toBeVisible()
  const run = page.getByTestId('tree-run')
  await expect(run).toHaveCount(1)
  await expect(run).toContainText('(collapsed)')
  await expect(page.locator('[role="treeitem"]', { has: run })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await session.screenshot('live-follow-run')
  session.expectClean()
})

test('the tree holds still under a pointer moving over it while pi writes, and shows what pi wrote once the pointer rests', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  const leaf = (await page.locator('.transcript').getAttribute('data-path-target')) as string
  const box = (await session.treeNode(leaf).boundingBox()) as NonNullable<
    Awaited<ReturnType<Locator['boundingBox']>>
  >
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  // At each move, in the page: how long after the one before it came (ms), and the entry under
  // the pointer. The rows are held only while the moves come less than HOLD_MS apart; a test
  // driver on a busy machine may pause longer, and the rows then rightly change.
  await page.evaluate(() => {
    const moves: [number, string | null][] = []
    const seen = { moves, last: Number.NaN }
    Object.assign(window, { treeMoves: seen })
    document.addEventListener(
      'pointermove',
      (e) => {
        const row = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-testid]')
        const id = row?.getAttribute('data-testid') === 'tree-node' ? row : null
        moves.push([e.timeStamp - seen.last, id?.getAttribute('data-entry-id') ?? null])
        seen.last = e.timeStamp
      },
      true,
    )
  })
  await page.mouse.move(x, y)
  // Enough entries that the old leaf, a plain entry now, would fold into a closed run.
  let writing = true
  const written = piWriter(path, 30, 60).finally(() => (writing = false))
  // A pointer that keeps moving (a few pixels along the row) for a while after pi stopped.
  for (let k = 0, after = 0; after < 10; k++) {
    await page.mouse.move(x + (k % 2 ? 4 : 0), y)
    if (!writing) after++
    await page.waitForTimeout(100)
  }
  const ids = await written
  const { moves, sinceLast, newLeafRow } = await page.evaluate(
    (newLeaf) => {
      const { treeMoves } = window as unknown as {
        treeMoves: { moves: [number, string | null][]; last: number }
      }
      return {
        moves: treeMoves.moves,
        sinceLast: performance.now() - treeMoves.last,
        newLeafRow: document.querySelector(`[data-testid="tree-node"][data-entry-id="${newLeaf}"]`)
          ? 1
          : 0,
      }
    },
    ids.at(-1) as string,
  )
  const rested = moves.findIndex(([gap], i) => i > 0 && gap >= HOLD_MS)
  const held = moves.slice(0, rested < 0 ? undefined : rested).map(([, id]) => id)
  // Held: pi's entries are in the transcript, not yet in the tree (unless the pointer rested).
  if (rested < 0 && sinceLast < HOLD_MS) expect(newLeafRow).toBe(0)
  await expect(page.locator('.transcript')).toHaveAttribute(
    'data-path-target',
    ids.at(-1) as string,
  )
  // Every move before the pointer first rested found the leaf where it was (pi wrote for
  // about 2 s of them).
  expect(held.length).toBeGreaterThanOrEqual(10)
  expect(new Set(held)).toEqual(new Set([leaf]))
  // At rest, what pi wrote shows: its leaf, with the old leaf folded into a run.
  await expect(session.treeNode(ids.at(-1) as string)).toBeVisible()
  await expect(page.getByTestId('tree-run')).toHaveCount(1)
  session.expectClean()
})

test('the arrow keys keep moving through the tree while pi writes past the run length; at rest the entry they stopped on keeps the focus, and pi’s entries join', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  await session.tree.focus()
  const focused = () => session.tree.focusedEntry()
  expect(await focused()).toBe(await page.locator('.transcript').getAttribute('data-path-target'))
  // Enough entries that the rows above pi's old leaf would fold into a closed run.
  let writing = true
  const written = piWriter(path, 30, 60).finally(() => (writing = false))
  const seen: (string | null)[] = []
  // Up and down between two rows, faster than the transcript follows the focus (as a held
  // key moves), until a while after pi stopped.
  for (let k = 0, after = 0; after < 5; k++) {
    await page.keyboard.press(k % 2 ? 'ArrowDown' : 'ArrowUp')
    seen.push(await focused())
    if (!writing) after++
    await page.waitForTimeout(80)
  }
  const ids = await written
  // Focus never left the tree, and kept moving between the same two entries.
  expect(seen).not.toContain(null)
  expect(new Set(seen).size).toBe(2)
  // At rest, what pi wrote joins the tree: the run that formed around the entry the keys rested
  // on (selected by then) stays open, so it keeps the focus, and End reaches pi's newest entry.
  const rested = seen.at(-1) as string
  await expect(page.getByTestId('tree-run')).toHaveCount(1)
  await expect(
    page.locator('[role="treeitem"]', { has: page.getByTestId('tree-run') }),
  ).toHaveAttribute('aria-expanded', 'true')
  await expect(session.treeNode(rested)).toHaveClass(/selected/)
  expect(await focused()).toBe(rested)
  await page.keyboard.press('End')
  await expect.poll(focused).toBe(ids.at(-1))
  session.expectClean()
})

test('an entry selected below a closed run stays in view when pi writes on and the run grows over it', async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  const first = await piWriter(path, 30, 20)
  const run = page.getByTestId('tree-run')
  await expect(session.treeNode(first.at(-1) as string)).toBeVisible()
  await expect(run).toHaveCount(1)
  // The entry before pi's leaf, outside the run: selected, the transcript stops following pi.
  const chosen = first.at(-2) as string
  await session.selectNode(chosen)
  await page.mouse.move(0, 0)
  await piWriter(path, 30, 20)
  // Once the tree has pi's entries, the run holds the chosen entry and is open to show it with
  // its neighbours, scrolled into view (the run's row itself may then be out of the list).
  await expect(session.treeNode(chosen)).toHaveClass(/selected/)
  await expect(session.treeNode(chosen)).toBeInViewport()
  await expect(session.treeNode(first.at(-1) as string)).toBeVisible()
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', chosen)
  session.expectClean()
})

test("the keyboard stays in the tree when the row it was on folds away as pi's leaf moves on", async ({
  page,
  server,
  store,
}) => {
  const { session, path } = await openPlainChat(page, server, store.root)
  const leaf = await page.locator('.transcript').getAttribute('data-path-target')
  await session.tree.focus()
  expect(await session.tree.focusedEntry()).toBe(leaf)
  // pi's old leaf, a plain entry now, folds into a closed run: its row, focused, goes away.
  const ids = await piWriter(path, 30, 20)
  await expect(session.treeNode(ids.at(-1) as string)).toBeVisible()
  await expect(page.getByTestId('tree-run')).toHaveCount(1)
  await expect(session.treeNode(leaf as string)).toHaveCount(0)
  // The focus went to the selection as it was then (one of pi's new leaves, as pi wrote on),
  // and the keys go on from there: the transcript follows the entry they move to. The focus
  // moves there a frame after the row went away.
  await expect.poll(() => session.tree.focusedEntry()).toBeTruthy()
  const at = (await session.tree.focusedEntry()) as string
  expect(ids).toContain(at)
  // Below pi's leaf there is nothing; right above the first entry after the run is the run's
  // own row (no entry): the key goes where an entry is.
  await page.keyboard.press(at === ids.at(-1) ? 'ArrowUp' : 'ArrowDown')
  await expect.poll(() => session.tree.focusedEntry()).not.toBe(at)
  const moved = (await session.tree.focusedEntry()) as string
  expect(moved).toBeTruthy()
  await session.waitReady(moved)
  session.expectClean()
})
