// Child process of bench/library.ts: pi's own SessionManager.listAll over the store named
// by PI_CODING_AGENT_DIR; prints one JSON line (time, time to 50 sessions, peak RSS).
// Usage: PI_CODING_AGENT_DIR=<store>/agent node bench/peers/list-child.mjs <module path>
import { pathToFileURL } from 'node:url'

const [modPath] = process.argv.slice(2)
const { SessionManager } = await import(pathToFileURL(modPath).href)
const t0 = performance.now()
let first50Ms = null
const sessions = await SessionManager.listAll((loaded) => {
  if (first50Ms === null && loaded >= 50) first50Ms = performance.now() - t0
})
const allMs = performance.now() - t0
console.log(JSON.stringify({ allMs, first50Ms, sessions: sessions.length, rssMb: process.resourceUsage().maxRSS / 1024 }))
