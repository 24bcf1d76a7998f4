/**
 * electron-builder cannot package here (it downloads Electron), so CI checks its
 * configuration statically: targets, files, icons, the demo library, that every module the
 * built main process loads at run time is a packaged dependency, that the packaged app
 * finds its workers outside the asar archive and can start its worker process, and that node:sqlite needs no native
 * module (it is part of the Node that Electron embeds).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, matchesGlob } from 'node:path'
import ts from 'typescript'
import { WORKER_FILES, workerScriptPath, workerScripts } from '../../../main/worker-scripts'

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
      // TypeScript's import scanner: static and dynamic imports, not words in strings (a
      // bundled highlighter's keyword lists hold "import", "from").
      for (const { fileName: name } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles) {
        if (name.startsWith('.') || name.startsWith('/')) continue
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

const built = existsSync('out/main/index.js')

const WORKERS = Object.values(WORKER_FILES)

test('a worker script inside the asar archive is started from its unpacked copy', () => {
  for (const [packed, unpacked] of [
    [
      '/opt/Pi Sessions/resources/app.asar/out/main',
      '/opt/Pi Sessions/resources/app.asar.unpacked/out/main',
    ],
    [
      'C:\\Apps\\Pi Sessions\\resources\\app.asar\\out\\main',
      'C:\\Apps\\Pi Sessions\\resources\\app.asar.unpacked\\out\\main',
    ],
    [
      '/Applications/Pi Sessions.app/Contents/Resources/app.asar/out/main',
      '/Applications/Pi Sessions.app/Contents/Resources/app.asar.unpacked/out/main',
    ],
    ['/home/me/src/pi-sessions/out/main', '/home/me/src/pi-sessions/out/main'],
    // Only the archive itself: a folder that merely starts with the name is left alone.
    ['/home/me/app.asar-notes/out/main', '/home/me/app.asar-notes/out/main'],
  ])
    assert.equal(
      workerScriptPath(packed as string, 'view-worker.js'),
      join(unpacked as string, 'view-worker.js'),
    )
  const scripts = workerScripts('/opt/Pi Sessions/resources/app.asar/out/main')
  assert.deepEqual(
    Object.values(scripts).map((s) => s.path),
    WORKERS.map((file) => `/opt/Pi Sessions/resources/app.asar.unpacked/out/main/${file}`),
  )
})

test("the view's worker process can start: the RunAsNode fuse stays on", () => {
  // child_process.fork runs the app's own binary as Node (ELECTRON_RUN_AS_NODE), which only
  // a binary whose RunAsNode fuse is on honours.
  assert.notEqual(build.electronFuses?.runAsNode, false)
})

test(
  'the packaged app finds every worker outside the asar archive',
  { skip: !built && 'run npm run build first' },
  () => {
    // Both entries start the workers through the one function.
    for (const entry of ['out/main/index.js', 'out/main/serve.js'])
      assert.match(readFileSync(entry, 'utf8'), /\.\.\.workerScripts\(here\)/, entry)
    for (const file of WORKERS) {
      // A worker (thread or process) cannot start from inside an asar archive: each is unpacked.
      assert.ok(existsSync(`out/main/${file}`), `out/main/${file} is built`)
      assert.ok(
        build.asarUnpack.some((glob: string) => matchesGlob(`out/main/${file}`, glob)),
        `out/main/${file} is unpacked`,
      )
      // A worker bundle loads no module the package lacks and never Electron.
      assert.doesNotMatch(readFileSync(`out/main/${file}`, 'utf8'), /from\s*["']electron["']/)
    }
  },
)

test('node:sqlite needs no native module: no packaged dependency builds or ships one', () => {
  // node:sqlite is part of Node (unflagged since 22.13, which engines requires) and so of
  // the Node inside Electron 45; the packaged app carries no compiled addon to rebuild.
  assert.match(pkg.engines.node, />=\s*2[2-9]\.(1[3-9]|[2-9]\d)/)
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
  const shipped = Object.entries(
    lock.packages as Record<string, { dev?: boolean; hasInstallScript?: boolean }>,
  ).filter(([path, info]) => path.startsWith('node_modules/') && !info.dev)
  assert.ok(shipped.length > 0)
  for (const [path, info] of shipped) {
    assert.ok(!info.hasInstallScript, `${path} has an install script (a native build?)`)
    if (!existsSync(path)) continue
    const files = readdirSync(path, { recursive: true }).map(String)
    const native = files.filter((f) => f.endsWith('.node') || f.endsWith('binding.gyp'))
    assert.deepEqual(native, [], `${path} ships a native module`)
  }
  for (const name of Object.keys(pkg.dependencies))
    assert.ok(!/sqlite/.test(name), `${name}: use node:sqlite, not a native SQLite package`)
})

test(
  'the built main process imports SQLite as the node:sqlite builtin',
  { skip: !built && 'run npm run build first' },
  () => {
    // A bundler that strips the node: prefix would break it: plain `sqlite` is no builtin.
    const files = ['out/main', 'out/main/chunks'].filter(existsSync).flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(dir, f)),
    )
    for (const file of files) {
      const specifiers = [
        ...readFileSync(file, 'utf8').matchAll(
          /(?:from|import|require)\s*\(?\s*["']([^"']*sqlite[^"']*)["']/g,
        ),
      ].map((m) => m[1])
      for (const specifier of specifiers) assert.equal(specifier, 'node:sqlite', file)
    }
  },
)
