/**
 * Command-line options shared by both entries: `--sessions-dir DIR` (repeatable; replaces
 * pi's roots), `--no-skeletons` (build no tree skeletons: benchmarks of the first parse), and
 * for server mode `--port N` and `--token T`.
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
}

/**
 * Parses `argv` (without the node/electron executable and script). Unknown options are
 * ignored so Electron/Chromium switches pass through.
 * @throws Error with a one-line message when `--port` is not an integer in 0..65535
 */
export function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      'sessions-dir': { type: 'string', multiple: true },
      port: { type: 'string' },
      token: { type: 'string' },
      'data-dir': { type: 'string' },
      'no-skeletons': { type: 'boolean' },
    },
    strict: false,
    allowPositionals: true,
  })
  const portText = typeof values.port === 'string' ? values.port : '0'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new Error(`--port must be 0..65535, got "${portText}"`)
  const dirs = (values['sessions-dir'] ?? []).filter((d): d is string => typeof d === 'string')
  const token = typeof values.token === 'string' && values.token !== '' ? values.token : undefined
  const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined
  return { sessionsDirs: dirs, port, token, dataDir, noSkeletons: values['no-skeletons'] === true }
}
