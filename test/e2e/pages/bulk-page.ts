/**
 * Page object of bulk actions: cleanup filters, "select all matching", the selection bar
 * (star, archive, unarchive, trash), the Starred and Archived scopes, the bulk summary, and
 * restoring a whole deletion from Recently deleted.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { TrashPage } from './trash-page'

export class BulkPage {
  constructor(readonly page: Page) {}

  private async waitRows(): Promise<void> {
    await expect(this.page.locator('.session-list')).toHaveAttribute('data-status', 'ready')
  }

  /** Opens the cleanup filters (once). */
  async openCleanupFilters(): Promise<void> {
    const details = this.page.getByTestId('cleanup-filters')
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
  }

  /** Ticks a cleanup checkbox (`filter-empty`, `filter-damaged`...) and waits for the rows. */
  async tick(testId: string): Promise<void> {
    await this.openCleanupFilters()
    await this.page.getByTestId(testId).check()
    await this.waitRows()
  }

  /** Chooses a cleanup option (`filter-older-than`...) by its label and waits for the rows. */
  async choose(testId: string, label: string): Promise<void> {
    await this.openCleanupFilters()
    await this.page.getByTestId(testId).selectOption({ label })
    await this.waitRows()
  }

  /** Ticks every session the query matches; waits until the bar counts `count` with its size. */
  async selectAllMatching(count: number): Promise<void> {
    await this.page.getByTestId('select-all-matching').click()
    await expect(this.page.getByTestId('bulk-count')).toContainText(
      new RegExp(`^${count} selected · \\d`),
    )
  }

  bar(): Locator {
    return this.page.getByTestId('bulk-bar')
  }

  dialog(): Locator {
    return this.page.getByTestId('delete-dialog')
  }

  /** Opens the confirmation (trash or archive) and waits for main's description. */
  async ask(action: 'Move to trash…' | 'Archive…'): Promise<void> {
    await this.bar().getByRole('button', { name: action }).click()
    await expect(this.dialog()).toHaveAttribute('data-ready', 'true')
  }

  /** Confirms the open dialog with its action button. */
  async confirm(button: 'Move to trash' | 'Archive'): Promise<void> {
    await this.dialog().getByRole('button', { name: button, exact: true }).click()
    await expect(this.dialog()).toBeHidden()
  }

  notice(): Locator {
    return this.page.getByTestId('trash-notice')
  }

  /** Dismisses the bulk summary (it floats over the bottom of the list). */
  async dismissNotice(): Promise<void> {
    await this.notice().getByRole('button', { name: 'Dismiss' }).click()
    await expect(this.notice()).toBeHidden()
  }

  /** Shows one of the scopes above the projects: `starred` or `archived`. */
  async scope(name: 'starred' | 'archived'): Promise<void> {
    await this.page.getByTestId(`scope-${name}`).click()
    await this.waitRows()
  }

  /** Stars the listed session whose file is `fileName`. */
  async star(fileName: string): Promise<void> {
    const row = this.page.locator('.session-row', {
      has: this.page.locator(`[data-file-name="${fileName}"]`),
    })
    await row.getByTestId('star-toggle').click()
    await expect(row.getByTestId('session-item')).toHaveAttribute('data-starred', 'true')
  }

  /** Restores every session of the newest deletion from Recently deleted. */
  async restoreLastDeletion(): Promise<void> {
    await new TrashPage(this.page).openRecentlyDeleted()
    await this.page.getByTestId('recently-deleted').getByTestId('restore-deletion').first().click()
  }
}
