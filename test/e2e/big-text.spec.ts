/**
 * A session whose path holds a tool result of megabytes: its text travels cut (cut-text.ts), in
 * a page of its own items once; "Show all", find in the session and Copy fetch it whole. Items
 * of a page main cut at its size budget are asked for once.
 */
import { appendFileSync } from 'node:fs'
import { appendAfterLast, headerLine, messageLine, userEntry } from '../helpers/append'
import { expect, test } from './harness'
import { servedSession, toolSessionLines } from './tool-session'

const PROJECT = '--work-big-text--'
const NAME = '2026-03-02T10-00-00-000Z_019cb000-0000-7000-8000-0000000000bb.jsonl'
/** Lines of the tool result: about 5 MB, over a page's 4,000,000-character budget. */
const LINES = 200_000

/** pi's lines for a session: a user asks, a bash call, its result of `LINES` lines, an answer. */
function sessionLines(): string[] {
  const log = Array.from({ length: LINES }, (_, i) => `line ${i} of the big log`).join('\n')
  return toolSessionLines({
    id: '019cb000-0000-7000-8000-0000000000bb',
    cwd: '/work/big-text',
    prefix: 'a',
    ask: 'cat the big file',
    call: { name: 'bash', arguments: { command: 'cat big.log' } },
    texts: [log],
    answer: 'That was long.',
  })
}

/** A store of one session file `name` holding `lines`, served; its session page. */
async function served(
  fixtures: Parameters<typeof servedSession>[0],
  name: string,
  lines: readonly string[],
) {
  return (await servedSession(fixtures, PROJECT, name, lines)).session
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

test('a line of 20,001 characters folded from its end stays in view, its Show all with it', async ({
  page,
  serverFor,
  scratch,
}) => {
  // Entries above it taller than the window, and below it less than it loses: folded from its
  // end (the list not at its own end), the list is shorter than where it stood, and once went
  // to its top, the entry out of view (react-virtuoso took the height it lost off the scroll
  // position a second time).
  const [header, ask, ...rest] = toolSessionLines({
    id: '019cb000-0000-7000-8000-0000000020f1',
    cwd: '/work/big-text',
    prefix: 'w',
    ask: 'cat the file of one line',
    call: { name: 'bash', arguments: { command: 'cat one-line.txt' } },
    texts: ['b'.repeat(20_001)],
    answer: Array.from({ length: 12 }, (_, i) => `answer line ${i}`).join('\n\n'),
  })
  const earlier = Array.from({ length: 20 }, (_, i) =>
    messageLine(
      `p${i}`,
      i === 0 ? null : `p${i - 1}`,
      i % 2 === 0 ? 'user' : 'assistant',
      `earlier entry ${i}\n\n${'words of it\n\n'.repeat(8)}`,
      `2026-03-02T09:00:${String(i).padStart(2, '0')}.000Z`,
    ),
  )
  const lines = [
    header as string,
    ...earlier,
    JSON.stringify({ ...JSON.parse(ask as string), parentId: 'p19' }),
    ...rest,
  ]
  const session = await served(
    { page, serverFor, scratch },
    '2026-03-02T10-00-00-000Z_019cb000-0000-7000-8000-0000000020f1.jsonl',
    lines,
  )
  await session.open('2026-03-02T10-00-00-000Z_019cb000-0000-7000-8000-0000000020f1.jsonl')
  const result = page.locator('.transcript [data-entry-id="w3"]')
  const list = page.locator('.transcript-list')
  // It opens at pi's leaf, below the result: up until the result is drawn.
  await expect(async () => {
    await list.evaluate((el) => (el.scrollTop -= 400))
    await expect(result).toHaveCount(1, { timeout: 100 })
  }).toPass()
  await result.scrollIntoViewIfNeeded()
  await result.getByTestId('show-all').click()
  await expect(result.locator('pre.plain-text.wrapped')).toHaveCount(1)
  const less = result.getByRole('button', { name: 'Show less' }).last()
  await less.scrollIntoViewIfNeeded()
  const before = await list.evaluate((el) => el.scrollTop)
  expect(
    await list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop),
  ).toBeGreaterThan(100)
  await less.click()
  await expect(result.getByTestId('show-all')).toBeInViewport()
  // Still there after the list measured the folded entry.
  await page.waitForTimeout(500)
  await expect(result.getByTestId('show-all')).toBeInViewport()
  expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(before / 3)
  session.expectClean()
})

