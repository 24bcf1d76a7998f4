/**
 * Page object of the library view, shared by the Chromium (server mode) and Electron
 * specs. Waits on the app's readiness attribute, never on time.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export class LibraryPage {
  constructor(readonly page: Page) {}

  /** Opens the app at `url` and waits until the first data has arrived. */
  async open(url: string): Promise<void> {
    await this.page.goto(url)
    await this.waitReady()
  }

  /** Waits for `data-app-state="ready"` on the app root. */
  async waitReady(): Promise<void> {
    await expect(this.page.locator('[data-app-state]')).toHaveAttribute('data-app-state', 'ready')
  }

  projects(): Locator {
    return this.page.getByTestId('project-item')
  }

  /** The project row whose full display name (header cwd) is exactly `cwd`. */
  project(cwd: string): Locator {
    return this.projects().filter({
      has: this.page.locator(`.project-cwd:text-is("${cwd.replace(/"/g, '\\"')}")`),
    })
  }

  sessions(): Locator {
    return this.page.getByTestId('session-item')
  }

  /** Clicks a project and waits for its session list to be loaded. */
  async openProject(cwd: string): Promise<void> {
    await this.project(cwd).click()
    await expect(this.page.locator('.session-list')).toHaveAttribute('data-status', 'ready')
  }

  /** File names of the rows in the session list, in display order. */
  async sessionFileNames(): Promise<string[]> {
    return this.sessions().evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-file-name') ?? ''),
    )
  }
}
