/**
 * electron-builder cannot package here (it downloads Electron), so CI checks its
 * configuration statically: targets, files, icons, the demo library, and that
 * every module the built main process loads at run time is a packaged dependency.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'

const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
const build = pkg.build

test('targets, identity and category for Linux, macOS and Windows', () => {
  assert.equal(pkg.name, 'pi-sessions')
  assert.equal(pkg.productName, 'Pi Sessions')
  assert.equal(build.productName, 'Pi Sessions')
  assert.match(build.appId, /^[a-z]+(\.[a-z-]+)+$/)
  assert.deepEqual(build.linux.target, ['AppImage', 'deb'])
  assert.deepEqual(build.mac.target, ['dmg'])
  assert.deepEqual(build.win.target, ['nsis'])
  assert.equal(build.linux.category, 'Development')
  assert.equal(build.mac.category, 'public.app-category.developer-tools')
})

test('icons exist, are PNGs made from the one source image, and are large enough', () => {
  assert.ok(existsSync('resources/icon.svg'))
  const png = readFileSync(build.mac.icon)
  assert.equal(png.subarray(1, 4).toString(), 'PNG')
  assert.ok(png.readUInt32BE(16) >= 512, 'width of icon.png')
  for (const size of [16, 32, 48, 64, 128, 256, 512]) {
    const icon = readFileSync(join(build.linux.icon, `${size}x${size}.png`))
    assert.equal(icon.readUInt32BE(16), size)
  }
})

test('the packaged files hold the build output and the demo library', () => {
  assert.ok(build.files.includes('out/**'))
  assert.deepEqual(build.extraResources, [{ from: 'resources/demo', to: 'demo' }])
  assert.ok(readdirSync('resources/demo').length > 0)
  // The worker thread and trash's helper binaries must live outside the asar archive.
  assert.ok(build.asarUnpack.includes('out/main/**'))
  assert.ok(build.asarUnpack.includes('node_modules/trash/**'))
})

test(
  'every module the built main process loads is a packaged dependency',
  { skip: !existsSync('out/main/index.js') && 'run npm run build first' },
  () => {
    const files = ['out/main', 'out/main/chunks'].filter(existsSync).flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(dir, f)),
    )
    const bare = new Set<string>()
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g,
      )) {
        const name = m[1] as string
        const root = name.startsWith('@')
          ? name.split('/').slice(0, 2).join('/')
          : (name.split('/')[0] as string)
        if (!isBuiltin(name) && root !== 'electron') bare.add(root)
      }
    }
    assert.ok(bare.size > 0)
    for (const name of bare)
      assert.ok(pkg.dependencies[name], `${name} is imported at run time but not a dependency`)
  },
)
