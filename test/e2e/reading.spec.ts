/**
 * Reading details in Chromium against server mode, on temp copies of the fixture store: the
 * date each list row shows is the one its sort uses ("—" when unknown), day separators in the
 * transcript, thinking that wraps, images in a lightbox with Save, copy buttons on code blocks
 * and messages, plain-word explanations of pi's terms, label events that name the labelled
 * entry instead of its id, and damaged or empty files grouped last under "Needs attention".
 * Expected values come from the fixture files and their manifest, never from the app's output.
 * Screenshots go to test-results/screenshots/.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './harness'
import { audit } from './axe'
import { appendPrompt } from './pi-append'
import { SessionPage } from './pages/session-page'
import {
  FIXTURE_STORE,
  fixtureFile,
  fixtureFileName,
  readExpected,
  readManifest,
} from '../helpers/fixtures'
import { VIEWPORTS } from './viewports'

/** The file name of the fixture of `scenario` written by `writer`. */
function fileOf(scenario: string, writer = 'pi 1.6.0'): string {
  return fixtureFileName(scenario, writer)
}

/** `ms` as the app's full local date and time (Intl medium date, short time). */
function fullDateIn(page: Page, ms: number): Promise<string> {
  return page.evaluate(
    (t) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(t),
      ),
    ms,
  )
}

/** The header timestamp (ms) of the fixture file `name`, from its session id's time in the name. */
function createdOf(name: string): number {
  const stamp = name
    .slice(0, name.indexOf('_'))
    .replace(/T(\d\d)-(\d\d)-(\d\d)-(\d+)Z/, 'T$1:$2:$3.$4Z')
  return Date.parse(stamp)
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png` })
}

/** The axe audit (WCAG 2 A/AA) of what shows, in the light and the dark theme. */
async function expectAccessible(page: Page): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    expect(await audit(page), `axe in the ${theme} theme`).toEqual([])
  }
}

test('each row shows the date its sort orders by, and an undated file shows —', async ({
  page,
  library,
}) => {
  // Timeline session 1: last activity four days after it was created.
  const timeline = fileOf('timeline')
  const created = createdOf(timeline)
  await library.search(timeline.slice(timeline.indexOf('_') + 1, -'.jsonl'.length))
  await library.sortBy('created')
  const date = library.row(timeline).getByTestId('row-date')
  await expect(date).toHaveAttribute('title', `Created ${await fullDateIn(page, created)}`)
  await library.sortBy('recent')
  await expect(date).toHaveAttribute('title', /^Last activity /)
  await expect(date).not.toHaveAttribute(
    'title',
    `Last activity ${await fullDateIn(page, created)}`,
  )

  // A directory named like a session file: nothing in it can be read, no date is known.
  const undated = '2025-11-03T13-43-31-000Z_directory-not-a-file.jsonl'
  await library.search('directory-not-a-file')
  for (const sort of ['created', 'recent']) {
    await library.sortBy(sort)
    await expect(library.row(undated).getByTestId('row-date')).toHaveText('—')
    await expect(library.row(undated)).not.toContainText(/\d+y\b/)
  }
  await shoot(page, 'reading-row-dates')
})

test('the transcript marks each new day with a separator that carries the full date', async ({
  page,
  server,
}) => {
  const session = new SessionPage(page, server)
  await session.open(fileOf('timeline'))
  const separators = page.getByTestId('day-separator')
  // The session was created on one day and carried on four days later.
  await expect(separators).toHaveCount(2)
  const days = await separators.evaluateAll((els) => els.map((el) => el.getAttribute('title')))
  expect(new Set(days).size).toBe(2)
  const time = page.locator('.entry-time').first()
  await expect(time).toHaveAttribute('title', /\d{4}/)
  await shoot(page, 'reading-day-separators')
  session.expectClean()
})

test('thinking wraps as prose inside the transcript, without sideways scrolling', async ({
  page,
  server,
}) => {
  const session = new SessionPage(page, server)
  await session.open(fileOf('tools-images', 'pi 0.73.1'))
  const thinking = page.getByTestId('thinking').first()
  await thinking.locator('summary').click()
  const text = thinking.locator('.thinking-text pre')
  await expect(text).toBeVisible()
  const style = await text.evaluate((el) => getComputedStyle(el).whiteSpace)
  expect(['pre-wrap', 'normal', 'break-spaces', 'pre-line']).toContain(style)
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height })
    await text.scrollIntoViewIfNeeded()
    const overflow = await text.evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(overflow, `no sideways scroll at ${width}x${height}`).toBeLessThanOrEqual(1)
    await shoot(page, `reading-thinking-${width}x${height}`)
  }
  session.expectClean()
})

test('an image opens in a lightbox whose Save downloads the picture', async ({ page, server }) => {
  const session = new SessionPage(page, server)
  await session.open(fileOf('tools-images', 'pi 0.73.1'))
  const image = page.locator('[data-testid="content-image"][data-loaded="true"]').first()
  await image.scrollIntoViewIfNeeded()
  await image.locator('img').click()
  const dialog = page.getByRole('dialog', { name: /image/i })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('img')).toHaveAttribute('src', /^data:image\//)
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Save' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.(png|jpe?g|gif|webp)$/)
  await shoot(page, 'reading-lightbox')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  session.expectClean()
})

test('code blocks and messages copy to the clipboard and say so', async ({
  page,
  context,
  serverFor,
  scratch,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const root = join(scratch('pi-sessions-reading-'), 'sessions')
  const source = fixtureFile('plain-chat', 'pi 1.6.0').file
  const dir = join(root, basename(join(source, '..')))
  mkdirSync(dir, { recursive: true })
  const path = join(dir, basename(source))
  copyFileSync(join(FIXTURE_STORE, source), path)
  const code = 'const tide = await tables.load("brest")\nconsole.log(tide.next())'
  const prompt = `Why does this hang?\n\n\`\`\`ts\n${code}\n\`\`\``
  appendPrompt(path, 'c0de0001', prompt)
  const server = await serverFor(root)
  const session = new SessionPage(page, server)
  await session.open(basename(source))
  const entry = page.locator('[data-testid="transcript-entry"][data-entry-id="c0de0001"]')
  await expect(entry).toBeVisible()

  await entry.getByRole('button', { name: 'Copy code' }).click()
  await expect(entry.getByTestId('copy-code')).toContainText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)

  await entry.getByRole('button', { name: 'Copy message' }).click()
  await expect(entry.getByTestId('copy-message')).toContainText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt)
  await shoot(page, 'reading-copy')
  await expectAccessible(page)
  session.expectClean()
})

