/**
 * The Insights view in server mode on the fixture store: it renders in both themes and
 * passes the axe audit, a top project opens its sessions in the library, and the CSV a
 * chart copies is its table.
 */
import type { Page } from '@playwright/test'
import { audit } from './axe'
import { expect, test } from './harness'

/** Opens Insights from the sidebar and waits until every chart is drawn. */
async function openInsights(page: Page): Promise<void> {
  await page.getByTestId('insights-entry').click()
  const view = page.getByTestId('insights-view')
  await expect(view).toHaveAttribute('data-insights-state', 'ready')
  for (const chart of ['insights-usage-chart', 'insights-activity-chart'])
    await expect(page.getByTestId(chart)).toHaveAttribute('data-chart-state', 'drawn')
}

for (const theme of ['light', 'dark'] as const) {
  test(`Insights renders and passes an axe audit in the ${theme} theme`, async ({
    library,
    page,
  }) => {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    await library.waitReady()
    await openInsights(page)
    await expect(page.getByTestId('insights-scope')).toHaveText('All projects')
    // Fixture usage: top model is claude-sonnet-4-5, by cost.
    await expect(
      page.getByTestId('insights-top-model').getByTestId('insights-top-link').first(),
    ).toHaveText('anthropic/claude-sonnet-4-5')
    await expect(page.getByTestId('insights-images')).toContainText('3 images')
    await page.screenshot({
      path: `test-results/screenshots/insights-${theme}.png`,
      fullPage: true,
    })
    // README: the view in the light theme (UPDATE_DOCS=1 writes it to docs/; commit it).
    if (theme === 'light' && process.env.UPDATE_DOCS === '1') {
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.screenshot({ path: 'docs/screenshot-insights.png' })
    }
    const violations = await audit(page)
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([])
  })
}

test('a top project opens its sessions in the library', async ({ library, page }) => {
  await openInsights(page)
  const first = page.getByTestId('insights-top-project').getByTestId('insights-top-link').first()
  const name = (await first.textContent()) ?? ''
  await first.click()
  await expect(page.getByTestId('insights-view')).toHaveCount(0)
  const selected = page.locator('[data-testid="project-item"][aria-current="true"]')
  await expect(selected.locator('.project-title')).toHaveText(name)
  const count = Number(
    (await selected.getByTestId('project-session-count').textContent())?.split(' ')[0],
  )
  await library.waitRows()
  expect((await library.allRows()).length).toBe(count)
})

test('the CSV a chart copies is its table; Ctrl+I toggles the view', async ({
  library,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await library.waitReady()
  await page.keyboard.press('Control+i')
  await expect(page.getByTestId('insights-view')).toHaveAttribute('data-insights-state', 'ready')
  const card = page.getByTestId('insights-activity')
  await card.getByRole('button', { name: 'Table' }).click()
  const table = card.getByTestId('insights-activity-table')
  const header = await table.locator('thead th').allTextContents()
  const body = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    )
  expect(body.length).toBeGreaterThan(5)
  await card.getByTestId('copy-csv').click()
  await expect(card.getByRole('status')).toHaveText('Copied')
  const csv = await page.evaluate(() => navigator.clipboard.readText())
  const lines = csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','))
  expect(lines).toEqual([header, ...body])
  await page.keyboard.press('Control+i')
  await expect(page.getByTestId('insights-view')).toHaveCount(0)
  await page.keyboard.press('?')
  await expect(page.getByText('Show or hide Insights')).toBeVisible()
})

test('with the project sidebar hidden, Ctrl+I still shows and hides Insights', async ({
  library,
  page,
}) => {
  // Below 1200 px the sidebar (and its Insights entry) starts hidden.
  await page.setViewportSize({ width: 800, height: 600 })
  await library.waitReady()
  await expect(page.getByTestId('insights-entry')).toHaveCount(0)
  await page.keyboard.press('Control+i')
  await expect(page.getByTestId('insights-view')).toHaveAttribute('data-insights-state', 'ready')
  await page.screenshot({ path: 'test-results/screenshots/insights-sidebar-hidden-800x600.png' })
  await page.keyboard.press('Control+i')
  await expect(page.getByTestId('insights-view')).toHaveCount(0)
  // And a button leads back, where no sidebar entry shows.
  await page.keyboard.press('Control+i')
  await page.getByTestId('insights-close').click()
  await expect(page.getByTestId('insights-view')).toHaveCount(0)
  await expect(library.sessions().first()).toBeVisible()
})
