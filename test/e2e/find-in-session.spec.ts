/**
 * Find in the session lands on its match: a match a folded text hides opens the fold (the
 * match marked is the find's own, not a later text's), and a match far above a transcript
 * that follows its end is scrolled to and stays in view.
 */
import { appendFileSync } from 'node:fs'
import { headerLine, messageLine } from '../helpers/append'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './harness'
import type { SessionPage } from './pages/session-page'
import { servedSession, toolSessionLines } from './tool-session'

const PROJECT = '--work-find-folds--'
const ID = '019cb000-0000-7000-8000-0000000f01d5'
const NAME = `2026-03-02T10-00-00-000Z_${ID}.jsonl`

/** 40 lines of tool output, "wombat" on the 31st only: past the 24 lines a fold shows. */
const OUTPUT = Array.from({ length: 40 }, (_, i) =>
  i === 30 ? 'line 30 has a wombat in it' : `line ${i} of the output`,
).join('\n')

/**
 * pi's lines: a user asks, a tool call, its result (`texts`: by default the long output, then
 * a short text), an answer.
 */
function sessionLines(
  texts = [OUTPUT, 'and one more wombat'],
  call: { name: string; arguments: unknown } = { name: 'bash', arguments: { command: 'ls' } },
  answer = 'A wombat, then.',
): string[] {
  const ask = 'run the listing'
  return toolSessionLines({
    id: ID,
    cwd: '/work/find-folds',
    prefix: 'f',
    ask,
    call,
    texts,
    answer,
  })
}

/** Opens find from the first entry and looks for "wombat"; the find's input. */
async function findWombat(page: Page): Promise<Locator> {
  await page.locator('.transcript [data-entry-id="f1"]').click()
  await page.keyboard.press('Control+f')
  const input = page.getByTestId('find-input')
  await input.fill('wombat')
  return input
}

/** A store holding the session of {@link sessionLines}, served and opened. */
async function openFolds(
  fixtures: Parameters<typeof servedSession>[0],
  lines: string[],
): Promise<SessionPage> {
  const { session } = await servedSession(fixtures, PROJECT, NAME, lines)
  await session.open(NAME)
  return session
}

test('find lands on a match a folded text hides: the fold opens and marks that match', async ({
  page,
  serverFor,
  scratch,
}) => {
  const session = await openFolds({ page, serverFor, scratch }, sessionLines())
  const result = page.locator('.transcript [data-entry-id="f3"]')
  // Folded: the 31st line is not shown.
  await expect(result.getByTestId('show-all')).toHaveCount(1)
  await expect(result).not.toContainText('line 30 has a wombat')
  const input = await findWombat(page)
  const count = page.getByTestId('find-count')
  const current = page.locator('.transcript mark.find-current')
  // The shown marks' order would put the short text's wombat first: the fold opens instead.
  await expect(count).toHaveText('match 1 of 3')
  await expect(current).toHaveCount(1)
  await expect(result.getByTestId('show-all')).toHaveCount(0)
  const line = (mark: typeof current) =>
    mark.evaluate((m) =>
      (m.closest('pre')?.textContent ?? '').split('\n').find((l) => l.includes('wombat')),
    )
  expect(await line(current)).toBe('line 30 has a wombat in it')
  await expect(current).toBeInViewport()
  await session.screenshot('find-unfolded')
  // Folded again by the reader: the match is hidden, and no other occurrence stands for it.
  await result.getByRole('button', { name: 'Show less' }).click()
  await expect(result.getByTestId('show-all')).toHaveCount(1)
  await expect(count).toHaveText('match 1 of 3')
  await expect(current).toHaveCount(0)
  // The next match lies past the fold's: the fold opens again, so the marks count right.
  await input.press('Enter')
  await expect(count).toHaveText('match 2 of 3')
  expect(await line(current)).toBe('and one more wombat')
  await input.press('Enter')
  await expect(count).toHaveText('match 3 of 3')
  await expect(page.locator('.transcript [data-entry-id="f4"] mark.find-current')).toHaveText(
    'wombat',
  )
  await expect(page.getByTestId('find-unmarked')).toHaveCount(0)
  session.expectClean()
})

