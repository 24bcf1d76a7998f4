/**
 * Page object of the edit affordances: the rename dialog (F2), the edit notice with its
 * Undo, and the session actions (rename, extract) with their enabled state.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export class EditDialog {
  constructor(readonly page: Page) {}

  /** The notice an edit leaves (with Undo). */
  notice(): Locator {
    return this.page.getByTestId('edit-notice')
  }

  /** A session action button: `rename` or `extract`. */
  action(name: 'rename' | 'extract'): Locator {
    return this.page.getByTestId(`action-${name}`)
  }

  /** Renames the selected session: F2, type, Enter. */
  async renameSelected(name: string): Promise<void> {
    await this.page.keyboard.press('F2')
    const input = this.page.getByTestId('edit-input')
    await expect(input).toBeFocused()
    await input.fill(name)
    await input.press('Enter')
  }

  /** Extracts the selected branch into an unnamed session of its own and waits for the notice. */
  async extractSelected(): Promise<void> {
    await this.action('extract').click()
    // No name: the new session holds exactly the branch (a name would add its own entry).
    await this.page.getByTestId('edit-input').fill('')
    await this.page.getByTestId('edit-dialog').getByRole('button', { name: 'Extract' }).click()
    await expect(this.notice()).toContainText('session of its own')
  }

  /** Undoes the last edit from its notice. */
  async undo(): Promise<void> {
    await this.notice().getByRole('button', { name: 'Undo' }).click()
  }
}
