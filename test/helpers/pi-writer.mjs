// A pi writer for concurrency tests: opens a session with pi's own SessionManager
// (@mariozechner/pi-coding-agent 0.73.1) and appends user/assistant messages as pi does,
// one whole line per entry, printing each new entry id.
// Usage: node test/helpers/pi-writer.mjs <session file> <count> <delay ms>
import { SessionManager } from '@mariozechner/pi-coding-agent'

const [file, count = '20', delay = '5'] = process.argv.slice(2)
const manager = SessionManager.open(file)
for (let i = 0; i < Number(count); i++) {
  const role = i % 2 === 0 ? 'user' : 'assistant'
  const message =
    role === 'user'
      ? { role, content: `writer prompt ${i}`, timestamp: Date.now() }
      : {
          role,
          content: [{ type: 'text', text: `writer reply ${i}` }],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage: {
            input: 1,
            output: 1,
            cacheRead: 0,
            cacheWrite: 0,
            totalTokens: 2,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
          },
          stopReason: 'stop',
          timestamp: Date.now(),
        }
  const id = manager.appendMessage(message)
  console.log(id)
  await new Promise((resolve) => setTimeout(resolve, Number(delay)))
}
