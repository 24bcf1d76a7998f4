import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { checkWindowSecurity, cspOfHtml } from '../../../main/electron/checklist'
import { secureWindowOptions } from '../../../main/electron/options'

const csp = cspOfHtml(readFileSync('renderer/index.html', 'utf8'))
const good = {
  webPreferences: secureWindowOptions('/p.cjs').webPreferences,
  csp,
  navigationGuarded: true,
  windowOpenDenied: true,
  permissionsDenied: true,
}

test('the app window and its page pass the security checklist', () => {
  assert.ok(csp.length > 0, 'the page declares a CSP')
  assert.deepEqual(checkWindowSecurity(good), [])
})

test('each weakened setting is caught', () => {
  const cases: [Partial<typeof good> | Record<string, unknown>, string][] = [
    [{ webPreferences: { ...good.webPreferences, contextIsolation: false } }, 'context-isolation'],
    [{ webPreferences: { ...good.webPreferences, sandbox: false } }, 'sandbox'],
    [{ webPreferences: { ...good.webPreferences, nodeIntegration: true } }, 'node-integration'],
    [{ webPreferences: { ...good.webPreferences, webSecurity: false } }, 'web-security'],
    [{ webPreferences: { ...good.webPreferences, webviewTag: true } }, 'webview'],
    [{ navigationGuarded: false }, 'navigation'],
    [{ windowOpenDenied: false }, 'window-open'],
    [{ permissionsDenied: false }, 'permissions'],
    [{ csp: csp.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'") }, 'csp'],
    [{ csp: csp.replace("img-src 'self' data:", "img-src 'self' data: https:") }, 'csp'],
    [{ csp: '' }, 'csp'],
  ]
  for (const [change, rule] of cases) {
    const findings = checkWindowSecurity({ ...good, ...change } as typeof good)
    assert.ok(
      findings.some((f) => f.rule === rule),
      `${rule}: ${JSON.stringify(change).slice(0, 80)}`,
    )
  }
})
