/**
 * Generates a large pi session file for benchmarks and stress tests (issue 5: "a 50k-entry /
 * 100 MB session"): one long conversation chain (user, assistant with thinking and tool calls,
 * tool results, bash runs), compactions, labels, model changes, and a side branch now and then.
 * Deterministic (seeded); written line by line in pi's format (pi spec 2).
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

/** Options of {@link generateSession}. */
export interface GenerateOptions {
  /** Entries to write (header excluded). */
  entries: number
  /** Approximate file size to aim for, in bytes (pads tool output). */
  targetBytes: number
  /** A side branch of 3 entries every `branchEvery` chain entries (0 = none). */
  branchEvery?: number
  seed?: number
}

/** What was written: counts and the ids tests need. */
export interface GeneratedSession {
  path: string
  entries: number
  bytes: number
  leafId: string
  firstId: string
  labelIds: string[]
  branchPoints: number
}

const WORDS =
  'parser quorum rebase thread stash branch shard adapter ledger kernel socket lease cursor metric canary timeout gateway window buffer journal'.split(
    ' ',
  )

function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Writes the session to `path`.
 * @returns what was written; rejects on write errors
 */
export async function generateSession(
  path: string,
  options: GenerateOptions,
): Promise<GeneratedSession> {
  const random = rng(options.seed ?? 42)
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')
  const perEntry = Math.max(60, Math.floor(options.targetBytes / options.entries))
  const out = createWriteStream(path)
  let bytes = 0
  let clock = Date.UTC(2026, 0, 1)
  let counter = 0
  const newId = () => (counter++).toString(16).padStart(8, '0')
  const write = async (obj: unknown) => {
    const line = `${JSON.stringify(obj)}\n`
    bytes += Buffer.byteLength(line)
    if (!out.write(line)) await once(out, 'drain')
  }
  await write({
    type: 'session',
    version: 3,
    id: '019d0000-0000-7000-8000-000000000042',
    timestamp: new Date(clock).toISOString(),
    cwd: '/home/ayla/src/big-project',
  })
  let parent: string | null = null
  let written = 0
  let firstId = ''
  const labelIds: string[] = []
  let branchPoints = 0
  const usage = {
    input: 1200,
    output: 300,
    cacheRead: 800,
    cacheWrite: 0,
    totalTokens: 2300,
    cost: { input: 0.0036, output: 0.0045, cacheRead: 0.00024, cacheWrite: 0, total: 0.00834 },
  }
  const entry = async (fields: Record<string, unknown>, parentId: string | null = parent) => {
    const id = newId()
    clock += 1000
    await write({ ...fields, id, parentId, timestamp: new Date(clock).toISOString() })
    written++
    if (!firstId) firstId = id
    return id
  }
  const message = (message: Record<string, unknown>) => ({
    type: 'message',
    message: { ...message, timestamp: clock },
  })
  let turn = -1
  while (written < options.entries) {
    turn++
    const step = turn % 6
    // Tool output carries the bulk, as in real sessions: one result per six entries.
    const pad = Math.max(0, perEntry * 4 - 1600)
    if (step === 0) {
      parent = await entry(
        message({
          role: 'user',
          content: `Step ${turn}: ${words(12)}\n\n\`\`\`ts\nconst ${WORDS[turn % WORDS.length]} = ${turn}\n\`\`\``,
        }),
      )
    } else if (step === 1) {
      parent = await entry(
        message({
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: words(20) },
            { type: 'text', text: `Let me check. ${words(15)}` },
            {
              type: 'toolCall',
              id: `call_${turn}`,
              name: 'bash',
              arguments: { command: `grep -rn ${WORDS[turn % WORDS.length]} src` },
            },
          ],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage,
          stopReason: 'toolUse',
        }),
      )
    } else if (step === 2) {
      parent = await entry(
        message({
          role: 'toolResult',
          toolCallId: `call_${turn - 1}`,
          toolName: 'bash',
          content: [
            {
              type: 'text',
              text: `src/a.ts:${turn}: ${words(8)}\n`.repeat(Math.max(1, Math.floor(pad / 60))),
            },
          ],
          isError: turn % 50 === 0,
        }),
      )
    } else if (step === 3) {
      parent = await entry(
        message({
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: `## Result ${turn}\n\n${words(40)}\n\n- ${words(6)}\n- ${words(6)}`,
            },
          ],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage,
          stopReason: 'stop',
        }),
      )
    } else if (step === 4 && turn % 60 === 4) {
      parent = await entry({
        type: 'compaction',
        summary: `Summary up to step ${turn}: ${words(60)}`,
        firstKeptEntryId: parent,
        tokensBefore: 120000 + turn,
      })
    } else if (step === 4 && turn % 45 === 4) {
      const target = parent as string
      const id = await entry({ type: 'label', targetId: target, label: `checkpoint-${turn}` })
      labelIds.push(target)
      parent = id
    } else if (step === 5 && turn % 90 === 5) {
      parent = await entry({
        type: 'model_change',
        provider: 'openai',
        modelId: turn % 180 === 5 ? 'gpt-5.1' : 'claude-sonnet-4-5',
      })
    } else if (step === 5) {
      parent = await entry(
        message({
          role: 'bashExecution',
          command: `npm test -- ${WORDS[turn % WORDS.length]}`,
          output: `\u001b[32mPASS\u001b[0m ${words(10)}\n`,
          exitCode: 0,
          cancelled: false,
          truncated: false,
        }),
      )
    }
    if (
      options.branchEvery &&
      written % options.branchEvery === 0 &&
      parent &&
      written < options.entries - 3
    ) {
      branchPoints++
      let side: string = await entry(
        message({ role: 'user', content: `Alternative at ${turn}: ${words(8)}` }),
        parent,
      )
      side = await entry(
        message({
          role: 'assistant',
          content: [{ type: 'text', text: words(20) }],
          api: 'x',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage,
          stopReason: 'stop',
        }),
        side,
      )
      await entry(
        { type: 'branch_summary', fromId: side, summary: `Abandoned: ${words(10)}` },
        side,
      )
    }
  }
  const leafId = await entry(
    message({ role: 'user', content: 'Last message of the generated session.' }),
  )
  out.end()
  await once(out, 'finish')
  return { path, entries: written, bytes, leafId, firstId, labelIds, branchPoints }
}
