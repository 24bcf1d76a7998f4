/**
 * Page object of deletion and restore: checking rows, the bulk bar, the delete dialog
 * (with its fork warning), the trash notice, and the Recently deleted panel.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export class TrashPage {
  constructor(readonly page: Page) {}

  /** Ticks the checkbox of the n-th listed session. */
  async check(index: number): Promise<void> {
    await this.page.getByTestId('session-check').nth(index).check()
  }

  /** Opens the delete dialog for the ticked sessions. */
  async moveCheckedToTrash(): Promise<Locator> {
    await this.page.getByTestId('bulk-bar').getByRole('button', { name: 'Move to trash…' }).click()
    await expect(this.dialog()).toBeVisible()
    return this.dialog()
  }

  /** Opens the delete dialog for the selected session with the Delete key. */
  async pressDelete(): Promise<Locator> {
    await this.page.keyboard.press('Delete')
    await expect(this.dialog()).toBeVisible()
    return this.dialog()
  }

  dialog(): Locator {
    return this.page.getByTestId('delete-dialog')
  }

  /** The sessions the dialog lists. */
  dialogItems(): Locator {
    return this.dialog().locator('li')
  }

  /** The dialog's warning that forks name the session as their parent. */
  forkWarning(): Locator {
    return this.page.getByTestId('warn-forks')
  }

  async confirm(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Move to trash' }).click()
  }

  async cancel(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Cancel' }).click()
    await expect(this.dialog()).toBeHidden()
  }

  notice(): Locator {
    return this.page.getByTestId('trash-notice')
  }

  /** Opens the Recently deleted panel (the app bar's button), unless it is open. */
  async openRecentlyDeleted(): Promise<void> {
    if (await this.recentlyDeleted().isVisible()) return
    await this.page.getByRole('button', { name: /^Recently deleted/ }).click()
    await expect(this.recentlyDeleted()).toBeVisible()
  }

  recentlyDeleted(): Locator {
    return this.page.getByTestId('recently-deleted')
  }

  deletedItems(): Locator {
    return this.recentlyDeleted().getByTestId('deleted-item')
  }

  /** Restores the deleted session whose file was named `fileName`. */
  async restore(fileName: string): Promise<void> {
    await this.recentlyDeleted()
      .locator(`[data-file-name="${fileName}"]`)
      .getByRole('button', { name: 'Restore' })
      .click()
  }
}
