/**
 * Command-line options shared by both entries: `--sessions-dir DIR` (repeatable; replaces
 * pi's roots), `--data-dir DIR`, `--no-skeletons` (build no tree skeletons: benchmarks of the
 * first parse), `--help`, and for server mode `--port N` and `--token T`.
 */
import { parseArgs } from 'node:util'

/** Parsed command-line options. */
export interface CliOptions {
  sessionsDirs: string[]
  port: number
  token: string | undefined
  /** `--data-dir DIR`: where settings and the cache live (server mode). */
  dataDir: string | undefined
  /** `--no-skeletons`: no tree skeletons are built (those already built are still read). */
  noSkeletons: boolean
  /** `--help`: print {@link CLI_USAGE} and exit. */
  help: boolean
}

/** What `--help` prints (server mode; the desktop app takes the same options but port/token). */
export const CLI_USAGE = `Usage: npm run serve -- [options]
  --sessions-dir DIR  read sessions from DIR instead of pi's folders (repeatable)
  --data-dir DIR      keep settings, the library index and exports in DIR
                      (default: $XDG_DATA_HOME/pi-sessions, else ~/.local/share/pi-sessions)
  --port N            listen on 127.0.0.1:N (default: a free port)
  --token T           the access token (default: a new random one)
  --no-skeletons      build no tree skeletons of large sessions
  --help              print this and exit`

/**
 * Parses `argv` (without the node/electron executable and script).
 * @param strict true in server mode: an unknown option or one without its value is an error
 *   (a typo must not start a server on other folders); the desktop app passes false, since
 *   Electron and Chromium switches come through the same argv
 * @throws Error with a one-line message for a bad option, or when `--port` is not an integer
 *   in 0..65535
 */
export function parseCli(argv: string[], strict = false): CliOptions {
  const values = parseOptions(argv, strict)
  const portText = typeof values.port === 'string' ? values.port : '0'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new Error(`--port must be 0..65535, got "${portText}"`)
  const dirs = (values['sessions-dir'] ?? []).filter((d): d is string => typeof d === 'string')
  const token = typeof values.token === 'string' && values.token !== '' ? values.token : undefined
  const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined
  return {
    sessionsDirs: dirs,
    port,
    token,
    dataDir,
    noSkeletons: values['no-skeletons'] === true,
    help: values.help === true,
  }
}

function parseOptions(argv: string[], strict: boolean) {
  try {
    return parseArgs({
      args: argv,
      options: {
        'sessions-dir': { type: 'string', multiple: true },
        port: { type: 'string' },
        token: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-skeletons': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict,
      allowPositionals: !strict,
    }).values
  } catch (error) {
    // parseArgs explains at length how to pass a positional; the option is what matters.
    const first = (error as Error).message.split('. ')[0] as string
    throw new Error(`${first.replace(/\.$/, '')} (see --help)`, { cause: error })
  }
}
