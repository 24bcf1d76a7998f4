/**
 * Search that lands on the hit, and the keyboard route to it (server mode): opening a search
 * hit shows the whole branch through the matching entry, scrolled to it, with the matched
 * words marked in the list snippet, the transcript and the tree, and a reload lands there
 * again; find in the session counts and steps through matches; ↓/Enter from the search box,
 * one Tab stop per chip group, tree arrows that update the transcript, j/k and [ ] in the
 * transcript. Raw entries turned on for a hit the model's view no longer shows end with that
 * session.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { audit } from './axe'
import { expect, test } from './harness'
import { LibraryPage } from './pages/library-page'
import { SessionPage } from './pages/session-page'

const HIT_WORD = 'zebracorn'
const FIND_WORD = 'quokka'
/** Messages on the hit's branch before and after it (a long path, the hit in its middle). */
const PAIRS = 24

/**
 * Writes one session with two branches from the second entry: the first holds the hit in its
 * middle and ends in `leafA`; the second, appended last, holds pi's leaf (`leafB`).
 */
function writeBranchedSession(root: string): string {
  const dir = join(root, '--home-u-src-marks--')
  mkdirSync(dir, { recursive: true })
  const lines: object[] = [
    {
      type: 'session',
      version: 3,
      id: '0190a000-0000-7000-8000-00000000a001',
      timestamp: '2026-03-01T10:00:00.000Z',
      cwd: '/home/u/src/marks',
    },
  ]
  let clock = Date.parse('2026-03-01T10:00:01.000Z')
  let parent: string | null = null
  const add = (id: string, role: 'user' | 'assistant', text: string) => {
    clock += 1000
    const content = role === 'user' ? text : [{ type: 'text', text }]
    lines.push({
      type: 'message',
      id,
      parentId: parent,
      timestamp: new Date(clock).toISOString(),
      message: { role, content, timestamp: clock },
    })
    parent = id
  }
  add('root0001', 'user', 'Set up the tidal model')
  add('root0002', 'assistant', 'The tidal model is set up.')
  const fork = parent
  let finds = 0
  const filler = (i: number) => {
    // The find word lands in five messages of the branch.
    const find = i % 10 === 3 && finds < 5 ? ` ${FIND_WORD} ${(finds++, 'sighted')}` : ''
    return `Step ${i}: adjust the harmonic constants${find}.`
  }
  for (let i = 0; i < PAIRS; i++) {
    add(`pre${String(i).padStart(5, '0')}`, 'user', filler(i))
    add(`pra${String(i).padStart(5, '0')}`, 'assistant', `Adjusted step ${i}.`)
  }
  add('hitentry', 'user', `Look for the ${HIT_WORD} pattern in the logs`)
  add('hitreply', 'assistant', 'Found the pattern at line 4; the answer follows below.')
  for (let i = PAIRS; i < 2 * PAIRS; i++) {
    add(`pre${String(i).padStart(5, '0')}`, 'user', filler(i))
    add(`pra${String(i).padStart(5, '0')}`, 'assistant', `Adjusted step ${i}.`)
  }
  add('leafA', 'assistant', 'Final answer on the branch with the hit.')
  parent = fork
  add('other001', 'user', 'A different question on another branch')
  add('leafB', 'assistant', 'The answer on pi’s current branch.')
  const file = join(dir, '2026-03-01T10-00-00-000Z_0190a000-0000-7000-8000-00000000a001.jsonl')
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
  return file
}

async function openApp(
  page: Page,
  serverFor: (d: string) => Promise<{ appUrl: string }>,
  scratch: (p: string) => string,
) {
  const root = scratch('pi-sessions-marks-')
  const file = writeBranchedSession(root)
  const server = await serverFor(root)
  const library = new LibraryPage(page)
  await library.open(server.appUrl)
  return { library, session: new SessionPage(page), file }
}

/** Opens the app, searches the hit word and opens the hit (its branch ends in `leafA`). */
async function landOnHit(
  page: Page,
  serverFor: (d: string) => Promise<{ appUrl: string }>,
  scratch: (p: string) => string,
) {
  const opened = await openApp(page, serverFor, scratch)
  await opened.library.search(HIT_WORD)
  await opened.library.sessions().first().click()
  await opened.session.waitReady('leafA')
  return opened
}