/**
 * A session of 40 short messages, then a tool call whose output (200 lines) is the last entry,
 * `w3`; opened, and the window made 1024x640 once open (at that size the tree is a panel the
 * reader opens): the list follows, and keeps to its end. Its file.
 */
async function openLastToolOutput(fixtures: Parameters<typeof servedSession>[0], id: string) {
  const [header, ask, call, result] = toolSessionLines({
    id,
    cwd: '/work/big-text',
    prefix: 'w',
    ask: 'print the log',
    call: { name: 'bash', arguments: { command: 'cat log.txt' } },
    texts: [Array.from({ length: 200 }, (_, i) => `log line ${i + 1}`).join('\n')],
    answer: '',
  })
  const earlier = Array.from({ length: 40 }, (_, i) =>
    messageLine(
      `p${i}`,
      i === 0 ? null : `p${i - 1}`,
      i % 2 === 0 ? 'user' : 'assistant',
      `short ${i}`,
      '2026-03-02T09:00:00.000Z',
    ),
  )
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  const { session, file } = await servedSession(fixtures, PROJECT, name, [
    header as string,
    ...earlier,
    JSON.stringify({ ...JSON.parse(ask as string), parentId: 'p39' }),
    call as string,
    result as string,
  ])
  await session.open(name)
  await fixtures.page.setViewportSize({ width: 1024, height: 640 })
  return { session, file }
}

test('a tool output shown whole by the keyboard at the end of a long path keeps its top in view while the entries above are measured', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The last entry; at 1024x640 the view holds a few lines of it. The list scrolls up to the
  // text's top, past entries it had not measured yet (drawn shorter than estimated), and those
  // once moved the text's top 59 px above the view as they were measured.
  const { session } = await openLastToolOutput(
    { page, serverFor, scratch },
    '019cb000-0000-7000-8000-0000000020f3',
  )
  const transcript = page.locator('.transcript')
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  const entry = transcript.locator('[data-entry-id="w3"]')
  await expect(entry.getByTestId('show-all')).toBeInViewport()
  const textTop = () =>
    entry
      .locator('.collapsible')
      .last()
      .evaluate((el) => {
        const view = el.closest('[data-virtuoso-scroller]') as HTMLElement
        return el.getBoundingClientRect().top - view.getBoundingClientRect().top
      })
  expect(await textTop()).toBeLessThan(0)
  await entry.getByTestId('show-all').focus()
  await page.keyboard.press('Enter')
  const less = entry.getByRole('button', { name: 'Show less' })
  await expect(less.first()).toBeFocused()
  await expect(less.first()).toBeInViewport()
  // Once the list measured the entries above and the text: its top where it opened.
  await expect.poll(textTop).toBeGreaterThanOrEqual(0)
  await page.waitForTimeout(500)
  expect(await textTop()).toBeGreaterThanOrEqual(0)
  expect(await textTop()).toBeLessThan(40)
  await expect(less.first()).toBeInViewport()
  session.expectClean()
})

