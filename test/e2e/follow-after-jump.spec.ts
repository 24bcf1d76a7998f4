/**
 * Live follow after a jump the reader asked for: a tool call's "result ↓" or a find's match
 * that lands near the end of the path still leaves the end, so what pi appends next is
 * offered, not scrolled to; the reader moving down at the end follows again.
 */
import { appendAfterLast, userEntry } from '../helpers/append'
import { expect, test } from './harness'
import { servedSession, toolSessionLines } from './tool-session'

const ID = '019cb000-0000-7000-8000-0000000020f3'
const NAME = `2026-03-02T10-00-00-000Z_${ID}.jsonl`

/** Earlier exchanges taller than the window, then a call whose result and answer end the path. */
function jumpsSession(): string[] {
  const [header, ...rest] = toolSessionLines({
    id: ID,
    cwd: '/work/jumps',
    prefix: 'j',
    ask: 'list the files',
    call: { name: 'bash', arguments: { command: 'ls' } },
    texts: ['a.txt\nb.txt'],
    answer: 'Two files.',
  })
  const earlier = Array.from({ length: 12 }, (_, i) =>
    JSON.stringify({
      type: 'message',
      id: `q${i}`,
      parentId: i === 0 ? null : `q${i - 1}`,
      timestamp: `2026-03-02T09:00:${String(i).padStart(2, '0')}.000Z`,
      message: { role: 'user', content: `earlier ${i}\n\n${'words\n\n'.repeat(6)}`, timestamp: 1 },
    }),
  )
  const first = JSON.parse(rest[0] as string) as Record<string, unknown>
  const lines = [header as string, ...earlier, JSON.stringify({ ...first, parentId: 'q11' })]
  lines.push(...rest.slice(1))
  return lines
}

/** The session of {@link jumpsSession}, served and opened at its end; its transcript and list. */
async function openJumps(fixtures: Parameters<typeof servedSession>[0]) {
  const { session, file } = await servedSession(fixtures, '--work-jumps--', NAME, jumpsSession())
  await session.open(NAME)
  const { page } = fixtures
  return {
    session,
    file,
    transcript: page.locator('.transcript'),
    list: page.locator('.transcript-list'),
  }
}

test('a result jumped to near the end is kept in view when pi appends; moving down at the end follows again', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { session, file, transcript, list } = await openJumps({ page, serverFor, scratch })
  const fromEnd = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  await expect.poll(fromEnd).toBeLessThan(2)
  await transcript.locator('[data-entry-id="j2"]').getByTitle('Go to the result').click()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  const result = transcript.locator('[data-entry-id="j3"]')
  await expect(result).toBeInViewport()
  // Still at the end of the list (the result is too near it to be centred).
  expect(await fromEnd()).toBeLessThan(2)
  const top = await list.evaluate((el) => el.scrollTop)
  await page.waitForTimeout(1100)
  appendAfterLast(file, userEntry('n1', 'pi goes on'))
  await expect(page.getByTestId('new-entries')).toHaveText('1 new entry ↓')
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top)
  await expect(result).toBeInViewport()
  // The reader scrolls down to the end with the wheel: the next entry pi writes is followed.
  await list.hover()
  await page.mouse.wheel(0, 2000)
  await expect.poll(fromEnd).toBeLessThan(2)
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  await expect(page.getByTestId('new-entries')).toHaveCount(0)
  appendAfterLast(file, userEntry('n2', 'and on'))
  await expect(transcript.locator('[data-entry-id="n2"]')).toBeInViewport()
  await expect.poll(fromEnd).toBeLessThan(2)
  await session.screenshot('follow-after-jump')
  session.expectClean()
})

test("find's match in the last entry is kept in view when pi appends, at once or later", async ({
  page,
  serverFor,
  scratch,
}) => {
  const { session, file, transcript, list } = await openJumps({ page, serverFor, scratch })
  // The find bar opening makes the list shorter: the list leaves its end, and the match in
  // the last entry takes it back there.
  await transcript.locator('[data-entry-id="j4"]').click()
  await page.keyboard.press('Control+f')
  await page.getByTestId('find-input').fill('Two files')
  await expect(page.getByTestId('find-count')).toHaveText('match 1 of 1')
  const answer = transcript.locator('[data-entry-id="j4"]')
  await expect(answer.locator('mark.find-current')).toBeInViewport()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  const top = await list.evaluate((el) => el.scrollTop)
  appendAfterLast(file, userEntry('n1', 'pi goes on'))
  await expect(page.getByTestId('new-entries')).toHaveText('1 new entry ↓')
  await page.waitForTimeout(1500)
  appendAfterLast(file, userEntry('n2', 'and on'))
  await expect(page.getByTestId('new-entries')).toHaveText('2 new entries ↓')
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top)
  await expect(answer.locator('mark.find-current')).toBeInViewport()
  session.expectClean()
})

test('the offer of new entries, taken from the keyboard, leaves the focus in the transcript at its end', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { session, file, transcript } = await openJumps({ page, serverFor, scratch })
  await transcript.locator('[data-entry-id="j2"]').getByTitle('Go to the result').click()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  await page.waitForTimeout(1100)
  appendAfterLast(file, userEntry('n1', 'pi goes on'))
  const offer = page.getByTestId('new-entries')
  await expect(offer).toHaveText('1 new entry ↓')
  await offer.focus()
  await page.keyboard.press('Enter')
  await expect(transcript.locator('[data-entry-id="n1"]')).toBeInViewport()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'true')
  await expect(transcript).toBeFocused()
  session.expectClean()
})
