/**
 * Where main sleeps: records the main thread's context switches, with their stacks, for a
 * while (Linux `perf`, the `sched:sched_switch` tracepoint, DWARF unwinding), and prints each
 * time main went to sleep for over `--ms` outside its event loop's idle wait (epoll): the
 * stack it slept in, innermost first, kernel frames left out.
 *
 * Why: bench/block-probe.mjs shows the gaps in which main was neither on a core nor waiting
 * for one; only the stack says what it waited on (a lock, another thread, a disk read).
 * Run it beside `npm run bench:view`, as root or with `kernel.perf_event_paranoid` <= 1:
 * `npm run bench:main-sleeps [-- --seconds 60 --ms 30 --match out/main/serve.js]`. It follows
 * each new process whose command line holds `--match` (the benchmark starts several servers).
 * Figures, not pass/fail; DWARF unwinding slows the recorded thread a little.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { numberArg } from './args'

const SECONDS = numberArg('seconds', 60)
const MIN_MS = numberArg('ms', 30)
const at = process.argv.indexOf('--match')
const MATCH = at > 0 ? (process.argv[at + 1] as string) : 'out/main/serve.js'

/** Kernel frames of every sleep: left out of the stacks printed. */
const KERNEL = /^(__schedule|schedule|futex_|do_futex|__x64_|do_syscall|entry_SYSCALL|exit_to)/

/** The processes whose command line holds `text`, other than this one. */
function processesMatching(text: string): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid === process.pid) continue
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      // Not this script's own npm and shell, whose command lines hold the text too.
      if (line.includes(text) && !line.includes('main-sleeps')) found.push(pid)
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/** One switch away from main: when, the state it left in, and its stack (innermost first). */
interface Switch {
  at: number
  state: string
  stack: string[]
}

/** The switches of `perf script` output. */
function switches(text: string): Switch[] {
  const out: Switch[] = []
  for (const line of text.split('\n')) {
    const head = /(\d+\.\d+): prev_comm=.* prev_state=(\S+)/.exec(line)
    if (head) out.push({ at: Number(head[1]) * 1000, state: head[2] as string, stack: [] })
    else if (line.startsWith('\t') && out.length > 0) {
      const frame = line.trim().split(' ').slice(1).join(' ').split(' (')[0] as string
      if (frame && !KERNEL.test(frame)) out.at(-1)?.stack.push(frame)
    }
  }
  return out
}

/** Prints main's sleeps over MIN_MS in `data` (a perf.data file) outside the event loop's wait. */
function report(pid: number, data: string): void {
  const script = spawnSync('perf', ['script', '-i', data, '-F', 'time,trace,ip,sym'], {
    encoding: 'utf8',
    // V8's longest string: a recording of minutes stays far below it.
    maxBuffer: 2 ** 29,
  })
  if (script.status !== 0) {
    // perf record was refused (permissions) or its recording cannot be read: say so.
    const why = script.error?.message ?? script.stderr.trim().split('\n')[0]
    console.log(`main ${pid}: no recording to read (${why})`)
    return
  }
  const all = switches(script.stdout)
  console.log(`main ${pid}: ${all.length} switches recorded`)
  for (let i = 0; i + 1 < all.length; i++) {
    const { at: from, state, stack } = all[i] as Switch
    const slept = (all[i + 1] as Switch).at - from
    if (slept < MIN_MS || !state.startsWith('S') || stack.includes('do_epoll_wait')) continue
    console.log(`  ${Math.round(slept)} ms  ${stack.slice(0, 12).join(' < ')}`)
  }
}

async function main(): Promise<void> {
  if (spawnSync('perf', ['--version']).status !== 0) {
    throw new Error('perf is not installed (Debian: apt install linux-perf)')
  }
  const dir = mkdtempSync(join(tmpdir(), 'pi-sessions-main-sleeps-'))
  const recorded = new Map<number, Promise<void>>()
  const until = Date.now() + SECONDS * 1000
  while (Date.now() < until) {
    for (const pid of processesMatching(MATCH)) {
      if (recorded.has(pid)) continue
      const data = join(dir, `${pid}.data`)
      const args = ['record', '-q', '-e', 'sched:sched_switch', '--call-graph', 'dwarf,32768']
      const perf = spawn('perf', [...args, '-t', String(pid), '-o', data], { stdio: 'ignore' })
      recorded.set(pid, new Promise((done) => perf.once('exit', () => done())))
      setTimeout(() => perf.kill('SIGINT'), until - Date.now()).unref()
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  for (const [pid, done] of recorded) {
    await done
    report(pid, join(dir, `${pid}.data`))
  }
  rmSync(dir, { recursive: true, force: true })
}

main().catch((error: unknown) => {
  console.error((error as Error).message)
  process.exit(1)
})
