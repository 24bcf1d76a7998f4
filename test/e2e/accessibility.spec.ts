/**
 * Accessibility: an axe-core audit (WCAG 2 A/AA, colour contrast included) of
 * the main views in both themes, and the main flows driven from the keyboard alone.
 */
import { audit } from './axe'
import { expect, test } from './harness'
import { SettingsDialog } from './pages/settings-dialog'
import { TrashPage } from './pages/trash-page'

for (const theme of ['light', 'dark'] as const) {
  test(`the library passes an axe audit in the ${theme} theme`, async ({ library, page }) => {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
    await library.openProject('/home/ayla/src/orbit-notes')
    await library.sessions().first().click()
    await page.screenshot({ path: `test-results/screenshots/theme-${theme}.png` })
    const violations = await audit(page)
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([])
  })
}

test('keyboard only: search, pick a session, ask to delete, cancel, open shortcuts', async ({
  library,
  page,
}) => {
  await page.keyboard.press('Control+f')
  await expect(page.getByTestId('search-input')).toBeFocused()
  await page.keyboard.type('"Resumed in 0.73.1"')
  await expect(page.locator('.session-list')).toHaveAttribute('data-query', '"Resumed in 0.73.1"')
  // Tab from the search box reaches the first row's checkbox and button.
  const row = library.sessions().first()
  for (let i = 0; i < 20 && !(await row.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(row).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row).toHaveAttribute('aria-current', 'true')
  const trash = new TrashPage(page)
  await trash.pressDelete()
  await page.keyboard.press('Escape')
  await expect(trash.dialog()).toBeHidden()
  await page.keyboard.press('?')
  await expect(page.getByTestId('shortcuts')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('quick-open')).toBeVisible()
  await page.keyboard.type('tide')
  await expect(page.getByTestId('quick-open').getByRole('option').first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('quick-open')).toBeHidden()
  await expect(page.locator('[data-testid="session-item"][aria-current="true"]')).toHaveCount(1)
})

test('settings: the theme is saved and comes back after a reload', async ({ library, page }) => {
  const settings = new SettingsDialog(page)
  await settings.open()
  await settings.chooseTheme('Dark')
  await expect(settings.shownTheme()).toHaveAttribute('data-theme', 'dark')
  await settings.close()
  await page.reload()
  await library.waitReady()
  await expect(settings.shownTheme()).toHaveAttribute('data-theme', 'dark')
})
