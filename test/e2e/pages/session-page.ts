/**
 * Page object of the session view (header, branch tree, transcript). Waits on readiness
 * attributes, never on time. Also records what must never happen on a session page: CSP
 * violations, dialogs, page errors, requests leaving the app's origin.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { callApi, type ServerHandle } from '../harness'
import { TreePanel } from './tree-panel'

/** One transcript entry as the DOM shows it. */
export interface EntryInfo {
  id: string
  index: number
  kind: string
  inContext: boolean
}

/** The session, entry and token the page's URL fragment names. */
export function fragment(page: Page): URLSearchParams {
  return new URLSearchParams(new URL(page.url()).hash.replace(/^#/, ''))
}

export class SessionPage {
  readonly problems: string[] = []
  readonly requests: string[] = []
  readonly tree: TreePanel

  /**
   * @param server the server-mode process, for deep links and API look-ups; absent in a
   *   desktop window, where sessions are opened through the library (LibraryPage.openSession)
   */
  constructor(
    readonly page: Page,
    readonly server?: ServerHandle,
  ) {
    this.tree = new TreePanel(page)
    page.on('dialog', (dialog) => {
      this.problems.push(`dialog: ${dialog.message()}`)
      void dialog.dismiss()
    })
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        this.problems.push(`csp: ${message.text()}`)
      else if (message.type() === 'error' && message.text().startsWith('Pi Sessions:')) {
        this.problems.push(`render: ${message.text()}`)
      }
    })
    page.on('request', (request) => this.requests.push(request.url()))
  }

  /**
   * The library id of a session file, asked from the API like the renderer would (polls until
   * the library's first scan has read the file).
   */
  async idOf(fileName: string, request: APIRequestContext = this.page.request): Promise<string> {
    const server = this.serverMode()
    let id = ''
    await expect
      .poll(
        async () => {
          // A kept-alive connection the server closed as idle just as it was reused fails
          // once (ECONNRESET): asked again on a new one. A server gone fails every time.
          const response = await callApi(request, server, 'library:query-sessions', {
            projectId: null,
          }).catch(() => null)
          if (response === null) return ''
          const body = (await response.json()) as {
            value: { rows: { id: string; fileName: string }[] }
          }
          id = body.value.rows.find((r) => r.fileName === fileName)?.id ?? ''
          return id
        },
        { message: `${fileName} is in the library`, timeout: 30_000 },
      )
      .not.toBe('')
    return id
  }

  /** Opens the app with a deep link to a session (and entry) and waits until it shows. */
  async open(fileName: string, entryId?: string): Promise<string> {
    const id = await this.idOf(fileName)
    const entry = entryId ? `&entry=${encodeURIComponent(entryId)}` : ''
    await this.page.goto(`${this.serverMode().appUrl}&session=${id}${entry}`)
    await this.waitReady()
    return id
  }

  private serverMode(): ServerHandle {
    if (!this.server) throw new Error('deep links and API look-ups need server mode')
    return this.server
  }

  /** Waits for the session, its tree and the transcript of the selected path. */
  async waitReady(target?: string): Promise<void> {
    await expect(this.page.locator('.session-view.sv')).toHaveAttribute('data-status', 'ready')
    await expect(this.page.locator('.branch-tree')).toHaveAttribute('data-tree-state', 'ready')
    const transcript = this.page.locator('.transcript')
    await expect(transcript).toHaveAttribute('data-transcript-state', 'ready')
    if (target !== undefined) await expect(transcript).toHaveAttribute('data-path-target', target)
  }

  header(): Locator {
    return this.page.getByTestId('session-header')
  }

  treeNodes(): Locator {
    return this.tree.nodes()
  }

  treeNode(entryId: string): Locator {
    return this.tree.node(entryId)
  }

  /** Clicks a tree node and waits for the transcript of its path. */
  async selectNode(entryId: string): Promise<void> {
    // A filter's new layout can reach the tree a frame after its rows were located (the tree
    // is laid out in a deferred render): a click on a row that is being replaced is lost, as a
    // user's would be, and is made again on the row that replaced it.
    await expect(async () => {
      await this.treeNode(entryId).click()
      await expect(this.page.locator('.transcript')).toHaveAttribute('data-path-target', entryId, {
        timeout: 2000,
      })
    }).toPass({ timeout: 15_000 })
    await this.waitReady(entryId)
  }

  async setFilter(
    mode: 'default' | 'no-tools' | 'user-only' | 'labeled-only' | 'all',
  ): Promise<void> {
    await this.page.getByTestId(`tree-filter-${mode}`).click()
    await expect(this.page.getByTestId(`tree-filter-${mode}`)).toHaveAttribute(
      'aria-checked',
      'true',
    )
    // Two animation frames: the virtualized tree has laid out the rows of the new filter, so
    // a click that follows lands on the node it located (rows are reused DOM elements).
    await this.page.evaluate(
      'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
    )
  }

  /** Switches between the model's view and raw entries and waits for the new path. */
  async setRaw(raw: boolean): Promise<void> {
    await this.page.getByTestId(raw ? 'view-raw' : 'view-context').click()
    await expect(this.page.locator('.transcript')).toHaveAttribute(
      'data-raw',
      raw ? 'true' : 'false',
    )
    await this.waitReady()
  }

  /**
   * Every entry of the (virtualized) transcript in path order: scrolls from the top to the
   * bottom and collects entries as they render.
   */
  async transcriptEntries(): Promise<EntryInfo[]> {
    const scroller = this.page.locator('.transcript-list')
    const total = Number(await this.page.locator('.transcript').getAttribute('data-total'))
    const seen = new Map<number, EntryInfo>()
    await scroller.evaluate((el) => (el.scrollTop = 0))
    for (let step = 0; step < 2000 && seen.size < total; step++) {
      await this.page.evaluate(
        'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
      )
      const batch = await this.page.getByTestId('transcript-entry').evaluateAll((els) =>
        els.map((el) => ({
          id: el.getAttribute('data-entry-id') ?? '',
          index: Number(el.getAttribute('data-index')),
          kind: el.getAttribute('data-kind') ?? '',
          inContext: el.getAttribute('data-in-context') === 'true',
        })),
      )
      for (const entry of batch) seen.set(entry.index, entry)
      const moved = await scroller.evaluate((el) => {
        const before = el.scrollTop
        el.scrollTop = before + el.clientHeight * 0.7
        return el.scrollTop !== before
      })
      // At the bottom with entries still missing: they were placeholders; go round again.
      if (!moved && seen.size < total) await scroller.evaluate((el) => (el.scrollTop = 0))
    }
    return [...seen.values()].sort((a, b) => a.index - b.index)
  }

  /** Ids of the transcript entries in path order. */
  async transcriptIds(): Promise<string[]> {
    return (await this.transcriptEntries()).map((e) => e.id)
  }

  /** Saves a screenshot under test-results/screenshots/. */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png` })
  }

  /** Asserts that nothing forbidden happened and every request stayed on the app's origin. */
  expectClean(): void {
    expect(this.problems, 'no CSP violation, dialog or page error').toEqual([])
    const origin = this.server?.origin ?? 'file://'
    const foreign = this.requests.filter(
      (url) => !url.startsWith(origin) && !url.startsWith('data:'),
    )
    expect(foreign, `no request leaves ${origin}`).toEqual([])
  }
}
