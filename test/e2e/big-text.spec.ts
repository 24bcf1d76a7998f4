/**
 * A session whose path holds a tool result of megabytes: it travels to the transcript once.
 * A page main cuts at its size budget (page.ts) ends with that result; the items before it are
 * asked for alone, not again with the result.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './harness'
import { SessionPage } from './pages/session-page'

const PROJECT = '--work-big-text--'
const NAME = '2026-03-02T10-00-00-000Z_019cb000-0000-7000-8000-0000000000bb.jsonl'
/** Lines of the tool result: about 5 MB, over a page's 4,000,000-character budget. */
const LINES = 200_000

/** pi's lines for a session: a user asks, a bash call, its result of `LINES` lines, an answer. */
function sessionLines(): string[] {
  const at = (s: number) => `2026-03-02T10:00:0${s}.000Z`
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 }
  const assistant = (id: string, parentId: string, s: number, content: unknown[]) => ({
    type: 'message',
    id,
    parentId,
    timestamp: at(s),
    message: { role: 'assistant', content, api: 'x', provider: 'p', model: 'm', usage },
  })
  const log = Array.from({ length: LINES }, (_, i) => `line ${i} of the big log`).join('\n')
  return [
    {
      type: 'session',
      version: 3,
      id: '019cb000-0000-7000-8000-0000000000bb',
      timestamp: at(0),
      cwd: '/work/big-text',
    },
    {
      type: 'message',
      id: 'a1',
      parentId: null,
      timestamp: at(1),
      message: { role: 'user', content: 'cat the big file', timestamp: 1 },
    },
    assistant('a2', 'a1', 2, [
      { type: 'toolCall', id: 't1', name: 'bash', arguments: { command: 'cat big.log' } },
    ]),
    {
      type: 'message',
      id: 'a3',
      parentId: 'a2',
      timestamp: at(3),
      message: {
        role: 'toolResult',
        toolCallId: 't1',
        toolName: 'bash',
        content: [{ type: 'text', text: log }],
        isError: false,
        timestamp: 3,
      },
    },
    assistant('a4', 'a3', 4, [{ type: 'text', text: 'That was long.' }]),
  ].map((entry) => JSON.stringify(entry))
}

test('a tool result of megabytes is sent to the transcript once', async ({
  page,
  serverFor,
  scratch,
}) => {
  const sessionsDir = join(scratch('pi-sessions-big-text-'), 'sessions')
  mkdirSync(join(sessionsDir, PROJECT), { recursive: true })
  writeFileSync(join(sessionsDir, PROJECT, NAME), `${sessionLines().join('\n')}\n`)
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  // How often each path index arrived, over every page of the path.
  const arrived = new Map<number, number>()
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/session:get-path')) return
    const reply = (await response.json()) as { value?: { offset: number; items: unknown[] } }
    if (!reply.value) return
    const { offset, items } = reply.value
    items.forEach((_, i) => arrived.set(offset + i, (arrived.get(offset + i) ?? 0) + 1))
  })
  await session.open(NAME)
  const transcript = page.locator('.transcript')
  await expect(transcript.locator('[data-entry-id="a4"]')).toBeVisible()
  await transcript.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(transcript.locator('[data-entry-id="a1"]')).toBeVisible()
  await expect(transcript.getByTestId('show-all')).toContainText(
    `${(LINES - 24).toLocaleString('en-US')} more lines`,
  )
  await expect.poll(() => [...arrived.keys()].sort()).toEqual([0, 1, 2, 3])
  expect([...arrived.values()], 'each item once').toEqual([1, 1, 1, 1])
  session.expectClean()
})
