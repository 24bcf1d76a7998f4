/**
 * The built server (`out/main/serve.js`) for the session view benchmark: start it over a
 * sessions folder, call its API, wait for the library to be idle, and ping it to see how long
 * the main process is blocked.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** A running server. */
export interface Server {
  origin: string
  token: string
  /** Stops the server and resolves once it has exited. */
  stop(): Promise<void>
  /** The event-loop gaps over 40 ms main saw from inside (bench/block-probe.mjs) since it started. */
  gaps(): Gap[]
}

/** A gap between two ticks of main's 10 ms probe timer. */
export interface Gap {
  /** When the gap began, epoch ms. */
  at: number
  /** The gap, ms. */
  wall: number
  /** The main thread's time on a core during the gap, ms. */
  cpu: number
  /** The main thread's time runnable but waiting for a core, ms (NaN off Linux). */
  wait: number
  /** The host's steal from the machine's cores during the gap, ms summed over cores (NaN off Linux). */
  steal: number
  /** The machine's cores' idle time waiting on the disk during the gap, ms summed (NaN off Linux). */
  iowait: number
  /** Main's other threads' time on a core during the gap, ms in 10 ms steps (NaN off Linux). */
  others: number
  /** V8's collection pauses on main's thread that began in the gap, ms. */
  gc: number
  /** Their kinds: minor, major, incremental, weakcb, comma-separated (`-`: none). */
  gcKinds: string
  /** The API channels main was asked in the gap or was answering when it began (`-`: none). */
  calls: string
}

/** The gaps bench/block-probe.mjs wrote to `file` (none when it wrote none). */
export function readGaps(file: string): Gap[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const fields = line.split(' ')
      const [at, wall, cpu, wait, steal, iowait, others, gc] = fields.map(Number) as number[]
      const [gcKinds = '-', calls = '-'] = fields.slice(8)
      return { at, wall, cpu, wait, steal, iowait, others, gc, gcKinds, calls } as Gap
    })
}

/** The gaps that began in [from, to] (epoch ms). */
export function gapsIn(server: Server, from: number, to: number): Gap[] {
  return server.gaps().filter((g) => g.at >= from && g.at <= to)
}

/**
 * Starts server mode over `root/sessions` with its data in `root/data`.
 * @param args more command-line options (`--no-skeletons`)
 */
export function startServer(root: string, args: string[] = []): Promise<Server> {
  const probe = join(root, 'main-gaps.txt')
  rmSync(probe, { force: true })
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=8192',
      // V8 flags to compare for main (bench/session-view.ts): none unless asked.
      ...(process.env.BENCH_MAIN_JS?.split(' ').filter(Boolean) ?? []),
      '--import',
      resolve('bench/block-probe.mjs'),
      resolve('out/main/serve.js'),
      '--sessions-dir',
      join(root, 'sessions'),
      '--data-dir',
      join(root, 'data'),
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: root, XDG_DATA_HOME: root, PI_BLOCK_PROBE: probe },
    },
  )
  return new Promise((done, fail) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = /Pi Sessions: (http:\/\/127\.0\.0\.1:\d+\/)#token=(\S+)/.exec(out)
      if (!m) return
      const stop = () =>
        new Promise<void>((exited) => {
          child.removeAllListeners('exit')
          child.once('exit', () => exited())
          child.kill('SIGTERM')
        })
      const gaps = () => readGaps(probe)
      done({ origin: m[1] as string, token: m[2] as string, stop, gaps })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => fail(new Error(`server exited (${code}):\n${out}`)))
  })
}

/** Calls one API channel. @throws when the server answers with an error */
export async function api<T>(server: Server, channel: string, args: unknown): Promise<T> {
  const res = await fetch(`${server.origin}api/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  })
  const body = (await res.json()) as { ok: boolean; value: T }
  if (!body.ok) throw new Error(`${channel} failed: ${JSON.stringify(body)}`)
  return body.value
}

interface QueryResult {
  rows: { id: string; fileName: string }[]
  progress: { scanning: boolean; textsIndexed: number; textsTotal: number }
}

/**
 * The library id of `fileName`, once the library has listed it and indexed every text (so the
 * background indexing does not run during the measurements).
 */
export async function idleId(server: Server, fileName: string): Promise<string> {
  for (;;) {
    const { rows, progress } = await api<QueryResult>(server, 'library:query-sessions', {
      projectId: null,
    })
    const id = rows.find((r) => r.fileName === fileName)?.id
    if (id && !progress.scanning && progress.textsIndexed >= progress.textsTotal) return id
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Pings `app:get-info` every 20 ms until stopped; the slowest answer bounds how long the main
 * process was blocked (it includes one HTTP round trip, ~1 ms here). `slow` collects the
 * answers over 40 ms: when they were asked (epoch ms) and how long they took.
 */
export function pinger(server: Server, slow?: [at: number, ms: number][]): () => Promise<number[]> {
  const latencies: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const at = Date.now()
      await api(server, 'app:get-info', {})
      const ms = performance.now() - started
      latencies.push(ms)
      if (slow && ms > 40) slow.push([at, ms])
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  return async () => {
    running = false
    await loop
    return latencies
  }
}
