// Finds the Chromium the end-to-end tests drive, in this order: $CHROMIUM_PATH, a system
// Chromium or Chrome, Playwright's own browsers, then the Chromium shipped inside the npm
// package @sparticuz/chromium (Linux x64 only), so a fresh `npm install && npm test` needs
// no system package. Playwright never downloads a browser from here.
import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Flags that keep Chromium quiet on a closed network and runnable as root (ENVIRONMENT.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

// The registry Chromium's own flags that would make the tests less real (web security
// and mixed content are part of what the app relies on) or that Playwright sets itself.
const DROPPED_REGISTRY_FLAGS = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
]

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
]

function runnable(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function systemChromium(env) {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean)
  const onPath = SYSTEM_NAMES.flatMap((name) => dirs.map((dir) => join(dir, name)))
  return [...SYSTEM_PATHS, ...onPath].find(runnable) ?? null
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test')
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : null
  } catch {
    return null
  }
}

async function registryChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null
  try {
    const { default: chromium } = await import('@sparticuz/chromium')
    const path = await chromium.executablePath()
    const args = chromium.args.filter(
      (a) => !a.startsWith('--headless') && !DROPPED_REGISTRY_FLAGS.includes(a),
    )
    return { path, args }
  } catch {
    return null
  }
}

/**
 * The Chromium for the end-to-end tests and which route found it.
 * @returns `{ executablePath, args, source }` where `source` names the route (for the log
 *   and for tests whose output depends on the browser, such as fonts in screenshots), or
 *   `{ executablePath: null, reason }` saying in one line what to install
 */
export async function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    return runnable(env.CHROMIUM_PATH)
      ? { executablePath: env.CHROMIUM_PATH, args: CHROMIUM_FLAGS, source: 'CHROMIUM_PATH' }
      : { executablePath: null, reason: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not executable` }
  }
  const system = systemChromium(env)
  if (system) return { executablePath: system, args: CHROMIUM_FLAGS, source: `system (${system})` }
  const own = await playwrightChromium()
  if (own) return { executablePath: own, args: CHROMIUM_FLAGS, source: `Playwright (${own})` }
  const registry = await registryChromium()
  if (registry) {
    const args = [...new Set([...CHROMIUM_FLAGS, ...registry.args])]
    return { executablePath: registry.path, args, source: '@sparticuz/chromium (no CJK fonts)' }
  }
  return {
    executablePath: null,
    reason:
      'no Chromium found: install Chromium or Chrome, set CHROMIUM_PATH, or run `npx playwright install chromium`',
  }
}
