// `npm run serve -- [--sessions-dir DIR]... [--port N] [--token T]`: builds, then starts
// server mode (127.0.0.1 only) and prints `Pi Sessions: http://127.0.0.1:<port>/#token=<t>`.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { build, repo } from './build-if-needed.mjs'
import { requireNode } from './node-version.mjs'

requireNode()
build()
const child = spawn(
  process.execPath,
  [join(repo, 'out', 'main', 'serve.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
