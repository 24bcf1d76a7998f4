/**
 * Page object of the branch tree: nodes by entry id, their labels, selection, inline
 * labelling (L) and folding. Waits on what the tree shows, never on time.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export class TreePanel {
  constructor(readonly page: Page) {}

  /** The tree widget (focus it for keyboard navigation). */
  tree(): Locator {
    return this.page.locator('[role="tree"]')
  }

  /** The tree's scrolling list (react-arborist's virtual list inside the tree widget). */
  scroller(): Locator {
    return this.page.locator('.tree-box [role="tree"] > div').first()
  }

  nodes(): Locator {
    return this.page.getByTestId('tree-node')
  }

  node(entryId: string): Locator {
    return this.page.locator(`[data-testid="tree-node"][data-entry-id="${entryId}"]`)
  }

  /** The `[label]` badge of an entry's node (count 0 when it has no label). */
  label(entryId: string): Locator {
    return this.node(entryId).getByTestId('tree-label')
  }

  /** The first collapsed run of a long linear chain. */
  firstRun(): Locator {
    return this.page.getByTestId('tree-run').first()
  }

  /** Opens or folds the node (or run) with its toggle. */
  async toggle(node: Locator): Promise<void> {
    await node.locator('.tree-toggle').click()
  }

  /** The entry of the row holding the keyboard focus ('' for the tree itself), or null. */
  focusedEntry(): Promise<string | null> {
    return this.page.evaluate(() => {
      const el = document.activeElement
      if (!el?.closest('.tree-box')) return null
      return el.querySelector('[data-testid="tree-node"]')?.getAttribute('data-entry-id') ?? ''
    })
  }

  /** Focuses the tree for keyboard navigation. */
  async focus(): Promise<void> {
    await this.tree().focus()
  }

  /**
   * Starts labelling an entry inline: click its node, press L; resolves with the focused
   * label field.
   */
  async startLabel(entryId: string): Promise<Locator> {
    // L labels the selected node: press it once the click selected this one (a click while
    // the view still lays out can land on a neighbour, which L would then label).
    await expect(async () => {
      await this.node(entryId).click()
      await expect(this.node(entryId)).toHaveClass(/selected/, { timeout: 1000 })
    }).toPass({ timeout: 10_000 })
    await this.page.keyboard.press('l')
    const input = this.page.getByTestId('tree-label-input')
    await expect(input).toBeFocused()
    return input
  }

  /**
   * Labels an entry inline: click its node, press L, type, Enter; waits for the badge
   * (or its absence when `text` is empty, which clears the label).
   */
  async setLabel(entryId: string, text: string): Promise<void> {
    const input = await this.startLabel(entryId)
    await input.fill(text)
    await input.press('Enter')
    if (text) await expect(this.label(entryId)).toHaveText(`[${text}]`)
    else await expect(this.label(entryId)).toHaveCount(0)
  }
}