test('a tool output folded near the end of the list leaves it where it is: what pi wrote and writes is offered', async ({
  page,
  serverFor,
  scratch,
}) => {
  // Folded from its top, the text leaves the list a few lines above its end: within
  // react-virtuoso's threshold of it, which once made the list follow pi again, and pi's next
  // entry took the Show all out of view.
  const { session, file } = await openLastToolOutput(
    { page, serverFor, scratch },
    '019cb000-0000-7000-8000-0000000020f5',
  )
  const transcript = page.locator('.transcript')
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  const entry = transcript.locator('[data-entry-id="w3"]')
  await entry.getByTestId('show-all').focus()
  await page.keyboard.press('Enter')
  const less = entry.getByRole('button', { name: 'Show less' })
  await expect(less.first()).toBeFocused()
  await page.waitForTimeout(1100)
  appendAfterLast(file, userEntry('n1', 'pi goes on'))
  const offer = page.getByTestId('new-entries')
  await expect(offer).toHaveText('1 new entry ↓')
  await page.keyboard.press('Enter')
  const all = entry.getByTestId('show-all')
  await expect(all).toBeFocused()
  await expect(all).toBeInViewport()
  const list = page.locator('.transcript-list')
  const top = await list.evaluate((el) => el.scrollTop)
  await page.waitForTimeout(1100)
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  await expect(offer).toHaveText('1 new entry ↓')
  appendAfterLast(file, userEntry('n2', 'and on'))
  await expect(offer).toHaveText('2 new entries ↓')
  await expect(all).toBeInViewport()
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top)
  session.expectClean()
})

/** When the entries of {@link openLongAnswer} were written. */
const AT = '2026-03-02T10:00:00.000Z'

/**
 * A session of a question, `r0`, and an answer of 2,000 lines, `r1`, the last entry; opened,
 * the list at its end and following. Its file and transcript.
 */
async function openLongAnswer(fixtures: Parameters<typeof servedSession>[0], id: string) {
  const text = Array.from({ length: 2_000 }, (_, i) => `line ${i + 1} `.padEnd(79, '.')).join('\n')
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  const { session, file } = await servedSession(fixtures, PROJECT, name, [
    headerLine(id, AT, '/work/big-text'),
    messageLine('r0', null, 'user', 'print the log', AT),
    messageLine('r1', 'r0', 'assistant', text, AT),
  ])
  await session.open(name)
  const transcript = fixtures.page.locator('.transcript')
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  return { session, file, transcript }
}

test('a text shown whole by a click with no pointer or key (a screen reader) stays where it starts when pi appends', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The last entry, and the list at its end: a screen reader's click comes with no pointer or
  // key event, so no gesture of the reader's told the list it leaves its end as the text grows.
  const { session, file, transcript } = await openLongAnswer(
    { page, serverFor, scratch },
    '019cb000-0000-7000-8000-0000000020f2',
  )
  const entry = transcript.locator('[data-entry-id="r1"]')
  await entry.getByTestId('show-all').dispatchEvent('click')
  const less = entry.getByRole('button', { name: 'Show less' })
  await expect(less).toHaveCount(2)
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  const list = page.locator('.transcript-list')
  const top = await list.evaluate((el) => el.scrollTop)
  appendFileSync(file, `${messageLine('r2', 'r1', 'user', 'and the next one', AT)}\n`)
  await expect(page.getByTestId('new-entries')).toHaveText('1 new entry ↓')
  await expect(less.first()).toBeInViewport()
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top)
  session.expectClean()
})

test('an entry pi wrote just before the reader showed a text whole above it is offered', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The list follows pi to its end; the reader opens the text above the entry pi just wrote,
  // and the list goes up to the text's top, far above that entry, read for a moment at most.
  const { session, file, transcript } = await openLongAnswer(
    { page, serverFor, scratch },
    '019cb000-0000-7000-8000-0000000020f4',
  )
  appendFileSync(file, `${messageLine('r2', 'r1', 'user', 'and the next one', AT)}\n`)
  await expect(transcript.locator('[data-entry-id="r2"]')).toBeInViewport()
  await expect(page.getByTestId('new-entries')).toHaveCount(0)
  const entry = transcript.locator('[data-entry-id="r1"]')
  await entry.getByTestId('show-all').click()
  await expect(entry.getByRole('button', { name: 'Show less' }).first()).toBeInViewport()
  await expect(page.getByTestId('new-entries')).toHaveText('1 new entry ↓')
  // The offer takes the reader to it, and the list follows pi again.
  await page.getByTestId('new-entries').click()
  await expect(transcript.locator('[data-entry-id="r2"]')).toBeInViewport()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  session.expectClean()
})
