import { test } from 'node:test'
import assert from 'node:assert/strict'
import { isAppUrl, isSafeExternalUrl, secureWindowOptions } from '../../../main/electron/options'

// ARCHITECTURE.md security baseline: every window sandboxed and context-isolated.
test('windows are sandboxed, context-isolated, without node integration', () => {
  const prefs = secureWindowOptions('/app/preload.cjs').webPreferences
  assert.equal(prefs?.contextIsolation, true)
  assert.equal(prefs?.sandbox, true)
  assert.equal(prefs?.nodeIntegration, false)
  assert.equal(prefs?.webSecurity, true)
  assert.equal(prefs?.webviewTag, false)
  assert.equal(prefs?.allowRunningInsecureContent, false)
  assert.equal(prefs?.preload, '/app/preload.cjs')
  assert.equal(prefs?.disableBlinkFeatures, 'Auxclick')
})

test('only http and https links may leave the app', () => {
  assert.ok(isSafeExternalUrl('https://example.com/x'))
  assert.ok(isSafeExternalUrl('http://example.com'))
  for (const url of [
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,x',
    'smb://h/s',
    'nonsense',
  ]) {
    assert.equal(isSafeExternalUrl(url), false, url)
  }
})

test('navigation stays inside the built renderer or the dev server origin', () => {
  const root = 'file:///opt/app/out/renderer/index.html'
  assert.ok(isAppUrl('file:///opt/app/out/renderer/index.html#x', root))
  assert.equal(isAppUrl('file:///etc/passwd', root), false)
  assert.equal(isAppUrl('https://evil.example/', root), false)
  assert.ok(isAppUrl('http://localhost:5173/x', root, 'http://localhost:5173'))
  assert.equal(isAppUrl('http://localhost:5174/', root, 'http://localhost:5173'), false)
})
