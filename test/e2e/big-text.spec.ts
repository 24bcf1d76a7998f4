/**
 * A session whose path holds a tool result of megabytes: its text travels cut (cut-text.ts), in
 * a page of its own items once; "Show all", find in the session and Copy fetch it whole. Items
 * of a page main cut at its size budget are asked for once.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { headerLine, messageLine } from '../helpers/append'
import type { Page } from '@playwright/test'
import { expect, test, type Scratch, type ServerFor } from './harness'
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

/** A store of one session file `name` holding `lines`, served; its session page. */
async function served(
  { page, serverFor, scratch }: { page: Page; serverFor: ServerFor; scratch: Scratch },
  name: string,
  lines: readonly string[],
): Promise<SessionPage> {
  const sessionsDir = join(scratch('pi-sessions-big-text-'), 'sessions')
  mkdirSync(join(sessionsDir, PROJECT), { recursive: true })
  writeFileSync(join(sessionsDir, PROJECT, name), `${lines.join('\n')}\n`)
  return new SessionPage(page, await serverFor(sessionsDir))
}

test('a tool result of megabytes travels cut, once; Show all, find and copy fetch it whole', async ({
  page,
  serverFor,
  scratch,
}) => {
  const session = await served({ page, serverFor, scratch }, NAME, sessionLines())
  // How often each path index arrived in a page, the largest page, and the items asked whole.
  const arrived = new Map<number, number>()
  let largest = 0
  const wholes: number[] = []
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/session:get-path')) return
    const asked = response.request().postDataJSON() as { whole?: boolean; offset?: number }
    const body = await response.body()
    const reply = JSON.parse(body.toString()) as { value?: { offset: number; items: unknown[] } }
    if (!reply.value) return
    if (asked.whole === true) return void wholes.push(reply.value.offset)
    largest = Math.max(largest, body.length)
    const { offset, items } = reply.value
    items.forEach((_, i) => arrived.set(offset + i, (arrived.get(offset + i) ?? 0) + 1))
  })
  await session.open(NAME)
  const transcript = page.locator('.transcript')
  await expect(transcript.locator('[data-entry-id="a4"]')).toBeVisible()
  await transcript.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(transcript.locator('[data-entry-id="a1"]')).toBeVisible()
  // The label counts the whole text, though its end was not sent.
  const result = transcript.locator('[data-entry-id="a3"]')
  const whole = sessionLines()[3] as string
  const text = (JSON.parse(whole) as { message: { content: { text: string }[] } }).message
    .content[0]?.text as string
  const shown = text.split('\n').slice(0, 24).join('\n')
  await expect(result.getByTestId('show-all')).toHaveText(
    `Show all (${(LINES - 24).toLocaleString('en-US')} more lines, ${(text.length - shown.length).toLocaleString('en-US')} characters)`,
  )
  await expect.poll(() => [...arrived.keys()].sort()).toEqual([0, 1, 2, 3])
  expect([...arrived.values()], 'each item once').toEqual([1, 1, 1, 1])
  expect(largest, 'no page of megabytes').toBeLessThan(1_000_000)
  expect(wholes).toEqual([])
  // Find counts the end of the text, which the page did not carry: the item is fetched whole.
  await transcript.click({ position: { x: 10, y: 10 } })
  await page.keyboard.press('Control+f')
  await page.getByTestId('find-input').fill(`line ${LINES - 1} of the big log`)
  await expect(page.getByTestId('find-count')).toHaveText('match 1 of 1')
  expect(wholes).toEqual([2])
  // The match is past the text's fold: find shows the text whole, there (fetched once).
  await expect(result.getByTestId('show-all')).toHaveCount(0)
  await expect(result.getByTestId('text-pieces')).toBeVisible()
  await expect(result.locator('mark.find-current')).toBeInViewport()
  await page.keyboard.press('Escape')
  await expect(result.getByTestId('text-loading')).toHaveCount(0)
  // Taller than the screen: it folds from its top and from its end.
  await expect(result.getByRole('button', { name: 'Show less' })).toHaveCount(2)
  expect(wholes).toEqual([2])
  session.expectClean()
})

test('Show all on a text sent cut fetches it whole; Copy copies the whole', async ({
  page,
  serverFor,
  scratch,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const session = await served({ page, serverFor, scratch }, NAME, sessionLines())
  await session.open(NAME)
  const result = page.locator('.transcript [data-entry-id="a3"]')
  await result.getByTestId('show-all').click()
  await expect(result.getByTestId('text-pieces')).toBeVisible()
  await expect(result.getByTestId('text-loading')).toHaveCount(0)
  await expect(result.getByTestId('show-all')).toHaveCount(0)
  // The pieces hold the whole text: its last line is laid out once scrolled to.
  await result.getByTestId('text-pieces').evaluate((el) => el.scrollIntoView({ block: 'end' }))
  await expect(result.getByText(`line ${LINES - 1} of the big log`)).toBeVisible()
  await result.getByTestId('copy-message').getByRole('button').click()
  await expect(result.getByTestId('copy-message')).toContainText('Copied')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied.split('\n')).toHaveLength(LINES)
  expect(copied.endsWith(`line ${LINES - 1} of the big log`)).toBe(true)
  session.expectClean()
})

test('a page cut at its size budget: the items before it are asked for alone, not again', async ({
  page,
  serverFor,
  scratch,
}) => {
  // 30 texts just under a text's cut: more than a page's budget together.
  const at = '2026-03-02T10:00:00.000Z'
  const text = Array.from({ length: 7_000 }, (_, i) => `row ${i} of a long answer`).join('\n')
  const lines = [headerLine('019cb000-0000-7000-8000-0000000000bc', at, '/work/budget')]
  for (let i = 0; i < 30; i++)
    lines.push(messageLine(`e${i}`, i ? `e${i - 1}` : null, i % 2 ? 'assistant' : 'user', text, at))
  const name = '2026-03-02T10-00-00-000Z_019cb000-0000-7000-8000-0000000000bc.jsonl'
  const session = await served({ page, serverFor, scratch }, name, lines)
  const arrived = new Map<number, number>()
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/session:get-path')) return
    const reply = (await response.json()) as { value?: { offset: number; items: unknown[] } }
    reply.value?.items.forEach((_, i) => {
      const index = (reply.value?.offset ?? 0) + i
      arrived.set(index, (arrived.get(index) ?? 0) + 1)
    })
  })
  await session.open(name)
  const transcript = page.locator('.transcript')
  await transcript.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(transcript.locator('[data-entry-id="e0"]')).toBeVisible()
  await expect.poll(() => arrived.size).toBe(30)
  expect(
    [...arrived.values()].every((n) => n === 1),
    'each item once',
  ).toBe(true)
  session.expectClean()
})
