import { defineConfig } from '@playwright/test'
import { findChromium } from './scripts/chromium.mjs'

// CHROMIUM_PATH, a system Chromium or Chrome, Playwright's own, else the registry's
// @sparticuz/chromium (scripts/chromium.mjs). Playwright never downloads one here.
const chromium = await findChromium()
if (chromium.executablePath === null) throw new Error(`End-to-end tests: ${chromium.reason}`)
// The runner prints it once; workers (which load this file too) stay quiet.
if (!process.env.TEST_WORKER_INDEX) console.log(`End-to-end tests in Chromium: ${chromium.source}`)
process.env.PI_SESSIONS_E2E_CHROMIUM = chromium.source

const launch = { executablePath: chromium.executablePath, args: chromium.args }

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: launch,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'server-mode',
      testMatch: '**/*.spec.ts',
      testIgnore: ['**/electron*.spec.ts'],
    },
    {
      // The built main and preload with the stand-in `electron` module; the window is a
      // page loaded from file:// as in Electron, which module scripts need this flag for.
      name: 'electron-stand-in',
      testMatch: '**/electron-stand-in.spec.ts',
      use: {
        launchOptions: { ...launch, args: [...launch.args, '--allow-file-access-from-files'] },
      },
    },
    { name: 'electron', testMatch: '**/electron.spec.ts' },
  ],
})
