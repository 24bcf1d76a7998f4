/**
 * The one generator of large pi sessions (v3 JSONL, pi spec 2) for benchmarks and stress tests:
 * one long conversation chain with pi's real entry shapes (user prompts, assistant replies with
 * thinking and tool calls, tool results, bash runs, now and then a base64 image), a session
 * name, labels, model and thinking-level changes, a compaction every 5,000 entries, and on
 * request a side branch (with a branch summary) every `branchEvery` entries.
 *
 * Deterministic: the same options always give the same bytes. Entry ids are a hex counter
 * (`00000000`, `00000001`, ...), so tests can name entries by position.
 *
 * Usage: node --import tsx bench/generate-session.ts <out.jsonl> [--entries 50000] [--mb 100]
 * [--seed 42]
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { pathToFileURL } from 'node:url'
import { numberArg } from './args'

/** Options of {@link generateSession}. */
export interface GenerateOptions {
  /** Entries to write, header excluded, side branches included: exactly this many. */
  entries: number
  /** Approximate file size to aim for, in bytes (pads tool output). */
  targetBytes: number
  /** PRNG seed (default 42); also the last digits of the header's session id. */
  seed?: number
  /** Header cwd (default `/home/ayla/src/big-project`). */
  cwd?: string
  /** A side branch of 3 entries every `branchEvery` chain entries (default 0: linear). */
  branchEvery?: number
}

/** What was written: counts and the ids tests need. */
export interface GeneratedSession {
  path: string
  entries: number
  bytes: number
  leafId: string
  firstId: string
  /** Targets of the label entries, in file order. */
  labelIds: string[]
  branchPoints: number
}

/** The session name every generated session gets (pi's `session_info` entry). */
export const GENERATED_SESSION_NAME = 'Benchmark session'

/** Entries between two compactions. */
const COMPACT_EVERY = 5000

/** mulberry32: small, fast, deterministic; uniform in [0, 1). */
export function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS =
  'parser quorum rebase thread stash branch shard adapter ledger kernel socket lease cursor metric canary timeout gateway window buffer journal'.split(
    ' ',
  )
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const USAGE = {
  input: 1200,
  output: 300,
  cacheRead: 800,
  cacheWrite: 0,
  totalTokens: 2300,
  cost: { input: 0.0036, output: 0.0045, cacheRead: 0.00024, cacheWrite: 0, total: 0.00834 },
}
const ASSISTANT = {
  role: 'assistant',
  api: 'anthropic-messages',
  provider: 'anthropic',
  model: 'claude-sonnet-4-5',
  usage: USAGE,
}

type Fields = Record<string, unknown>

/** Where the chain is: what the next turn's entry depends on. */
interface ChainState {
  turn: number
  written: number
  parent: string | null
  /** Entry count at which the next compaction is due. */
  nextCompaction: number
}

/** Random text and user content of one generated session. */
interface Text {
  /** About `bytes` bytes of words (at least three). */
  sized(bytes: number): string
  /** A user message's content: the text, now and then with a base64 image beside it. */
  user(text: string): unknown
}

/**
 * The entry of one turn of the chain, or null for a turn that writes none. Six turns make one
 * exchange: user, assistant with a tool call, tool result, assistant reply, an occasional
 * compaction or label, and a bash run or a model / thinking-level change. Text sizes are
 * fractions of the bytes per entry, so the file lands near `targetBytes`.
 */
function turnFields(state: ChainState, text: Text, perEntry: number): Fields | null {
  const { turn, parent } = state
  const step = turn % 6
  if (step === 4 && state.written >= state.nextCompaction) {
    state.nextCompaction += COMPACT_EVERY
    return {
      type: 'compaction',
      summary: `Summary up to step ${turn}: ${text.sized(perEntry)}`,
      firstKeptEntryId: parent,
      tokensBefore: 120000 + turn,
    }
  }
  // The first label comes after a few exchanges, so the start of the tree is a plain run.
  if (step === 4 && turn % 45 === 4 && turn > 45)
    return { type: 'label', targetId: parent, label: `checkpoint-${turn}` }
  if (step === 5 && turn % 90 === 5)
    return {
      type: 'model_change',
      provider: 'openai',
      modelId: turn % 180 === 5 ? 'gpt-5.1' : 'claude-sonnet-4-5',
    }
  if (step === 5 && turn % 210 === 65)
    return { type: 'thinking_level_change', thinkingLevel: ['low', 'medium', 'high'][turn % 3] }
  return step === 4 ? null : message(chainMessage(step, turn, text, perEntry))
}

