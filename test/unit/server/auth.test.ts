import { test } from 'node:test'
import assert from 'node:assert/strict'
import { hasToken, isAllowedHost, newToken } from '../../../main/server/auth'
import { parseCli } from '../../../main/cli'

test('tokens are random and compared exactly', () => {
  const a = newToken()
  assert.notEqual(a, newToken())
  assert.ok(a.length >= 40)
  assert.ok(hasToken(`Bearer ${a}`, a))
  for (const header of [undefined, '', a, `Bearer ${a}x`, `bearer ${a}`, `Bearer ${a.slice(1)}`]) {
    assert.equal(hasToken(header, a), false, String(header))
  }
})

test('only 127.0.0.1 and localhost on our port pass the Host check', () => {
  assert.ok(isAllowedHost('127.0.0.1:4000', 4000))
  assert.ok(isAllowedHost('localhost:4000', 4000))
  for (const host of [
    undefined,
    '127.0.0.1',
    'localhost:4001',
    'evil.example:4000',
    '0.0.0.0:4000',
  ]) {
    assert.equal(isAllowedHost(host, 4000), false, String(host))
  }
})

test('the command line takes repeatable --sessions-dir, --port, --token and --no-skeletons', () => {
  const cli = parseCli([
    '--sessions-dir',
    '/a',
    '--sessions-dir=/b',
    '--port',
    '8123',
    '--token',
    't',
  ])
  assert.deepEqual(cli, {
    sessionsDirs: ['/a', '/b'],
    port: 8123,
    token: 't',
    dataDir: undefined,
    noSkeletons: false,
    help: false,
  })
  assert.deepEqual(parseCli([]), {
    sessionsDirs: [],
    port: 0,
    token: undefined,
    dataDir: undefined,
    noSkeletons: false,
    help: false,
  })
  assert.equal(parseCli(['--no-skeletons']).noSkeletons, true)
  assert.throws(() => parseCli(['--port', 'abc']), /--port/)
  assert.throws(() => parseCli(['--port', '70000']), /--port/)
})

test('server mode refuses an unknown option or one without its value; the desktop app passes them', () => {
  assert.throws(
    () => parseCli(['--bogus'], true),
    /^Error: Unknown option '--bogus' \(see --help\)$/,
  )
  assert.throws(() => parseCli(['--sessions-dir'], true), /--sessions-dir.*missing \(see --help\)/)
  assert.throws(() => parseCli(['stray'], true), /stray/)
  assert.equal(parseCli(['--help'], true).help, true)
  // Electron and Chromium switches share the desktop app's argv.
  assert.deepEqual(parseCli(['--enable-logging', '--sessions-dir', '/a']).sessionsDirs, ['/a'])
})
