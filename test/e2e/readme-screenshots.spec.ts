/**
 * The README's screenshots, made from the fixtures: the library in the light theme and a
 * branched session in the dark theme. Written to test-results/screenshots; with
 * UPDATE_DOCS=1 also to docs/ (then commit them). Each run says which Chromium drew them:
 * the registry's @sparticuz/chromium has no CJK fonts, so docs/ is only updated from another
 * (a system Chromium is preferred whenever one is present: scripts/chromium.mjs).
 */
import { copyFileSync } from 'node:fs'
import { callApi, expect, test } from './harness'
import { SessionPage } from './pages/session-page'
import { readManifest } from '../helpers/fixtures'

const update = process.env.UPDATE_DOCS === '1'
const browser = process.env.PI_SESSIONS_E2E_CHROMIUM ?? 'unknown Chromium'

test('README screenshots: the library (light) and a branched session (dark)', async ({
  page,
  server,
  library,
}) => {
  test.info().annotations.push({ type: 'browser', description: browser })
  console.log(`README screenshots drawn by Chromium: ${browser}`)
  if (update && browser.startsWith('@sparticuz/chromium')) {
    throw new Error(
      `UPDATE_DOCS needs a Chromium with CJK fonts, not ${browser}: set CHROMIUM_PATH`,
    )
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'))
  await library.openProject('/home/ayla/src/orbit-notes')
  await library.search('retry')
  const light = 'test-results/screenshots/readme-library-light.png'
  await page.screenshot({ path: light })

  const branches = readManifest().files.find(
    (f) => f.scenario === 'branches' && f.writer === 'pi 1.6.0',
  )
  // Dark in the saved settings: the app re-applies them when it saves the open session.
  await callApi(page.request, server, 'settings:update', { theme: 'dark' })
  const session = new SessionPage(page, server)
  await session.open(branches?.file.split('/').at(-1) as string)
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
  await session.setFilter('all')
  await expect(page.getByTestId('stat-branches')).toBeVisible()
  const dark = 'test-results/screenshots/readme-session-dark.png'
  await page.screenshot({ path: dark })
  if (update) {
    copyFileSync(light, 'docs/screenshot-library.png')
    copyFileSync(dark, 'docs/screenshot-session-dark.png')
  }
})
