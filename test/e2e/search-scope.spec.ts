/**
 * What a search covers and how it is narrowed, in Chromium against server mode on a temp copy
 * of the fixture store: the scope chips (pi's Messages by default, Tool output, Thinking,
 * Commands and paths) and an empty list that names them; refusals in plain sentences that
 * replace the rows; the date range with presets, active filters as removable chips, Clear;
 * a toolbar that keeps its filters on one row at every window size.
 */
import type { Page } from '@playwright/test'
import { audit } from './axe'
import { expect, test } from './harness'
import { SearchFilters } from './pages/search-filters'
import { filesHolding, type TempStore } from '../helpers/fixtures'

/** The fixture files of the test's store whose raw lines hold `needle`, by file name. */
const holding = (store: TempStore, needle: string) =>
  filesHolding([store.sessionsDir, store.customDir], needle)

/** The file names of the listed rows (the fixture's matches fit on one screen). */
async function listed(page: Page): Promise<string[]> {
  const names = await page
    .getByTestId('session-item')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-file-name') ?? ''))
  return names.sort()
}

/** A bash tool result's text in the fixtures: in no user or assistant message. */
const TOOL_PHRASE = 'expected 2 children'

test('a phrase only in tool output is missed under Messages, the empty list names the scope, Tool output finds it', async ({
  library,
  page,
  store,
}) => {
  const filters = new SearchFilters(page)
  const holders = holding(store, TOOL_PHRASE)
  expect(holders.length).toBeGreaterThan(0)
  await library.showAllProjects()
  await library.search(`"${TOOL_PHRASE}"`)
  await expect(library.sessions()).toHaveCount(0)
  await expect(filters.noMatch()).toContainText('Searched: Messages')
  await expect(filters.noMatch()).toContainText('Not searched: Tool output')
  await expect(filters.scope('messages')).toHaveAttribute('aria-pressed', 'true')
  await page.screenshot({ path: 'test-results/screenshots/search-scope-no-match.png' })

  // The first search of another kind indexes those kinds in the background; the list fills
  // in as it goes, and the progress bar leaves when every session is covered.
  await filters.toggleScope('tool-output')
  await expect(library.sessions()).toHaveCount(holders.length)
  await expect(page.getByTestId('index-progress')).toHaveCount(0)
  expect(await listed(page)).toEqual(holders)
  await expect(library.sessions().first()).toContainText(TOOL_PHRASE)

  // Thinking and commands each find their own kind only.
  await filters.toggleScope('tool-output')
  await filters.toggleScope('thinking')
  await library.search('"map runs over an empty list"')
  expect(await listed(page)).toEqual(holding(store, 'map runs over an empty list'))
  await filters.toggleScope('commands')
  await filters.toggleScope('thinking')
  await library.search('"git status --short"')
  expect(await listed(page)).toEqual(holding(store, 'git status --short'))
  await filters.toggleScope('messages')
  await expect(filters.scope('messages')).toHaveAttribute('aria-pressed', 'false')
  expect(await listed(page)).toEqual(holding(store, 'git status --short'))
  // The last scope on cannot be turned off.
  await expect(filters.scope('commands')).toHaveAttribute('aria-disabled', 'true')
})

test('a search over 1,000 characters is refused in a plain sentence and no stale rows stay', async ({
  library,
  page,
}) => {
  const filters = new SearchFilters(page)
  await library.showAllProjects()
  await library.search('backoff')
  await expect(library.sessions().first()).toBeVisible()
  await page.getByTestId('search-input').fill('a'.repeat(1001))
  await expect(filters.queryError()).toHaveText('Search is limited to 1,000 characters.')
  await expect(filters.queryError()).not.toContainText('✖')
  await expect(library.sessions()).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screenshots/search-scope-too-long.png' })
})

test("an unclosed '(' in a regex search is explained in words", async ({ library, page }) => {
  const filters = new SearchFilters(page)
  await library.showAllProjects()
  await library.search('backoff')
  await library.search('re:(')
  await expect(filters.queryError()).toContainText("This regex has an unclosed '('", {
    ignoreCase: true,
  })
  await expect(filters.queryError()).not.toContainText('Unterminated group')
  await expect(filters.queryError()).not.toContainText('/(/i')
  await expect(library.sessions()).toHaveCount(0)
})