test('past the marks of a text, the next text of the entry marks its own matches', async ({
  page,
  serverFor,
  scratch,
}) => {
  // 2,100 matches in the first text: marks stop at 2,000 (MARKS_PER_TEXT); one in the second.
  const many = Array.from({ length: 2_100 }, (_, i) => `wombat ${i}`).join('\n')
  const session = await openFolds(
    { page, serverFor, scratch },
    sessionLines([many, 'the LAST wombat']),
  )
  const input = await findWombat(page)
  const count = page.getByTestId('find-count')
  // Its answer's match makes 2,102.
  await expect(count).toHaveText('match 1 of 2102')
  const current = page.locator('.transcript mark.find-current')
  const unmarked = page.getByTestId('find-unmarked')
  const text = (mark: typeof current) =>
    mark.evaluate((m) => (m.closest('pre')?.textContent ?? '').slice(0, 12))
  // Back from the first: the answer's, then the second text's own mark.
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 2102 of 2102')
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 2101 of 2102')
  await expect(current).toHaveCount(1)
  expect(await text(current)).toBe('the LAST wom')
  await expect(unmarked).toHaveCount(0)
  // The one before it lies past the first text's marks: that text's last mark stands in.
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 2100 of 2102')
  await expect(unmarked).toHaveText('not marked')
  await expect(current).toHaveCount(1)
  expect(await text(current)).toBe('wombat 0\nwom')
  await expect(current).toHaveText('wombat')
  session.expectClean()
})

test("a tool call's name is marked where a find counts it, before its arguments", async ({
  page,
  serverFor,
  scratch,
}) => {
  const call = { name: 'wombat_tool', arguments: { pattern: 'wombat' } }
  const session = await openFolds(
    { page, serverFor, scratch },
    sessionLines(['no match here'], call),
  )
  const input = await findWombat(page)
  // The call's name and arguments, the arguments again with its result, and the answer.
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText('match 1 of 4')
  const entry = page.locator('.transcript [data-entry-id="f2"]')
  await expect(entry.locator('.tool-name mark.find-current')).toHaveText('wombat')
  await input.press('Enter')
  await expect(count).toHaveText('match 2 of 4')
  await expect(entry.locator('.tool-args mark.find-current')).toHaveText('wombat')
  await expect(page.getByTestId('find-unmarked')).toHaveCount(0)
  session.expectClean()
})

test("a match in a link's address, which markdown does not show, leaves every later mark on its own match", async ({
  page,
  serverFor,
  scratch,
}) => {
  const answer = 'See [the wombat docs](https://wombat.example/a) and a wombat here.'
  const session = await openFolds(
    { page, serverFor, scratch },
    sessionLines(['no match here'], undefined, answer),
  )
  const input = await findWombat(page)
  const count = page.getByTestId('find-count')
  // The link's text, its address, the last word: the find counts the markdown as written.
  await expect(count).toHaveText('match 1 of 3')
  const entry = page.locator('.transcript [data-entry-id="f4"]')
  const current = entry.locator('mark.find-current')
  const unmarked = page.getByTestId('find-unmarked')
  await expect(entry.locator('a mark.find-current')).toHaveText('wombat')
  await input.press('Enter')
  await expect(count).toHaveText('match 2 of 3')
  // The address has no mark: the link's stands in, and the bar says so.
  await expect(unmarked).toHaveText('not marked')
  await expect(entry.locator('a mark.find-current')).toHaveCount(1)
  await input.press('Enter')
  await expect(count).toHaveText('match 3 of 3')
  await expect(unmarked).toHaveCount(0)
  await expect(current).toHaveCount(1)
  expect(await current.evaluate((m) => m.nextSibling?.textContent)).toBe(' here.')
  session.expectClean()
})

test('back from the end to a match after a folded text far above: the fold opens and that match is marked, in view', async ({
  page,
  serverFor,
  scratch,
}) => {
  // A folded result of 100 rows with a match each, its second text "the LAST wombat"; then
  // entries taller than the window, and a last match at the end. Back from the first match to
  // the end, then back once more.
  const rows = Array.from({ length: 100 }, (_, i) => `row ${i} wombat`).join('\n')
  const [header, ...entries] = sessionLines([rows, 'the LAST wombat'], undefined, 'Done.')
  const filler = Array.from({ length: 10 }, (_, i) =>
    messageLine(
      `g${i}`,
      i === 0 ? 'f4' : `g${i - 1}`,
      'assistant',
      'filler words '.repeat(120),
      `2026-03-02T10:01:${String(i).padStart(2, '0')}.000Z`,
    ),
  )
  const end = messageLine('g10', 'g9', 'user', 'the end wombat', '2026-03-02T10:02:00.000Z')
  const session = await openFolds({ page, serverFor, scratch }, [
    header as string,
    ...entries,
    ...filler,
    end,
  ])
  // Found from the first entry drawn (the session opens at its end).
  await page
    .locator('.transcript [data-testid="transcript-entry"]')
    .first()
    .click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+f')
  const input = page.getByTestId('find-input')
  await input.fill('wombat')
  const count = page.getByTestId('find-count')
  // 100 rows, the LAST, the end's.
  await expect(count).toHaveText('match 1 of 102')
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 102 of 102')
  await expect(page.locator('.transcript [data-entry-id="g10"] mark.find-current')).toBeInViewport()
  await input.press('Shift+Enter')
  await expect(count).toHaveText('match 101 of 102')
  const current = page.locator('.transcript mark.find-current')
  await expect(current).toHaveCount(1)
  await expect(current).toBeInViewport()
  expect(await current.evaluate((m) => m.closest('pre')?.textContent)).toBe('the LAST wombat')
  await page.waitForTimeout(500)
  await expect(current).toBeInViewport()
  session.expectClean()
})

