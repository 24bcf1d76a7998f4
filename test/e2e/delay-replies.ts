/**
 * Holds back the page's calls to one API channel by a fixed time, so what answers first in a
 * test is not left to the machine's speed (a long branch's path, a slow open).
 */
import type { Page } from '@playwright/test'

/** Delays every call the page makes to `channel` from now on by `ms` before it is sent. */
export async function delayReplies(page: Page, channel: string, ms: number): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api/${channel}`,
    async (route) => {
      await new Promise((r) => setTimeout(r, ms))
      await route.continue()
    },
  )
}
