/**
 * A press on a branch tree row (server mode): the rows stay where the reader scrolled them,
 * under the pointer from the press to the release, even when the list has just been scrolled.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test, type Scratch, type ServerFor } from './harness'
import { SessionPage } from './pages/session-page'
import { sideBranchedChain } from '../helpers/append'

/**
 * Opens a session of 120 entries on pi's path, a side branch at every other one (a tree far
 * taller than its pane), at the entry `h60`.
 */
async function openTallTree(page: Page, serverFor: ServerFor, scratch: Scratch) {
  const at = '2026-03-02T10:00:00.000Z'
  const id = '019cb000-0000-7000-8000-0000000002ea'
  const sessionsDir = join(scratch('pi-sessions-press-'), 'sessions')
  const dir = join(sessionsDir, '--work-press--')
  mkdirSync(dir, { recursive: true })
  const lines = sideBranchedChain(id, at, '/work/press', 120, (i) => `step ${i}`)
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  writeFileSync(join(dir, name), lines.join('\n') + '\n')
  const session = new SessionPage(page, await serverFor(sessionsDir))
  // Opened at an entry in the middle: the tree scrolls it into view itself.
  await session.open(name, 'h60')
  await expect(session.treeNode('h60')).toBeInViewport()
  return { session, scroller: session.tree.scroller() }
}

test('a press right after the tree was scrolled leaves the rows where they were scrolled', async ({
  page,
  serverFor,
  scratch,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 })
  const { session, scroller } = await openTallTree(page, serverFor, scratch)
  // The scroll and the press in one task: the press comes before the list hears of the scroll,
  // as a click in the frame after a wheel turn does.
  const { scrolledTo, atPress } = await scroller.evaluate(async (el) => {
    const row = el.querySelector('[data-entry-id="h60"]') as HTMLElement
    el.scrollTop -= 48
    const scrolledTo = el.scrollTop
    const init = { bubbles: true, button: 0, buttons: 1, pointerId: 1, isPrimary: true }
    row.dispatchEvent(new PointerEvent('pointerdown', init))
    // React renders what the press changed in a microtask; the scroll event waits for a frame.
    for (let i = 0; i < 5; i++) await Promise.resolve()
    const atPress = el.scrollTop
    row.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }))
    return { scrolledTo, atPress }
  })
  expect(atPress).toBe(scrolledTo)
  await expect(session.treeNode('h60')).toBeInViewport()
  session.expectClean()
})
