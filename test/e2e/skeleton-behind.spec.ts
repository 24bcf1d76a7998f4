/**
 * A large session pi appended to after the app built its tree skeleton (a session pi is still
 * writing): it opens from the skeleton, which the reply says is behind the file, and the view
 * shows pi's new entries in the tree and the transcript's path without a click, pi's last one
 * as the leaf; the path to the skeleton's old leaf is never asked for. Expected ids come from the pi writer process (pi 0.73.1's SessionManager).
 */
import { existsSync, readdirSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './harness'
import { SessionPage } from './pages/session-page'
import { generatedStore } from './generated-store'
import { piWriter } from '../helpers/pi-writer-process'

const PROJECT = '--home-ayla-src-big-project--'
const NAME = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000044.jsonl'

test('a session pi wrote to after its skeleton opens from it and catches up without a click', async ({
  page,
  serverFor,
  scratch,
  dataHome,
}) => {
  test.setTimeout(180_000)
  // Above the size the app gives a skeleton (4 MB), more entries than one tree page.
  const { sessionsDir, generated } = await generatedStore(
    scratch('pi-sessions-behind-'),
    PROJECT,
    NAME,
    { entries: 12_000, targetBytes: 5_000_000, branchEvery: 2000 },
  )
  const file = join(sessionsDir, PROJECT, NAME)
  // Quiet for a minute: the app builds its skeleton once it has listed the session.
  const past = new Date(Date.now() - 60_000)
  utimesSync(file, past, past)
  const server = await serverFor(sessionsDir)
  const trees = join(dataHome, 'pi-sessions', 'trees')
  await expect
    .poll(() => existsSync(trees) && readdirSync(trees).some((n) => n.endsWith('.tree')), {
      timeout: 120_000,
    })
    .toBe(true)
  const written = await piWriter(file, 3, 0)
  expect(written).toHaveLength(3)
  const leaf = written.at(-1) as string

  const session = new SessionPage(page, server)
  const id = await session.idOf(NAME)
  // The entries each path request asked for: the old leaf's path must never be asked for.
  const asked: unknown[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/session:get-path'))
      asked.push((request.postDataJSON() as { entryId?: string }).entryId)
  })
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/session:open'))
  await page.goto(`${server.appUrl}&session=${id}`)
  const reply = (await (await opened).json()) as {
    value: { behind?: boolean; leafId: string; rowCount: number }
  }
  // Served from the skeleton: the file as it was, before pi's three entries.
  expect(reply.value.behind).toBe(true)
  expect(reply.value.leafId).toBe(generated.leafId)
  expect(reply.value.rowCount).toBe(12_000)
  // Caught up: pi's entries are in the tree, its last is the leaf, and the path ends there.
  await session.waitReady(leaf)
  await expect(page.getByTestId('tree-count')).toContainText('12,003')
  await expect(session.treeNode(leaf)).toHaveAttribute('data-leaf', 'true')
  // The transcript opens at the path's end: pi's entries are its last ones, after the old leaf.
  const shown = async () =>
    (
      await page
        .getByTestId('transcript-entry')
        .evaluateAll((els) =>
          els.map((el) => [
            Number(el.getAttribute('data-index')),
            el.getAttribute('data-entry-id'),
          ]),
        )
    )
      .sort((a, b) => (a[0] as number) - (b[0] as number))
      .map(([, entryId]) => entryId)
      .slice(-4)
  await expect.poll(shown).toEqual([generated.leafId, ...written])
  // The transcript waited for pi's leaf (the tail preview showed the end meanwhile).
  expect(asked).not.toContain(generated.leafId)
  expect(asked).toContain(leaf)
  await session.screenshot('skeleton-behind')
})