test("pi's terms are explained in plain words where they appear", async ({ page, server }) => {
  const session = new SessionPage(page, server)
  await session.open(fileOf('branches'))
  const leaf = page.getByRole('button', { name: 'Leaf', exact: true })
  await expect(leaf).toHaveAttribute('title', /last entry .*pi continues from/i)
  await expect(page.locator('label', { hasText: 'Runs' })).toHaveAttribute(
    'title',
    /entries without a branch point/i,
  )
  await expect(page.getByTestId('view-raw')).toHaveAttribute('title', /every entry .* as stored/i)
  const facts = page.getByTestId('path-facts')
  await expect(facts).toHaveText(/\d+ (message|messages) to the model/)
  await shoot(page, 'reading-glossary')
  session.expectClean()
})

test('label events name the labelled entry, not its id', async ({ page, server }) => {
  const session = new SessionPage(page, server)
  await session.open(fileOf('labels-on-path-source'))
  await session.setRaw(true)
  const labels = page.locator('[data-testid="transcript-entry"][data-kind="label"]')
  await expect(labels.first()).toBeVisible()
  const texts = await labels.evaluateAll((els) => els.map((el) => el.textContent ?? ''))
  expect(texts.length).toBeGreaterThan(0)
  for (const text of texts) {
    expect(text).toMatch(/label “[^”]+” on (user|assistant)/)
    // pi's entry ids: 8 hex digits.
    expect(text).not.toMatch(/\b[0-9a-f]{8}\b/)
  }
  await shoot(page, 'reading-labels')
  session.expectClean()
})

/**
 * Files that need attention, by pi 1.6.0's own listing: files it does not list (no readable
 * header) and sessions it lists without a single message.
 */
function needingAttention(): Set<string> {
  const pi = readExpected().store.pi160 as {
    listAll: { sessions: { path: string; messageCount: number }[] }
    customDir: { listAll: { order: string[] } }
  }
  const healthy = new Set([
    ...pi.listAll.sessions.filter((s) => s.messageCount > 0).map((s) => basename(s.path)),
    // The custom session folder (listed by pi on its own): every session there has messages.
    ...pi.customDir.listAll.order,
    // A readable session lying directly in the sessions folder (outside listAll's folders).
    fixtureFileName('stray-file-in-sessions-root'),
  ])
  return new Set(
    readManifest()
      .files.map((f) => basename(f.file))
      .filter((name) => !healthy.has(name)),
  )
}

test('damaged and empty files come last, under "Needs attention", in the list and quick open', async ({
  page,
  library,
}) => {
  const attention = needingAttention()
  await library.sortBy('recent')
  const rows = await library.allRows()
  const flags = rows.map((r) => attention.has(r.fileName))
  const first = flags.indexOf(true)
  expect(first, 'healthy sessions come first').toBeGreaterThan(10)
  expect(flags.slice(first), 'nothing healthy after the first that needs attention').not.toContain(
    false,
  )
  expect(rows.length - first).toBeGreaterThanOrEqual(5)
  const heading = page.getByTestId('attention-heading')
  await page.locator('.session-rows').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(heading).toHaveText('Needs attention')
  const unreadable = library.row('2025-11-03T13-43-31-000Z_directory-not-a-file.jsonl')
  await expect(unreadable.getByText('hidden by pi')).toHaveAttribute(
    'title',
    /pi’s own session list .* does not show this file/,
  )
  // An empty session is titled by what can be read of it, not pi's "(no messages)".
  const empty = fixtureFileName('damaged-header-only')
  await expect(library.row(empty)).toContainText('Empty session in damaged')
  await shoot(page, 'reading-needs-attention')
  await expectAccessible(page)

  // Quick open: a search that matches damaged and healthy sessions lists the healthy first.
  await page.keyboard.press('Control+k')
  const dialog = page.getByTestId('quick-open')
  await dialog.getByRole('textbox').fill('question 0')
  const options = dialog.getByRole('option')
  await expect(options).toHaveCount(12)
  const names = await options.evaluateAll((els) =>
    els.map((el) => el.getAttribute('data-file-name') ?? ''),
  )
  expect(names).not.toContain('')
  expect(names.filter((n) => attention.has(n))).toEqual([])
  await page.keyboard.press('Escape')

  // Opened, an empty session says it has no entries rather than showing a blank transcript.
  await library.row(empty).click()
  await expect(page.getByTestId('no-entries')).toHaveText(
    /no entries yet.*only the session’s header/,
  )
  // The view's title is the row's, one name for one thing.
  await expect(page.getByTestId('session-header').locator('.session-name')).toHaveText(
    'Empty session in damaged',
  )
  await shoot(page, 'reading-empty-session')
  // An empty file (0 bytes) has no header either, and says so.
  await library.row(fixtureFileName('damaged-empty')).click()
  await expect(page.getByTestId('no-entries')).toHaveText(
    'This file has no session header and no entries: there is nothing to show.',
  )
})
