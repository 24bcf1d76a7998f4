/**
 * Page object of what the search covers and how it is narrowed: the scope chips (Messages,
 * Tool output, Thinking, Commands and paths), the date range with its presets, the chips of
 * the active filters and their Clear action, and the empty list that says what was searched.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export class SearchFilters {
  constructor(readonly page: Page) {}

  /** The chip of one scope (`messages`, `tool-output`, `thinking`, `commands`). */
  scope(scope: string): Locator {
    return this.page.locator(`[data-testid="scope-chip"][data-scope="${scope}"]`)
  }

  /** Turns a scope on or off and waits for the rows. */
  async toggleScope(scope: string): Promise<void> {
    const chip = this.scope(scope)
    const before = await chip.getAttribute('aria-pressed')
    await chip.click()
    await expect(chip).not.toHaveAttribute('aria-pressed', before ?? '')
    await this.waitRows()
  }

  /** Picks a date preset ("Last 7 days"...) from the date range control and waits for the rows. */
  async pickDates(preset: string): Promise<void> {
    await this.page.getByTestId('date-range').click()
    await this.page.getByRole('menuitemradio', { name: preset }).click()
    await this.waitRows()
  }

  /** The chips of the active filters. */
  chips(): Locator {
    return this.page.getByTestId('filter-chip')
  }

  /** The empty list's account of what was searched and what the filters hid. */
  noMatch(): Locator {
    return this.page.getByTestId('no-match')
  }

  /** The message that replaces the rows when a search cannot run. */
  queryError(): Locator {
    return this.page.getByTestId('query-error')
  }

  async waitRows(): Promise<void> {
    await expect(this.page.locator('.session-list')).toHaveAttribute('data-status', 'ready')
  }
}