test('typed fast at the end of a transcript pi writes to, find scrolls up to its match and stays there', async ({
  page,
  serverFor,
  scratch,
}) => {
  const at = '2026-03-02T10:00:00.000Z'
  const id = '019cb000-0000-7000-8000-0000000f01d6'
  const lines = [headerLine(id, at, '/work/find-far')]
  for (let i = 0; i < 60; i++) {
    const text = i === 2 ? 'the aardvark is here' : `entry ${i}\n${'more words of it\n'.repeat(4)}`
    lines.push(messageLine(`g${i}`, i ? `g${i - 1}` : null, i % 2 ? 'assistant' : 'user', text, at))
  }
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  const { session, file } = await servedSession(
    { page, serverFor, scratch },
    '--work-find-far--',
    name,
    lines,
  )
  await session.open(name)
  // At the end, following it (as live follow does): the find bar opening resizes the list.
  const list = page.locator('.transcript-list')
  await expect(page.locator('.transcript [data-entry-id="g59"]')).toBeInViewport()
  await page.locator('.transcript [data-entry-id="g59"]').click()
  await page.keyboard.press('Control+f')
  // pi writes on meanwhile, an entry every 250 ms.
  let last = 'g59'
  let written = 0
  const writing = setInterval(() => {
    const next = `w${written++}`
    appendFileSync(file, `${messageLine(next, last, 'assistant', `pi writes ${next}`, at)}\n`)
    last = next
  }, 250)
  try {
    // A typist's pace: each letter settles the find's text a little later.
    await page.getByTestId('find-input').pressSequentially('aardvark', { delay: 60 })
    await expect(page.getByTestId('find-count')).toHaveText('match 1 of 1')
    await page.waitForTimeout(1500)
  } finally {
    clearInterval(writing)
  }
  const current = page.locator('.transcript [data-entry-id="g2"] mark.find-current')
  await expect(current).toBeInViewport()
  // Still there a while later: the list is not taken back to its end; what pi wrote is counted.
  await page.waitForTimeout(1500)
  await expect(current).toBeInViewport()
  await expect(page.getByRole('button', { name: /new entr/ })).toBeVisible()
  expect(
    await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight),
  ).toBeGreaterThan(500)
  session.expectClean()
})

test('a find on another branch starts from its first match, marked, whatever match the last branch was at', async ({
  page,
  serverFor,
  scratch,
}) => {
  const at = '2026-03-02T10:00:00.000Z'
  const id = '019cb000-0000-7000-8000-0000000f01d7'
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  // Branch A: five wombats on its path. Branch B, written last (pi's leaf): two.
  const lines = [
    headerLine(id, at, '/work/find-folds'),
    messageLine('b1', null, 'user', 'one wombat', at),
    messageLine('b2', 'b1', 'assistant', 'two wombat', at),
    messageLine('a3', 'b2', 'user', 'wombat three', at),
    messageLine('a4', 'a3', 'assistant', 'wombat four, wombat five', at),
    messageLine('c3', 'b2', 'user', 'nothing here', at),
  ]
  const { session } = await servedSession({ page, serverFor, scratch }, PROJECT, name, lines)
  await session.open(name)
  await page.locator('.transcript [data-entry-id="b1"]').click()
  await page.keyboard.press('Control+f')
  await page.getByTestId('find-input').fill('wombat')
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText('match 1 of 2')
  await session.tree.node('a4').click()
  await expect(count).toHaveText('match 1 of 5')
  await page.getByTestId('find-input').press('Shift+Enter')
  await expect(count).toHaveText('match 5 of 5')
  await expect(page.locator('.transcript [data-entry-id="a4"] mark.find-current')).toHaveText(
    'wombat',
  )
  // Back on branch B: its first match is the current one, and it is the one marked.
  await session.tree.node('c3').click()
  await expect(count).toHaveText('match 1 of 2')
  await expect(page.locator('.transcript [data-entry-id="b1"] mark.find-current')).toHaveText(
    'wombat',
  )
  await page.getByTestId('find-input').press('Enter')
  await expect(count).toHaveText('match 2 of 2')
  await expect(page.locator('.transcript [data-entry-id="b2"] mark.find-current')).toBeVisible()
  session.expectClean()
})