/** The message of a chain turn (steps 0-3 and 5 of an exchange). */
function chainMessage(step: number, turn: number, text: Text, perEntry: number): Fields {
  const word = WORDS[turn % WORDS.length]
  const { sized } = text
  if (step === 0) {
    const prompt = `Step ${turn}: ${sized(perEntry * 0.5)}\n\n\`\`\`ts\nconst ${word} = ${turn}\n\`\`\``
    return { role: 'user', content: text.user(prompt) }
  }
  if (step === 1) {
    const command = `grep -rn ${word} src`
    return {
      ...ASSISTANT,
      content: [
        { type: 'thinking', thinking: sized(perEntry * 0.3), thinkingSignature: 'sig' },
        { type: 'text', text: `Let me check. ${sized(perEntry * 0.3)}` },
        { type: 'toolCall', id: `call_${turn}`, name: 'bash', arguments: { command } },
      ],
      stopReason: 'toolUse',
    }
  }
  if (step === 2) {
    // Tool output carries the bulk, as in real sessions.
    const lines = Math.max(1, Math.floor((perEntry * 1.6) / 60))
    const output = Array.from({ length: lines }, () => `src/a.ts:${turn}: ${sized(40)}`)
    return {
      role: 'toolResult',
      toolCallId: `call_${turn - 1}`,
      toolName: 'bash',
      content: [{ type: 'text', text: `${output.join('\n')}\n` }],
      isError: turn % 50 === 0,
    }
  }
  if (step === 3) {
    const reply = `## Result ${turn}\n\n${sized(perEntry * 0.6)}\n\n- ${sized(40)}\n- ${sized(40)}`
    return { ...ASSISTANT, content: [{ type: 'text', text: reply }], stopReason: 'stop' }
  }
  return {
    role: 'bashExecution',
    command: `npm test -- ${word}`,
    output: `\u001b[32mPASS\u001b[0m ${sized(perEntry * 0.6)}\n`,
    exitCode: 0,
    cancelled: false,
    truncated: false,
  }
}

function message(fields: Fields): Fields {
  return { type: 'message', message: fields }
}

function textOf(seed: number, perEntry: number): Text {
  const random = prng(seed)
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')
  return {
    sized: (bytes) => words(Math.max(3, Math.floor(bytes / 7.8))),
    user(text) {
      if (random() >= 0.01) return text
      let data = ''
      for (let k = 0; k < perEntry * 40; k++) data += B64[Math.floor(random() * 64)]
      return [
        { type: 'text', text },
        { type: 'image', data, mimeType: 'image/png' },
      ]
    },
  }
}

/**
 * Writes the session to `path`, line by line (memory stays flat for any size).
 * @returns what was written; rejects on write errors
 */
export async function generateSession(
  path: string,
  options: GenerateOptions,
): Promise<GeneratedSession> {
  const seed = options.seed ?? 42
  const perEntry = Math.max(60, Math.floor(options.targetBytes / Math.max(1, options.entries)))
  const text = textOf(seed, perEntry)
  const out = createWriteStream(path)
  let bytes = 0
  let clock = Date.UTC(2026, 0, 1)
  const write = async (obj: unknown) => {
    const line = `${JSON.stringify(obj)}\n`
    bytes += Buffer.byteLength(line)
    if (!out.write(line)) await once(out, 'drain')
  }
  await write({
    type: 'session',
    version: 3,
    id: `019d0000-0000-7000-8000-${String(seed % 1e12).padStart(12, '0')}`,
    timestamp: new Date(clock).toISOString(),
    cwd: options.cwd ?? '/home/ayla/src/big-project',
  })
  const state: ChainState = { turn: -1, written: 0, parent: null, nextCompaction: COMPACT_EVERY }
  const labelIds: string[] = []
  let branchPoints = 0
  const entry = async (fields: Fields, parentId: string | null = state.parent) => {
    const id = state.written.toString(16).padStart(8, '0')
    clock += 1000
    const timed =
      fields.type === 'message'
        ? { ...fields, message: { ...(fields.message as Fields), timestamp: clock } }
        : fields
    await write({ ...timed, id, parentId, timestamp: new Date(clock).toISOString() })
    state.written++
    return id
  }
  // The last entry is the leaf message, written after the loop.
  const last = options.entries - 1
  while (state.written < last) {
    state.turn++
    if (state.written === 7)
      state.parent = await entry({ type: 'session_info', name: GENERATED_SESSION_NAME })
    const fields = state.written < last ? turnFields(state, text, perEntry) : null
    if (fields?.type === 'label') labelIds.push(fields.targetId as string)
    if (fields) state.parent = await entry(fields)
    const every = options.branchEvery ?? 0
    if (every > 0 && state.written % every === 0 && state.parent && state.written < last - 3) {
      branchPoints++
      await sideBranch(entry, text, state.parent, state.turn)
    }
  }
  const leafId = await entry(
    message({ role: 'user', content: 'Last message of the generated session.' }),
  )
  out.end()
  await once(out, 'finish')
  return {
    path,
    entries: state.written,
    bytes,
    leafId,
    firstId: '00000000',
    labelIds,
    branchPoints,
  }
}

/** Three entries off the chain at `from`: a user message, a reply, and its branch summary. */
async function sideBranch(
  entry: (fields: Fields, parentId: string | null) => Promise<string>,
  text: Text,
  from: string,
  turn: number,
): Promise<void> {
  const user = await entry(
    message({ role: 'user', content: `Alternative at ${turn}: ${text.sized(60)}` }),
    from,
  )
  const reply = await entry(
    message({
      ...ASSISTANT,
      content: [{ type: 'text', text: text.sized(150) }],
      stopReason: 'stop',
    }),
    user,
  )
  await entry(
    { type: 'branch_summary', fromId: reply, summary: `Abandoned: ${text.sized(80)}` },
    reply,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2]
  const usage = 'usage: generate-session.ts <out.jsonl> [--entries N] [--mb M] [--seed S]'
  if (out === '--help' || out === '-h') {
    console.log(usage)
    process.exit(0)
  }
  // An option first is not a file name: writing 100 MB to "--entries" helps no one.
  if (!out || out.startsWith('-')) {
    console.error(usage)
    process.exit(2)
  }
  const generated = await generateSession(out, {
    entries: numberArg('entries', 50_000),
    targetBytes: numberArg('mb', 100) * 1e6,
    seed: numberArg('seed', 42),
  })
  console.log(`${out}: ${(generated.bytes / 1e6).toFixed(1)} MB`)
}