test('the Last 7 days preset shows a removable chip, the empty list counts what it hid, Clear removes it', async ({
  library,
  page,
}) => {
  const filters = new SearchFilters(page)
  await library.showAllProjects()
  const count = page.getByTestId('session-count')
  const total = (await count.textContent()) ?? ''
  await filters.pickDates('Last 7 days')
  await expect(filters.chips()).toHaveCount(1)
  await expect(filters.chips().first()).toContainText('Last 7 days')
  // The fixtures are older than a week: the list is empty and says the filter hid them all.
  await expect(library.sessions()).toHaveCount(0)
  await expect(filters.noMatch()).toContainText(`${total} sessions hidden by filters`)
  await expect(filters.noMatch()).toContainText('Last 7 days')
  await page.screenshot({ path: 'test-results/screenshots/search-scope-preset.png' })
  await filters.noMatch().getByRole('button', { name: 'Clear filters' }).click()
  await expect(filters.chips()).toHaveCount(0)
  await expect(count).toHaveText(total)

  // A chip's own remove button, and the toolbar's Clear.
  await page.getByTestId('cleanup-filters').locator('summary').click()
  await page.getByTestId('filter-named').check()
  await filters.pickDates('Last 30 days')
  await expect(filters.chips()).toHaveCount(2)
  await filters.chips().filter({ hasText: 'Named' }).getByRole('button').click()
  await expect(filters.chips()).toHaveCount(1)
  await expect(page.getByTestId('filter-named')).not.toBeChecked()
  await page.getByTestId('clear-filters').click()
  await expect(filters.chips()).toHaveCount(0)
  await expect(count).toHaveText(total)
  await expect(page.getByTestId('date-range')).toContainText('Any time')
})

for (const [width, height] of [
  [1280, 720],
  [1024, 640],
  [800, 600],
] as const) {
  test(`at ${width}x${height} the filters stay on one row of the toolbar`, async ({
    library,
    page,
  }) => {
    await page.setViewportSize({ width, height })
    await library.showAllProjects()
    const filters = page.locator('.toolbar .filters')
    const sort = page.getByTestId('sort-select')
    const box = await filters.boundingBox()
    const control = await sort.boundingBox()
    expect(box && control).toBeTruthy()
    // One row: the filters are no taller than one control plus its focus ring's room.
    expect(box?.height ?? 0).toBeLessThanOrEqual((control?.height ?? 0) + 8)
    for (const id of ['date-range', 'filter-model']) {
      const child = await page.getByTestId(id).boundingBox()
      expect(Math.abs((child?.y ?? 0) - (control?.y ?? 0)), id).toBeLessThan(control?.height ?? 0)
    }
    await page
      .locator('.session-list')
      .screenshot({ path: `test-results/screenshots/search-toolbar-${width}x${height}.png` })
    // The date range opens below its button, inside the window.
    await page.getByTestId('date-range').click()
    const panel = page.getByRole('dialog', { name: 'Last activity' })
    await expect(panel.getByRole('menuitemradio', { name: 'Any time' })).toBeFocused()
    const open = await panel.boundingBox()
    expect((open?.x ?? -1) >= 0 && (open?.x ?? 0) + (open?.width ?? 0) <= width).toBe(true)
    await page.screenshot({ path: `test-results/screenshots/search-dates-${width}x${height}.png` })
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
  })
}

for (const theme of ['light', 'dark'] as const) {
  test(`filter chips, the empty list and the date panel pass an axe audit in the ${theme} theme`, async ({
    library,
    page,
  }) => {
    const filters = new SearchFilters(page)
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    await library.showAllProjects()
    await filters.toggleScope('thinking')
    await filters.pickDates('Today')
    await library.search('backoff')
    await expect(filters.noMatch()).toContainText('hidden by filters')
    await page.getByTestId('date-range').click()
    await expect(page.getByRole('dialog', { name: 'Last activity' })).toBeVisible()
    const violations = await audit(page)
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([])
  })
}
