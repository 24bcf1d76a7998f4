/**
 * Writes the demo library shipped in resources/demo (offered on a first run), with our own
 * SessionManager so the files are exactly what pi writes: named sessions, tool calls and
 * results, a branched conversation with labels and a branch summary, a compaction, a fork,
 * and a session in a second project.
 *
 * Usage: node --import tsx scripts/make-demo.ts   (replaces resources/demo)
 */
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SessionManager, encodeSessionDirName } from '../main/session/index'
import type { AssistantMessage, Usage } from '../main/session/index'

const out = resolve('resources', 'demo')
let clock = Date.UTC(2026, 9, 1, 9)
const tick = (minutes = 1) => (clock += minutes * 60_000)
const usage = (input: number, output: number): Usage => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  cost: {
    input: input * 3e-6,
    output: output * 15e-6,
    cacheRead: 0,
    cacheWrite: 0,
    total: input * 3e-6 + output * 15e-6,
  },
})
const user = (text: string) => ({ role: 'user' as const, content: text, timestamp: tick() })
const reply = (text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
  api: 'anthropic-messages',
  provider: 'anthropic',
  model: 'claude-sonnet-4-5',
  usage: usage(1800, 420),
  stopReason: 'stop',
  timestamp: tick(2),
  ...extra,
})
const toolCall = (id: string, command: string): AssistantMessage =>
  reply('', {
    content: [
      { type: 'thinking', thinking: 'Let me look at the code first.', thinkingSignature: 'demo' },
      { type: 'toolCall', id, name: 'bash', arguments: { command } },
    ],
    stopReason: 'toolUse',
  })
const toolResult = (id: string, text: string) => ({
  role: 'toolResult' as const,
  toolCallId: id,
  toolName: 'bash',
  content: [{ type: 'text' as const, text }],
  isError: false,
  timestamp: tick(),
})

function session(cwd: string): SessionManager {
  const manager = SessionManager.create(cwd, join(out, encodeSessionDirName(cwd)))
  manager.appendModelChange('anthropic', 'claude-sonnet-4-5')
  manager.appendThinkingLevelChange('medium')
  return manager
}

rmSync(out, { recursive: true, force: true })
const app = '/home/demo/src/weather-app'

const first = session(app)
first.appendMessage(user('The forecast page is slow. Can you find out why?'))
first.appendMessage(toolCall('call_1', 'grep -rn "fetchForecast" src'))
first.appendMessage(
  toolResult(
    'call_1',
    'src/api.ts:12: export async function fetchForecast(city) {\nsrc/page.tsx:40:   const days = await Promise.all(cities.map(fetchForecast))',
  ),
)
const found = first.appendMessage(
  reply(
    'The page fetches every city **one request at a time** inside a loop in `page.tsx`:\n\n```ts\nconst days = await Promise.all(cities.map(fetchForecast))\n```\n\nEach call also re-reads the API key from disk. Caching the key and batching the cities would help.',
  ),
)
first.appendLabelChange(found, 'root cause')
first.appendMessage(user('Batch the requests, keep the API key in memory.'))
first.appendMessage(
  reply(
    'Done: `fetchForecasts(cities)` sends one request for all cities and the key is read once at start-up. The page now loads in 380 ms instead of 2.1 s.',
  ),
)
first.appendSessionInfo('Speed up the forecast page')
// A second try from the same point, summarised as pi's /tree does when leaving a branch.
first.branchWithSummary(found, 'Tried batching; kept for reference. Next: try a cache instead.')
first.appendMessage(user('Instead of batching, could we cache forecasts for ten minutes?'))
const cached = first.appendMessage(
  reply(
    'Yes: an in-memory cache keyed by city with a 10-minute expiry. First load stays slow, later ones take 20 ms.',
  ),
)
first.appendLabelChange(cached, 'cache idea')

tick(60 * 24)
const second = session(app)
second.appendMessage(user('Add a dark theme that follows the system setting.'))
second.appendMessage(
  reply(
    'I added CSS variables for both palettes and a `prefers-color-scheme` media query; the toggle in settings overrides it.',
  ),
)
second.appendMessage(user('Write a test for the toggle.'))
second.appendMessage(
  reply(
    "Added `theme.test.ts`: it renders the page, flips the toggle and checks the root element's `data-theme`.",
  ),
)
second.appendCompaction(
  'The user asked for a dark theme following the system setting; CSS variables, a media query and a settings toggle were added, with a test.',
  second.getLeafId() as string,
  48_000,
)
second.appendMessage(user('Now make the charts readable in dark mode too.'))
second.appendMessage(
  reply('The chart colours now come from the same variables; grid lines use `--border`.'),
)
second.appendSessionInfo('Dark theme')

tick(60 * 3)
const forked = SessionManager.forkFrom(
  first.getSessionFile() as string,
  '/home/demo/src/weather-app-v2',
  join(out, encodeSessionDirName('/home/demo/src/weather-app-v2')),
)
forked.appendMessage(user('In the v2 app, reuse the forecast cache from the old one.'))
forked.appendMessage(reply('Moved the cache into `shared/cache.ts`; both apps import it.'))

tick(60 * 30)
const notes = session('/home/demo/notes')
notes.appendMessage(user('Summarise what changed in the weather app this week.'))
notes.appendMessage(
  reply(
    '- Forecast page: batched requests, key kept in memory (2.1 s → 380 ms)\n- Dark theme following the system, with a toggle\n- v2 app shares the forecast cache',
  ),
)

console.log(`make-demo: wrote the demo library to ${out}`)
