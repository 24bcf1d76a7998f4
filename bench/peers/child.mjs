// Child process of bench/session-open.ts: loads one SessionManager implementation, times
// open + getTree + buildSessionContext on one file and prints one JSON line of figures.
// Plain JavaScript so every implementation runs without a TypeScript loader.
// Usage: node bench/peers/child.mjs <ours|ours-async|pi073|pi160> <file> <module path> [open-only]
// `open-only`: times `SessionManager.open` alone (the session view benchmark's yardstick).
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

// Main-thread CPU ms (Linux /proc, 100 ticks/s), so a busy machine that deschedules us does not
// count as blocking; wall-clock ms elsewhere.
const busyMs = () => {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return performance.now()
  }
}

const [impl, file, modPath, only] = process.argv.slice(2)
const { SessionManager } = await import(pathToFileURL(modPath).href)
const baseRssMb = process.memoryUsage().rss / 2 ** 20
let maxBlockMs
const c0 = process.cpuUsage()
const t0 = performance.now()
let manager
if (impl.endsWith('async')) {
  // Most main-thread CPU spent between two 1 ms timer ticks = longest blocking stretch.
  let last = busyMs()
  let worst = 0
  const timer = setInterval(() => {
    const now = busyMs()
    worst = Math.max(worst, now - last)
    last = now
  }, 1)
  manager = await SessionManager.openAsync(file)
  clearInterval(timer)
  maxBlockMs = Math.max(worst, busyMs() - last)
} else {
  manager = SessionManager.open(file)
}
const openMs = performance.now() - t0
const tree = manager.getTree()
const ctx = manager.buildSessionContext()
const ms = only === 'open-only' ? openMs : performance.now() - t0
const cpu = process.cpuUsage(c0)
const cpuMs = (cpu.user + cpu.system) / 1000
if (tree.length === 0 || ctx.messages.length === 0) throw new Error('nothing loaded')
const rssMb = process.resourceUsage().maxRSS / 1024
console.log(JSON.stringify({ ms, cpuMs, rssMb, baseRssMb, maxBlockMs, entries: manager.getEntries().length, messages: ctx.messages.length }))
