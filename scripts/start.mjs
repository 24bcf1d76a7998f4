// `npm start`: builds and launches the desktop app; where no Electron binary exists, says
// so in one line and starts server mode instead.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { build, repo } from './build-if-needed.mjs'
import { findElectronBinary } from './electron-binary.mjs'

build()
const args = process.argv.slice(2)
const electron = findElectronBinary()
const [command, commandArgs] = electron.path
  ? [electron.path, [repo, ...args]]
  : [process.execPath, [join(repo, 'out', 'main', 'serve.js'), ...args]]
if (!electron.path) {
  console.log(`Pi Sessions: ${electron.reason}; starting server mode instead (open the URL below).`)
}
const child = spawn(command, commandArgs, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
