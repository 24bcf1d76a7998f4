/**
 * Page object of the settings dialog: opened with Ctrl+, (or by a menu command), the theme
 * choice, and the theme the page shows.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export type Theme = 'System' | 'Light' | 'Dark'

export class SettingsDialog {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByTestId('settings-dialog')
  }

  /** Opens the dialog with its shortcut. */
  async open(): Promise<void> {
    await this.page.keyboard.press('Control+,')
    await expect(this.dialog()).toBeVisible()
  }

  /** Picks a theme and waits until the page shows it. */
  async chooseTheme(theme: Theme): Promise<void> {
    await this.dialog().getByLabel(theme).check()
    if (theme !== 'System')
      await expect(this.shownTheme()).toHaveAttribute('data-theme', theme.toLowerCase())
  }

  /** The element that carries the theme in effect (`data-theme`). */
  shownTheme(): Locator {
    return this.page.locator('html')
  }

  async close(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Close' }).click()
    await expect(this.dialog()).toBeHidden()
  }
}
