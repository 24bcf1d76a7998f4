/**
 * A large session pi appended to after the app built its tree skeleton (a session pi is still
 * writing): it opens from the skeleton, which the reply says is behind the file, and the view
 * shows pi's new entries in the tree and the transcript's path without a click, pi's last one
 * as the leaf (the header says it is reading them meanwhile, and shows the file live at its
 * size now); the path to the skeleton's old leaf is never asked for. A session rewritten in
 * place since its skeleton opens again, with a notice. Expected ids come from the pi writer
 * process (pi 0.73.1's SessionManager).
 */
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Scratch, type ServerFor } from './harness'
import { SessionPage } from './pages/session-page'
import { generatedStore } from './generated-store'
import type { GenerateOptions } from '../../bench/generate-session'
import { piWriter } from '../helpers/pi-writer-process'

const PROJECT = '--home-ayla-src-big-project--'
const NAME = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000044.jsonl'

/**
 * A store with one generated session above the size the app gives a skeleton (4 MB), quiet for
 * a minute, served until the app has built its skeleton.
 */
async function storeWithSkeleton(
  scratch: Scratch,
  serverFor: ServerFor,
  dataHome: string,
  options: GenerateOptions,
) {
  const { sessionsDir, generated } = await generatedStore(
    scratch('pi-sessions-behind-'),
    PROJECT,
    NAME,
    options,
  )
  const file = join(sessionsDir, PROJECT, NAME)
  const past = new Date(Date.now() - 60_000)
  utimesSync(file, past, past)
  const server = await serverFor(sessionsDir)
  const trees = join(dataHome, 'pi-sessions', 'trees')
  await expect
    .poll(() => existsSync(trees) && readdirSync(trees).some((n) => n.endsWith('.tree')), {
      timeout: 120_000,
    })
    .toBe(true)
  return { file, generated, server, trees }
}

test('a session pi wrote to after its skeleton opens from it and catches up without a click', async ({
  page,
  serverFor,
  scratch,
  dataHome,
}) => {
  test.setTimeout(180_000)
  const { file, generated, server } = await storeWithSkeleton(scratch, serverFor, dataHome, {
    entries: 12_000,
    targetBytes: 5_000_000,
    branchEvery: 2000,
  })
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
  // Live follow is held back a moment, to see the view before it has caught up.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/session:follow', async (route) => {
    await held
    await route.continue()
  })
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/session:open'))
  await page.goto(`${server.appUrl}&session=${id}`)
  const reply = (await (await opened).json()) as {
    value: { behind?: boolean; leafId: string; rowCount: number; size: number }
  }
  // Served from the skeleton: the file as it was, before pi's three entries.
  expect(reply.value.behind).toBe(true)
  expect(reply.value.leafId).toBe(generated.leafId)
  expect(reply.value.rowCount).toBe(12_000)
  // The header says so, and shows the file as it is: live, at its size now.
  expect(reply.value.size).toBe(statSync(file).size)
  const header = session.header()
  await expect(header.getByTestId('catching-up')).toHaveText('reading pi’s newest entries…')
  await expect(header.getByTestId('live-badge')).toBeVisible()
  await expect(header.getByTestId('stat-entries')).toHaveText('12,000 entries')
  await session.screenshot('skeleton-behind-catching-up')
  release()
  await expect(header.getByTestId('catching-up')).toHaveCount(0)
  await expect(header.getByTestId('stat-entries')).toHaveText('12,003 entries')
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

test('a session rewritten in place since its skeleton (same size, same end) opens again and says so', async ({
  page,
  serverFor,
  scratch,
  dataHome,
}) => {
  test.setTimeout(180_000)
  const { file, generated, server, trees } = await storeWithSkeleton(scratch, serverFor, dataHome, {
    entries: 6_000,
    targetBytes: 4_500_000,
    branchEvery: 2000,
  })
  // Another tool changes one letter of the first message in place; then pi appends.
  const text = readFileSync(file, 'utf8')
  const at = text.indexOf('"content":"Step 0') + '"content":"St'.length
  expect(at).toBeGreaterThan(100)
  writeFileSync(file, `${text.slice(0, at)}a${text.slice(at + 1)}`)
  const written = await piWriter(file, 2, 0)
  const session = new SessionPage(page, server)
  const id = await session.idOf(NAME)
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/session:open'))
  await page.goto(`${server.appUrl}&session=${id}`)
  // The skeleton cannot tell from the size and the end: it is served, then the parse finds out.
  expect(((await (await opened).json()) as { value: { behind?: boolean } }).value.behind).toBe(true)
  const notice = page.getByTestId('file-notice')
  await expect(notice).toHaveAttribute('data-state', 'reopened')
  await expect(notice).toContainText('The file was rewritten: it was opened again.')
  await session.waitReady(written.at(-1))
  await expect(page.getByTestId('tree-count')).toContainText('6,002')
  // The tree shows the file's new text, not the skeleton's.
  await page.getByTestId('tree-search').fill('Stap 0')
  await expect(page.getByTestId('tree-count')).toHaveText('1 match')
  await expect(session.treeNode(generated.firstId)).toContainText('Stap 0')
  expect(readdirSync(trees).filter((n) => n.endsWith('.tree'))).toEqual([])
  await session.screenshot('skeleton-rewritten')
})
