/**
 * Server-mode entry (`npm run serve`): composition root only. Serves the built renderer
 * and the handler table on 127.0.0.1 and prints one line with the URL and token.
 */
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { version } from '../package.json'
import { CLI_USAGE, parseCli } from './cli'
import { newToken } from './server/auth'
import { startHttpHost } from './server/http'
import { createServices } from './services'
import { workerScripts } from './worker-scripts'

/** The data folder of server mode: `--data-dir`, else `$XDG_DATA_HOME/pi-sessions`. */
function dataDir(fromCli: string | undefined): string {
  if (fromCli) return fromCli
  const base = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share')
  return join(base, 'pi-sessions')
}

const here = dirname(fileURLToPath(import.meta.url))
/** Longest wait for the parts to close on SIGINT or SIGTERM (ms). */
const STOP_DEADLINE_MS = 3000

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2), true)
  if (cli.help) {
    console.log(CLI_USAGE)
    return
  }
  const services = await createServices({
    cliDirs: cli.sessionsDirs,
    dataDir: dataDir(cli.dataDir),
    host: 'server',
    version,
    ...workerScripts(here),
    skeletons: !cli.noSkeletons,
    demoDir: join(here, '..', '..', 'resources', 'demo'),
  })
  const token = cli.token ?? newToken()
  const staticDir = join(here, '..', 'renderer')
  const host = await startHttpHost({
    handlers: services.handlers,
    events: services.events,
    downloads: services.downloads,
    log: services.log,
    token,
    staticDir,
    port: cli.port,
  })
  console.log(`Pi Sessions: ${host.url}#token=${token}`)
  const stop = () => {
    const parts: [string, Promise<void>][] = [
      ['the HTTP server', host.close()],
      ['the library', services.library.close()],
      ['the tree skeletons', Promise.resolve(services.trees.close())],
      ['the session view', services.view.close()],
    ]
    const open = new Set(parts.map(([name]) => name))
    for (const [name, closing] of parts) {
      const closed = () => void open.delete(name)
      closing.then(closed, closed)
    }
    // Nothing a close waits for is needed on disk (session files are never written by it, and
    // the index commits whole transactions): past the deadline the process exits anyway,
    // rather than hang a stop, and says what had not closed.
    setTimeout(() => {
      services.log.info(`Stopped after ${STOP_DEADLINE_MS} ms; not closed: ${[...open].join(', ')}`)
      process.exit(0)
    }, STOP_DEADLINE_MS).unref()
    void Promise.allSettled(parts.map(([, closing]) => closing)).then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`Pi Sessions: ${(error as Error).message}`)
  process.exit(1)
})
