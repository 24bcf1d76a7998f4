/**
 * A session around one tool result, as pi writes it (pi spec 2): a user asks, the assistant
 * calls a tool, its result (one text block per text), an answer; and a store of one session
 * file, served to the app. What the specs of long and found texts open.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Scratch, ServerFor } from './harness'
import { SessionPage } from './pages/session-page'

/** What {@link toolSessionLines} writes. */
export interface ToolSession {
  /** The header's session id. */
  id: string
  cwd: string
  /** The entries' ids: `<prefix>1` (the user) to `<prefix>4` (the answer). */
  prefix: string
  ask: string
  call: { name: string; arguments: unknown }
  /** The tool result's text blocks. */
  texts: readonly string[]
  answer: string
}

/** pi's lines (JSON, no newline) of a {@link ToolSession}. */
export function toolSessionLines(s: ToolSession): string[] {
  const at = (n: number) => `2026-03-02T10:00:0${n}.000Z`
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 }
  const id = (n: number) => `${s.prefix}${n}`
  const assistant = (n: number, content: unknown[]) => ({
    type: 'message',
    id: id(n),
    parentId: id(n - 1),
    timestamp: at(n),
    message: { role: 'assistant', content, api: 'x', provider: 'p', model: 'm', usage },
  })
  return [
    { type: 'session', version: 3, id: s.id, timestamp: at(0), cwd: s.cwd },
    {
      type: 'message',
      id: id(1),
      parentId: null,
      timestamp: at(1),
      message: { role: 'user', content: s.ask, timestamp: 1 },
    },
    assistant(2, [{ type: 'toolCall', id: 't1', ...s.call }]),
    {
      type: 'message',
      id: id(3),
      parentId: id(2),
      timestamp: at(3),
      message: {
        role: 'toolResult',
        toolCallId: 't1',
        toolName: s.call.name,
        content: s.texts.map((text) => ({ type: 'text', text })),
        isError: false,
        timestamp: 3,
      },
    },
    assistant(4, [{ type: 'text', text: s.answer }]),
  ].map((entry) => JSON.stringify(entry))
}

/**
 * A store of one session file `project/name` holding `lines`, served; its session page and the
 * file's path (to write to it as pi would).
 */
export async function servedSession(
  { page, serverFor, scratch }: { page: Page; serverFor: ServerFor; scratch: Scratch },
  project: string,
  name: string,
  lines: readonly string[],
): Promise<{ session: SessionPage; file: string }> {
  const sessionsDir = join(scratch('pi-sessions-one-'), 'sessions')
  const file = join(sessionsDir, project, name)
  mkdirSync(join(sessionsDir, project), { recursive: true })
  writeFileSync(file, `${lines.join('\n')}\n`)
  return { session: new SessionPage(page, await serverFor(sessionsDir)), file }
}