/** {@link landOnHit}, then focus on the hit's transcript entry. */
async function openHit(
  page: Page,
  serverFor: (d: string) => Promise<{ appUrl: string }>,
  scratch: (p: string) => string,
) {
  const opened = await landOnHit(page, serverFor, scratch)
  await entry(page, 'hitentry').click()
  return opened
}

/** pi appends a user message `id` under `parentId` to `file`, as a whole line. */
function piAppends(file: string, id: string, parentId: string): void {
  const timestamp = new Date().toISOString()
  const message = { role: 'user', content: `Written after the hit ${id}`, timestamp: 1 }
  appendFileSync(file, `${JSON.stringify({ type: 'message', id, parentId, timestamp, message })}\n`)
}

/** The transcript entry with `id`. */
function entry(page: Page, id: string): Locator {
  return page.locator(`.transcript [data-testid="transcript-entry"][data-entry-id="${id}"]`)
}

/** Whether `el` is inside the visible part of its scroller. */
async function inView(el: Locator, scroller: Locator): Promise<boolean> {
  const box = await el.boundingBox()
  const frame = await scroller.boundingBox()
  if (!box || !frame) return false
  return box.y >= frame.y - 1 && box.y + box.height <= frame.y + frame.height + 1
}

test('opening a search hit shows its whole branch, scrolled to the hit, words marked', async ({
  page,
  serverFor,
  scratch,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const { library, session } = await openApp(page, serverFor, scratch)
  await library.search(HIT_WORD)
  const row = library.sessions().first()
  await expect(row).toHaveAttribute('data-match-entry-id', 'hitentry')
  await expect(row.locator('.snippet mark')).toHaveText(new RegExp(HIT_WORD, 'i'))
  await row.click()
  // The branch runs on past the hit to its own newest leaf (not pi's leaf on the other branch).
  await session.waitReady('leafA')
  const transcript = page.locator('.transcript')
  await expect(transcript).toHaveAttribute('data-total', String(2 + 4 * PAIRS + 3))
  const hit = page.locator('[data-testid="transcript-entry"][data-entry-id="hitentry"]')
  await expect(hit).toBeVisible()
  await expect.poll(() => inView(hit, page.locator('.transcript-list'))).toBe(true)
  await expect(hit.locator('mark')).toHaveText(HIT_WORD)
  await expect(session.tree.node('hitentry').locator('mark')).toHaveText(HIT_WORD)
  await page.screenshot({ path: 'test-results/screenshots/search-hit-1280x720.png' })
  // The answers after the hit are on screen a scroll away.
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(entry(page, 'leafA')).toBeVisible()
  await page.setViewportSize({ width: 800, height: 600 })
  await page.screenshot({ path: 'test-results/screenshots/search-hit-800x600.png' })
})

test('a reload after opening a search hit lands on the hit again; choosing another entry moves the link', async ({
  page,
  serverFor,
  scratch,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const { session } = await landOnHit(page, serverFor, scratch)
  // The link names where the hit landed, not only the branch's leaf.
  await expect.poll(() => new URL(page.url()).hash).toContain('focus=hitentry')
  expect(new URL(page.url()).hash).not.toContain('entry=')
  await page.reload()
  await session.waitReady('leafA')
  const hit = entry(page, 'hitentry')
  await expect(hit).toBeVisible()
  await expect.poll(() => inView(hit, page.locator('.transcript-list'))).toBe(true)
  // The search is not in the link: nothing is marked after the reload.
  await expect(hit.locator('mark')).toHaveCount(0)
  // Another entry chosen in the tree: the link names it instead.
  await session.tree.node('other001').click()
  await session.waitReady('other001')
  await expect.poll(() => new URL(page.url()).hash).toContain('entry=other001')
  expect(new URL(page.url()).hash).not.toContain('focus=')
})

test('a hit on pi’s branch follows what pi writes; a hit on another branch keeps to its own', async ({
  page,
  serverFor,
  scratch,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const { library, session, file } = await openApp(page, serverFor, scratch)
  // pi appends after its leaf, as it does (a whole line under the file's last entry).
  let parent = 'leafB'
  const piWrites = (id: string) => {
    piAppends(file, id, parent)
    parent = id
  }
  // The hit is on pi's branch: the view lands there and follows pi's leaf from then on.
  await library.search('"different question"')
  await expect(library.sessions().first()).toHaveAttribute('data-match-entry-id', 'other001')
  await library.sessions().first().click()
  await session.waitReady('leafB')
  piWrites('live0001')
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', 'live0001')
  await expect(entry(page, 'live0001')).toBeVisible()
  // The hit is on the branch pi left: the view keeps to that branch; the session gains the entry.
  await library.search(HIT_WORD)
  await library.sessions().first().click()
  await session.waitReady('leafA')
  const stat = page.getByTestId('stat-entries')
  const before = Number((await stat.textContent())?.replace(/\D/g, ''))
  piWrites('live0002')
  await expect(stat).toHaveText(`${before + 1} entries`)
  await expect(page.locator('.transcript')).toHaveAttribute('data-path-target', 'leafA')
  await expect(entry(page, 'live0002')).toHaveCount(0)
})

test('a hit in the middle of pi’s branch stays in view as pi writes; what pi writes is offered', async ({
  page,
  serverFor,
  scratch,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const { library, session, file } = await openApp(page, serverFor, scratch)
  // pi went back to the branch with the hit: its leaf is there, far below the hit.
  piAppends(file, 'piback01', 'leafA')
  await library.search(HIT_WORD)
  await library.sessions().first().click()
  await session.waitReady('piback01')
  const transcript = page.locator('.transcript')
  const list = page.locator('.transcript-list')
  const hit = entry(page, 'hitentry')
  await expect.poll(() => inView(hit, list)).toBe(true)
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  const top = await list.evaluate((el) => el.scrollTop)
  piAppends(file, 'piback02', 'piback01')
  await expect(transcript).toHaveAttribute('data-path-target', 'piback02')
  await expect(page.getByTestId('new-entries')).toHaveText('1 new entry ↓')
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top)
  expect(await inView(hit, list)).toBe(true)
  await page.getByTestId('new-entries').click()
  await expect(entry(page, 'piback02')).toBeInViewport()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
})

test('raw entries turned on for a hit the model’s view no longer shows end with that session', async ({
  page,
  serverFor,
  scratch,
}) => {
  const root = scratch('pi-sessions-marks-')
  const branched = writeBranchedSession(root)
  // A session whose hit was compacted away: the model's view shows the summary instead.
  const dir = join(root, '--home-u-src-compacted--')
  mkdirSync(dir, { recursive: true })
  const at = (s: number) => `2026-03-02T10:00:${String(s).padStart(2, '0')}.000Z`
  const message = (id: string, parentId: string | null, role: string, text: string, s: number) => ({
    type: 'message',
    id,
    parentId,
    timestamp: at(s),
    message:
      role === 'user' ? { role, content: text } : { role, content: [{ type: 'text', text }] },
  })
  const lines = [
    {
      type: 'session',
      version: 3,
      id: '0190a000-0000-7000-8000-00000000c001',
      timestamp: at(0),
      cwd: '/home/u/src/compacted',
    },
    message('c0000001', null, 'user', 'The okapisaur question', 1),
    message('c0000002', 'c0000001', 'assistant', 'An answer.', 2),
    message('c0000003', 'c0000002', 'user', 'A later question', 3),
    message('c0000004', 'c0000003', 'assistant', 'A later answer.', 4),
    {
      type: 'compaction',
      id: 'c0000005',
      parentId: 'c0000004',
      timestamp: at(5),
      summary: 'Earlier work, summarised.',
      firstKeptEntryId: 'c0000003',
      tokensBefore: 1000,
    },
    message('c0000006', 'c0000005', 'user', 'After the compaction', 6),
    message('c0000007', 'c0000006', 'assistant', 'The last answer.', 7),
  ]
  const compacted = '2026-03-02T10-00-00-000Z_0190a000-0000-7000-8000-00000000c001.jsonl'
  writeFileSync(join(dir, compacted), lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
  const server = await serverFor(root)
  const library = new LibraryPage(page)
  await library.open(server.appUrl)
  await library.showAllProjects()
  await library.search('okapisaur')
  await library.row(compacted).click()
  // The hit is shown among the raw entries, the only view that still has it.
  await expect(entry(page, 'c0000001')).toBeVisible()
  await expect(page.getByTestId('view-raw')).toHaveAttribute('aria-checked', 'true')
  // Another session opens in the model's view again: the user never chose raw entries.
  await library.search('')
  await library.row(basename(branched)).click()
  await new SessionPage(page).waitReady('leafB')
  await expect(page.getByTestId('view-context')).toHaveAttribute('aria-checked', 'true')
})

test('a snippet shows its marked word, however far into the text the match is', async ({
  page,
  library,
}) => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 640 },
  ]) {
    await page.setViewportSize(size)
    await library.showAllProjects()
    // A word deep inside the fixtures' generated messages (seventy characters of context
    // come before it in the snippet the index returns).
    await library.search('ledger')
    const snippets = page.locator('[data-testid="session-item"] .snippet')
    await expect(snippets.first()).toBeVisible()
    const clipped = await snippets.evaluateAll((els) =>
      els
        .filter((el) => el.getBoundingClientRect().top < window.innerHeight)
        .map((el) => {
          const mark = el.querySelector('mark')
          if (!mark) return `no mark: ${el.textContent}`
          const right = el.getBoundingClientRect().right
          return mark.getBoundingClientRect().right <= right + 1 ? null : el.textContent
        })
        .filter((x) => x !== null),
    )
    expect(clipped, `snippets whose marked word is cut off at ${size.width}px`).toEqual([])
    await page.screenshot({
      path: `test-results/screenshots/search-snippets-${size.width}x${size.height}.png`,
    })
  }
})

