// `npm start`: builds and launches the desktop app. Without an Electron binary it first
// runs the electron package's own installer (bounded, progress on stderr); only when that
// fails does it say why in one line and start server mode instead.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { build, repo } from './build-if-needed.mjs'
import { ensureElectronBinary } from './electron-binary.mjs'
import { requireNode } from './node-version.mjs'

requireNode()
build()
const args = process.argv.slice(2)
const electron = await ensureElectronBinary()
const [command, commandArgs] = electron.path
  ? [electron.path, [repo, ...args]]
  : [process.execPath, [join(repo, 'out', 'main', 'serve.js'), ...args]]
if (!electron.path) {
  console.log(`Pi Sessions: ${electron.reason}. Starting server mode instead (open the URL below).`)
}
const child = spawn(command, commandArgs, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
