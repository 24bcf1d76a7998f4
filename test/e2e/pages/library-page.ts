/**
 * Page object of the library view, shared by the Chromium (server mode) and Electron
 * specs. Waits on the app's readiness attributes, never on time.
 */
import { expect, type Locator, type Page } from '@playwright/test'

/** What a session row shows, as attributes. */
export interface RowInfo {
  id: string
  fileName: string
  status: string
  matchEntryId: string | null
}

export class LibraryPage {
  constructor(readonly page: Page) {}

  /** Opens the app at `url` and waits until the library has been read. */
  async open(url: string): Promise<void> {
    await this.page.goto(url)
    await this.waitReady()
  }

  /** Waits for the first data (`data-app-state="ready"`) and the end of the scan. */
  async waitReady(): Promise<void> {
    const root = this.page.locator('[data-app-state]')
    await expect(root).toHaveAttribute('data-app-state', 'ready')
    await expect(root).toHaveAttribute('data-scan-state', 'idle')
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

  /** The listed row of the session file named `fileName`. */
  row(fileName: string): Locator {
    return this.page.locator(`[data-testid="session-item"][data-file-name="${fileName}"]`)
  }

  /** Sorts the list (`recent`, `created`, `name`, ...) and waits for its rows. */
  async sortBy(order: string): Promise<void> {
    await this.page.getByTestId('sort-select').selectOption(order)
    await this.waitRows()
  }

  /** Shows the sessions of every project. */
  async showAllProjects(): Promise<void> {
    // In a narrow window (or with the sidebar hidden) the projects are a picker.
    const picker = this.page.getByTestId('project-picker')
    const all = this.page.getByTestId('project-all')
    // Which of the two shows can change once the window's width is measured: asked again then.
    await expect(async () => {
      if (await picker.isVisible()) await picker.selectOption('all', { timeout: 2000 })
      else await all.click({ timeout: 2000 })
    }).toPass({ timeout: 20_000 })
    await this.waitRows()
  }

  /**
   * Finds a session the way a user does (search for its file's session id, click its row)
   * and waits until its view shows.
   */
  async openSession(fileName: string): Promise<void> {
    await this.search(fileName.slice(fileName.indexOf('_') + 1, -'.jsonl'.length))
    await this.row(fileName).click()
    await expect(this.page.getByTestId('session-header')).toBeVisible()
  }

  /** Waits until the session list shows the answer to the latest query. */
  async waitRows(): Promise<void> {
    await expect(this.page.locator('.session-list')).toHaveAttribute('data-status', 'ready')
  }

  /** Clicks a project and waits for its session list. */
  async openProject(cwd: string): Promise<void> {
    await this.project(cwd).click()
    await expect(this.project(cwd)).toHaveAttribute('aria-current', 'true')
    await this.waitRows()
  }

  /** Types a search and waits for its rows. */
  async search(text: string): Promise<void> {
    await this.page.getByTestId('search-input').fill(text)
    await expect(this.page.locator('.session-list')).toHaveAttribute('data-query', text)
    await this.waitRows()
  }

  /**
   * Every row of the (virtualized) list, in display order: scrolls through the list and
   * collects the rows as they are rendered.
   */
  async allRows(): Promise<RowInfo[]> {
    const scroller = this.page.locator('.session-rows')
    const seen = new Map<string, RowInfo & { index: number }>()
    await scroller.evaluate((el) => (el.scrollTop = 0))
    for (let step = 0; step < 1000; step++) {
      const batch = await this.sessions().evaluateAll((els) =>
        els.map((el) => ({
          id: el.getAttribute('data-session-id') ?? '',
          fileName: el.getAttribute('data-file-name') ?? '',
          status: el.getAttribute('data-status') ?? '',
          matchEntryId: el.getAttribute('data-match-entry-id'),
          index: Number(el.closest('[data-index]')?.getAttribute('data-index') ?? -1),
        })),
      )
      for (const row of batch) seen.set(row.id, row)
      const moved = await scroller.evaluate((el) => {
        const before = el.scrollTop
        el.scrollTop = before + el.clientHeight * 0.8
        return el.scrollTop !== before
      })
      if (!moved) break
      // Two animation frames: Virtuoso has rendered the rows for the new scroll position.
      await this.page.evaluate(
        'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
      )
    }
    return [...seen.values()]
      .sort((a, b) => a.index - b.index)
      .map(({ index: _index, ...row }) => row)
  }
}
