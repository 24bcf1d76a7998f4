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
    void Promise.all([
      host.close(),
      services.library.close(),
      services.trees.close(),
      services.view.close(),
    ]).finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`Pi Sessions: ${(error as Error).message}`)
  process.exit(1)
})