test('a hit left before its path came does not steer the session opened next', async ({
  page,
  library,
  server,
}) => {
  await library.showAllProjects()
  await library.search('ledger')
  const hitRow = library.sessions().first()
  const hitFile = (await hitRow.getAttribute('data-file-name')) as string
  // The hit's session opens slowly; the user clears the search and picks another meanwhile.
  let held = true
  await page.route(/\/api\/session:open$/, async (route) => {
    if (held) {
      held = false
      await new Promise((resolve) => setTimeout(resolve, 1500))
    }
    await route.continue().catch(() => undefined)
  })
  await hitRow.click()
  await library.search('')
  const otherRow = library
    .sessions()
    .and(page.locator(`:not([data-file-name="${hitFile}"])`))
    .first()
  const otherFile = (await otherRow.getAttribute('data-file-name')) as string
  await otherRow.click()
  const session = new SessionPage(page, server)
  await expect(page.getByTestId('session-header')).toContainText(otherFile)
  await session.waitReady()
  await expect(page.locator('.transcript')).not.toContainText('Could not load the path')
  await expect(page.locator('.transcript mark')).toHaveCount(0)
})

test('find in the session counts matches and steps through them', async ({
  page,
  serverFor,
  scratch,
}) => {
  await openHit(page, serverFor, scratch)
  await page.keyboard.press('Control+f')
  const input = page.getByTestId('find-input')
  await expect(input).toBeFocused()
  await input.fill(FIND_WORD)
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText('match 1 of 5')
  const current = page.locator('.transcript mark.find-current')
  await expect(current).toHaveText(FIND_WORD)
  await input.press('Enter')
  await expect(count).toHaveText('match 2 of 5')
  await expect(current).toBeVisible()
  await expect.poll(() => inView(current, page.locator('.transcript-list'))).toBe(true)
  await page.getByTestId('find-next').click()
  await expect(count).toHaveText('match 3 of 5')
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 2 of 5')
  await page.setViewportSize({ width: 1280, height: 720 })
  // Stepping on and back lands on the same match in the resized view.
  await input.press('Enter')
  await expect(count).toHaveText('match 3 of 5')
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 2 of 5')
  await expect(current).toBeVisible()
  await expect.poll(() => inView(current, page.locator('.transcript-list'))).toBe(true)
  await page.screenshot({ path: 'test-results/screenshots/find-bar-1280x720.png' })
  // At 800 wide the fixed panes leave the session a narrow strip (the layout's own problem):
  // the find bar still fits in it.
  await page.setViewportSize({ width: 800, height: 600 })
  await expect(page.getByTestId('find-bar')).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/find-bar-800x600.png' })
  await input.press('Escape')
  await expect(page.getByTestId('find-bar')).toHaveCount(0)
  await expect(page.locator('.transcript mark.find-match')).toHaveCount(0)
  // The focus stayed in the session: the next Ctrl+F finds again, not the library's search,
  // and the last text, still in the field, is searched again.
  await page.keyboard.press('Control+f')
  await expect(input).toBeFocused()
  await expect(input).toHaveValue(FIND_WORD)
  await expect(count).toHaveText('match 1 of 5')
  await expect(current).toHaveText(FIND_WORD)
  await page.getByTestId('find-close').click()
  await expect(page.getByTestId('find-bar')).toHaveCount(0)
  await page.keyboard.press('Control+f')
  await expect(input).toBeFocused()
})

