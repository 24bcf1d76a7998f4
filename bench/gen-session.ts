/**
 * Deterministic generator of a large pi session (v3 JSONL) for benchmarks and stress tests.
 *
 * Usage: node --import tsx bench/gen-session.ts <out.jsonl> [--entries 50000] [--mb 100] [--seed 42]
 *
 * The same seed, entry count and size always give the same bytes. The session is one long
 * linear chain (the worst case for recursion) with pi's real entry shapes: user prompts,
 * assistant replies with thinking and tool calls, tool results, bash executions, occasional
 * base64 images, model/thinking changes, labels, a session name and compactions.
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { pathToFileURL } from 'node:url'
import { numberArg } from './args'

/** Options of {@link generateSessionLines}. */
export interface GenerateOptions {
  /** Number of entries (without the header). */
  entries: number
  /** Approximate file size in bytes. */
  targetBytes: number
  /** PRNG seed. */
  seed: number
  /** Header cwd. */
  cwd?: string
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS =
  'shard socket kernel merge thread bench token jitter quorum mutex canary branch timeout journal yaml gateway parser alert deploy stream router schema patch lease ledger widget rebase commit cache fixture replica window vector'.split(
    ' ',
  )
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Yields the header line and then one line per entry, each ending in `\n`. */
export function* generateSessionLines(options: GenerateOptions): Generator<string> {
  const rand = prng(options.seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  const start = Date.UTC(2026, 0, 1)
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0')
  const id = (i: number) => hex(Math.imul(i + 1, 2654435761) ^ options.seed)
  const perEntry = Math.max(200, Math.floor(options.targetBytes / Math.max(1, options.entries)))
  const sessionId = `019b0000-0000-7000-8000-${hex(options.seed).padStart(12, '0')}`
  yield `${JSON.stringify({ type: 'session', version: 3, id: sessionId, timestamp: new Date(start).toISOString(), cwd: options.cwd ?? '/home/ayla/src/bench' })}\n`
  const usage = {
    input: 900,
    output: 120,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 1020,
    cost: { input: 0.0027, output: 0.0018, cacheRead: 0, cacheWrite: 0, total: 0.0045 },
  }
  for (let i = 0; i < options.entries; i++) {
    const ts = start + i * 1000
    const base = {
      id: id(i),
      parentId: i === 0 ? null : id(i - 1),
      timestamp: new Date(ts).toISOString(),
    }
    const text = (bytes: number) => words(Math.max(3, Math.floor(bytes / 7.8)))
    const r = rand()
    let entry: Record<string, unknown>
    if (i > 10 && i % 5000 === 0) {
      entry = {
        type: 'compaction',
        ...base,
        summary: text(800),
        firstKeptEntryId: id(i - 4),
        tokensBefore: 150000,
      }
    } else if (i > 0 && i % 997 === 0) {
      entry = { type: 'label', ...base, targetId: id(Math.max(0, i - 1)), label: `checkpoint ${i}` }
    } else if (i % 1499 === 0) {
      entry = {
        type: 'model_change',
        ...base,
        provider: 'anthropic',
        modelId: pick(['claude-sonnet-4-5', 'claude-opus-4-1']),
      }
    } else if (i % 2003 === 0) {
      entry = {
        type: 'thinking_level_change',
        ...base,
        thinkingLevel: pick(['low', 'medium', 'high']),
      }
    } else if (i === 7) {
      entry = { type: 'session_info', ...base, name: 'Benchmark session' }
    } else if (i % 4 === 0) {
      const content: unknown[] = [{ type: 'text', text: text(perEntry * 0.5) }]
      if (r < 0.01) {
        const size = Math.floor(perEntry * 40)
        let data = ''
        for (let k = 0; k < size; k++) data += B64[Math.floor(rand() * 64)]
        content.push({ type: 'image', data, mimeType: 'image/png' })
      }
      entry = { type: 'message', ...base, message: { role: 'user', content, timestamp: ts } }
    } else if (i % 4 === 1) {
      const call = `call_${i}`
      entry = {
        type: 'message',
        ...base,
        message: {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: text(perEntry * 0.3), thinkingSignature: 'sig' },
            { type: 'text', text: text(perEntry * 0.3) },
            {
              type: 'toolCall',
              id: call,
              name: 'bash',
              arguments: { command: `grep -rn ${pick(WORDS)} src` },
            },
          ],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage,
          stopReason: 'toolUse',
          timestamp: ts,
        },
      }
    } else if (i % 4 === 2) {
      entry = {
        type: 'message',
        ...base,
        message: {
          role: 'toolResult',
          toolCallId: `call_${i - 1}`,
          toolName: 'bash',
          content: [{ type: 'text', text: text(perEntry * 1.6) }],
          isError: false,
          timestamp: ts,
        },
      }
    } else {
      entry =
        r < 0.1
          ? {
              type: 'message',
              ...base,
              message: {
                role: 'bashExecution',
                command: 'npm test',
                output: text(perEntry * 0.8),
                exitCode: 0,
                cancelled: false,
                truncated: false,
                timestamp: ts,
              },
            }
          : {
              type: 'message',
              ...base,
              message: {
                role: 'assistant',
                content: [{ type: 'text', text: text(perEntry * 0.8) }],
                api: 'anthropic-messages',
                provider: 'anthropic',
                model: 'claude-sonnet-4-5',
                usage,
                stopReason: 'stop',
                timestamp: ts,
              },
            }
    }
    yield `${JSON.stringify(entry)}\n`
  }
}

/** Writes a generated session to `path`; resolves with the byte count. */
export async function writeSession(path: string, options: GenerateOptions): Promise<number> {
  const out = createWriteStream(path)
  let bytes = 0
  for (const line of generateSessionLines(options)) {
    bytes += Buffer.byteLength(line)
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return bytes
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2]
  if (!out) {
    console.error('usage: gen-session.ts <out.jsonl> [--entries N] [--mb M] [--seed S]')
    process.exit(2)
  }
  const bytes = await writeSession(out, {
    entries: numberArg('entries', 50_000),
    targetBytes: numberArg('mb', 100) * 1e6,
    seed: numberArg('seed', 42),
  })
  console.log(`${out}: ${(bytes / 1e6).toFixed(1)} MB`)
}
