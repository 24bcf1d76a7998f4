/**
 * Server-mode entry (`npm run serve`): composition root only. Serves the built renderer
 * and the handler table on 127.0.0.1 and prints one line with the URL and token.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { version } from '../package.json'
import { createHandlers } from './api/handlers'
import { parseCli } from './cli'
import { SessionLibrary } from './library/library'
import { resolveSessionRoots } from './library/roots'
import { newToken } from './server/auth'
import { startHttpHost } from './server/http'

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2))
  const resolved = resolveSessionRoots({ cliDirs: cli.sessionsDirs })
  for (const warning of resolved.warnings) console.warn(`Pi Sessions: ${warning}`)
  const library = new SessionLibrary(resolved.roots)
  const handlers = createHandlers({ library, resolved, host: 'server', version })
  const token = cli.token ?? newToken()
  const staticDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer')
  const host = await startHttpHost({ handlers, token, staticDir, port: cli.port })
  console.log(`Pi Sessions: ${host.url}#token=${token}`)
  const stop = () => void host.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`Pi Sessions: ${(error as Error).message}`)
  process.exit(1)
})