test('arrow down and Enter from the search box open a result', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { library, session } = await openApp(page, serverFor, scratch)
  await library.search(HIT_WORD)
  await page.getByTestId('search-input').press('ArrowDown')
  await expect(library.sessions().first()).toBeFocused()
  // ↑ from the first result goes back to the search box.
  await page.keyboard.press('ArrowUp')
  await expect(page.getByTestId('search-input')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(library.sessions().first()).toBeFocused()
  await page.keyboard.press('Enter')
  await session.waitReady('leafA')
})

test('few Tab stops lead from the search box to the first result; chips rove by arrows', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { library } = await openApp(page, serverFor, scratch)
  await library.waitRows()
  await page.getByTestId('search-input').focus()
  // The stops passed on the way, by test id (each date field is several: its own route).
  const passed: string[] = []
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab')
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
    if (id === 'session-item') break
    passed.push(id ?? '')
  }
  const dateStops = passed.filter((id) => id === 'filter-from' || id === 'filter-to')
  expect(passed.length - dateStops.length, passed.join(' ')).toBeLessThanOrEqual(6)
  // Named and Labeled are one chip group: arrows move between them, Tab leaves the group.
  await page.getByTestId('cleanup-filters').locator('summary').click()
  await page.getByTestId('filter-named').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('filter-labeled')).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('filter-named')).not.toBeFocused()
})

test('arrows in the tree update the transcript; j/k and [ ] move through it', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { session } = await openHit(page, serverFor, scratch)
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-entry-id'))
  await page.keyboard.press('j')
  await expect.poll(focused).toBe('hitreply')
  await page.keyboard.press('k')
  await expect.poll(focused).toBe('hitentry')
  await page.keyboard.press(']')
  await expect.poll(focused).toBe('pre00024')
  await page.keyboard.press('[')
  await expect.poll(focused).toBe('hitentry')
  await page.keyboard.press('[')
  await expect.poll(focused).toBe('pre00023')

  const transcript = page.locator('.transcript')
  await session.tree.node('hitentry').click()
  await session.waitReady('hitentry')
  await page.keyboard.press('ArrowDown')
  // No Enter: after a short pause the transcript shows the path to the focused entry.
  await expect(transcript).toHaveAttribute('data-path-target', 'hitreply')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(transcript).toHaveAttribute('data-path-target', 'pra00024')
  // All listed in the shortcuts overlay.
  await page.keyboard.press('?')
  const overlay = page.getByTestId('shortcuts')
  for (const keys of ['j', 'k', '[', ']', 'F']) await expect(overlay).toContainText(keys)
  await expect(overlay).toContainText('Find in the session')
})

for (const theme of ['light', 'dark'] as const) {
  test(`marked words and the find bar pass an axe audit in the ${theme} theme`, async ({
    page,
    serverFor,
    scratch,
  }) => {
    await openHit(page, serverFor, scratch)
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    await page.keyboard.press('Control+f')
    await page.getByTestId('find-input').fill(FIND_WORD)
    await expect(page.getByTestId('find-count')).toHaveText('match 1 of 5')
    await expect(page.locator('.transcript mark.find-current')).toBeVisible()
    await expect(page.locator('.session-list .snippet mark')).toBeVisible()
    const violations = await audit(page)
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([])
  })
}
