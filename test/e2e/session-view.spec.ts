/**
 * The session view in Chromium against server mode, on temp copies of the fixture store:
 * branches and labels, selecting another branch, compaction with the raw toggle, a damaged
 * file, keyboard-only tree navigation, deep links, lineage, a hostile session that must stay
 * inert, and a 50,000-entry chain. Expected values come from expected.json (what pi 1.6.0
 * reported) and from the fixture files, never from the app's own output. Every test saves a
 * screenshot under test-results/screenshots/.
 */
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test, type Scratch, type ServerFor } from './harness'
import { LibraryPage } from './pages/library-page'
import { SessionPage } from './pages/session-page'
import { FIXTURE_STORE, readExpected, readManifest } from '../helpers/fixtures'
import { generatedStore } from './generated-store'
import { headerLine, messageLine, sideBranchedChain } from '../helpers/append'

interface PiFile {
  file: string
  name: string
  entries: { i: number; id?: string; parentId?: string | null; type?: string }[]
  leaves: string[]
  labels: { id: string; label: string }[]
  branch: string[]
  byLeaf: Record<string, { branch: string[]; contextEntryIds: string[] }>
}

/** pi 1.6.0's recorded results for the fixture of `scenario` written by `writer`. */
function pi(scenario: string, writer = 'pi 1.6.0'): PiFile {
  const file = readManifest().files.find((f) => f.scenario === scenario && f.writer === writer)
  if (!file) throw new Error(`no fixture ${scenario} by ${writer}`)
  const run = readExpected().files[file.file]?.pi160 as Record<string, Record<string, unknown>>
  const labels: { id: string; label: string }[] = []
  const stack = [...(run.tree?.tree as { id: string; label?: string; children?: unknown[] }[])]
  while (stack.length > 0) {
    const node = stack.pop() as { id: string; label?: string; children?: unknown[] }
    if (node.label) labels.push({ id: node.id, label: node.label })
    stack.push(...((node.children ?? []) as typeof stack))
  }
  return {
    file: file.file,
    name: basename(file.file),
    entries: run.entries?.entries as PiFile['entries'],
    leaves: run.tree?.leaves as string[],
    labels,
    branch: run.branch?.branch as string[],
    byLeaf: run.contextByLeaf?.byLeaf as PiFile['byLeaf'],
  }
}

/** Root-first ids from `id` up, following the recorded parentIds. */
function pathTo(file: PiFile, id: string): string[] {
  const byId = new Map(file.entries.map((e) => [e.id, e]))
  const out: string[] = []
  for (let e = byId.get(id); e?.id; e = e.parentId ? byId.get(e.parentId) : undefined)
    out.unshift(e.id)
  return out
}

test('a branched session shows its branch count and labels; another branch shows its path', async ({
  page,
  server,
  library,
}) => {
  const branches = pi('branches')
  const session = new SessionPage(page, server)
  // Reach it the way a user does: search the library, click the row.
  await library.search(branches.name.slice(branches.name.indexOf('_') + 1, -'.jsonl'.length))
  await library.row(branches.name).click()
  await session.waitReady()
  await expect(page.getByTestId('stat-branches')).toHaveText(`${branches.leaves.length} branches`)
  await expect(page.getByTestId('stat-labels')).toHaveText(`${branches.labels.length} labels`)
  await session.setFilter('all')
  for (const { id, label } of branches.labels) {
    await expect(session.tree.label(id)).toHaveText(`[${label}]`)
  }
  // Select a leaf on another branch than pi's resume point: the transcript becomes its path.
  const otherLeaf = Object.keys(branches.byLeaf)
    .filter((leaf) => !branches.branch.includes(leaf))
    .sort((a, b) => branches.byLeaf[b]!.branch.length - branches.byLeaf[a]!.branch.length)[0]!
  await session.selectNode(otherLeaf)
  expect(await session.transcriptIds()).toEqual(branches.byLeaf[otherLeaf]!.contextEntryIds)
  await expect(session.treeNode(otherLeaf)).toHaveClass(/selected/)
  await session.screenshot('session-branches')
  session.expectClean()
})

test('a compacted session shows the summary card; the raw toggle shows what it hides', async ({
  page,
  server,
}) => {
  const compaction = pi('compaction')
  const leaf = compaction.branch.at(-1)!
  const session = new SessionPage(page, server)
  await session.open(compaction.name)
  const context = await session.transcriptEntries()
  expect(context.map((e) => e.id)).toEqual(compaction.byLeaf[leaf]!.contextEntryIds)
  expect(context[0]?.kind).toBe('compaction')
  await expect(page.locator('[data-kind="compaction"] .summary-card')).toBeVisible()
  await session.screenshot('session-compaction')
  await session.setRaw(true)
  const raw = await session.transcriptEntries()
  expect(raw.map((e) => e.id)).toEqual(compaction.branch)
  const kept = new Set(compaction.byLeaf[leaf]!.contextEntryIds)
  expect(raw.filter((e) => !e.inContext).map((e) => e.id)).toEqual(
    compaction.branch.filter((id) => !kept.has(id)),
  )
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(
    page.locator('[data-testid="transcript-entry"][data-in-context="false"]').first(),
  ).toBeVisible()
  await session.screenshot('session-compaction-raw')
  session.expectClean()
})

test('a damaged file shows its diagnostics with line numbers and its parsable entries', async ({
  page,
  server,
  store,
}) => {
  const damaged = pi('damaged-garbage-line', 'handwritten')
  const lines = readFileSync(join(store.root, damaged.file), 'utf8').split('\n')
  const badLines = lines
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => {
      if (!text.trim()) return false
      try {
        JSON.parse(text)
        return false
      } catch {
        return true
      }
    })
    .map((x) => String(x.line))
  expect(badLines.length).toBeGreaterThan(0)
  const session = new SessionPage(page, server)
  await session.open(damaged.name)
  await expect(page.getByTestId('read-only')).toBeVisible()
  // However long the reason, the session's title keeps its line readable.
  await expect(page.getByTestId('read-only-reason')).toBeVisible()
  const title = await page.locator('.session-name').boundingBox()
  const words = await page.locator('.session-name').evaluate((el) => el.scrollWidth)
  expect(title?.width).toBeGreaterThanOrEqual(Math.min(words, 200))
  const shown = await page
    .getByTestId('diagnostic')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-line')))
  for (const line of badLines) expect(shown).toContain(line)
  await session.setFilter('all')
  for (const entry of damaged.entries) await expect(session.treeNode(entry.id!)).toHaveCount(1)
  await session.screenshot('session-damaged')
  // A parentId cycle (pi never returns) opens too, and says so.
  await session.open(pi('damaged-parent-cycle', 'handwritten').name)
  await expect(page.locator('[data-testid="diagnostic"][data-kind="cycle"]')).toHaveCount(1)
  session.expectClean()
})

test('a parentId cycle of 20,000 entries is named in a line, and the tree and transcript show', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The last entry takes the first one's id with the old leaf as its parent: every entry is
  // on the cycle. Spelled out, its 20,000 ids filled the header and the tree never drew.
  const texts = Array.from({ length: 20_000 }, (_, i) => `step ${i}`)
  const { sessionsDir, name, file } = chainSession(
    scratch('pi-sessions-long-cycle-'),
    '/work/cycle',
    '019cb000-0000-7000-8000-00000000c1c1',
    texts,
  )
  appendFileSync(
    file,
    messageLine('h0', 'h19999', 'user', 'again', '2026-03-02T10:00:00.000Z') + '\n',
  )
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  await session.open(name)
  const reason = page.getByTestId('read-only-reason')
  await expect(reason).toContainText('parentId cycle of 20,000 entries: ')
  const box = await reason.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(el).lineHeight),
  }))
  expect(box.height).toBeLessThanOrEqual(3 * box.line + 1)
  await expect(page.locator('.branch-tree')).toHaveAttribute('data-tree-state', 'ready')
  await expect(page.locator('.transcript [data-entry-id]').first()).toBeVisible()
  await session.screenshot('session-long-cycle')
  // In a narrow window a finding's line number and kind keep a line each.
  await page.setViewportSize({ width: 800, height: 600 })
  const lineBoxes = await page.locator('.diag-line, .diag-kind').evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      return range.getClientRects().length
    }),
  )
  expect(lineBoxes.length).toBeGreaterThan(0)
  expect(lineBoxes.every((n) => n === 1)).toBe(true)
  session.expectClean()
})

test('tree search counts its matches and says so when nothing matches', async ({
  page,
  server,
}) => {
  // Tall enough that the tree renders every row (it renders only what shows).
  await page.setViewportSize({ width: 1280, height: 1600 })
  const branches = pi('branches')
  const session = new SessionPage(page, server)
  await session.open(branches.name)
  await session.setFilter('all')
  const texts = await session.treeNodes().allInnerTexts()
  await expect(page.getByTestId('tree-count')).toHaveText(`${texts.length} / ${texts.length}`)
  // A word of the second entry of pi's branch that no other shown entry holds.
  const second = session.tree.node(branches.branch[1]!)
  const holders = (w: string) => texts.filter((t) => t.toLowerCase().includes(w)).length
  const words = ((await second.innerText()).toLowerCase().match(/[a-z]{5,}/g) ?? []) as string[]
  const word = words.find((w) => holders(w) === 1) as string
  expect(word, words.join(' ')).toBeTruthy()
  const holding = 1
  const search = page.getByTestId('tree-search')
  await search.fill(word)
  await expect(page.getByTestId('tree-count')).toHaveText(
    `${holding} ${holding === 1 ? 'match' : 'matches'}`,
  )
  await expect(second).toBeVisible()
  await search.fill('zzzz-no-such-words')
  await expect(page.getByTestId('tree-count')).toHaveText('0 matches')
  await expect(page.getByTestId('tree-no-match')).toHaveText(
    'No entry matches “zzzz-no-such-words”.',
  )
  // The library's search forms are plain words here, as in pi's /tree: an empty result says so.
  await search.fill(`re:${word}`)
  await expect(page.getByTestId('tree-count')).toHaveText('0 matches')
  await expect(page.getByTestId('tree-no-match')).toHaveText(
    `No entry matches “re:${word}”. The tree’s search takes words, as pi’s /tree does: quotes and re: work in the library’s search.`,
  )
  // A phrase in quotes keeps its own quotes only.
  await search.fill(`"${word}"`)
  await expect(page.getByTestId('tree-no-match')).toHaveText(
    `No entry matches "${word}". The tree’s search takes words, as pi’s /tree does: quotes and re: work in the library’s search.`,
  )
  await search.fill('')
  await expect(page.getByTestId('tree-no-match')).toHaveCount(0)
  await expect(page.getByTestId('tree-count')).toHaveText(`${texts.length} / ${texts.length}`)
  session.expectClean()
})

test('the tree works with the keyboard only', async ({ page, server }) => {
  const branches = pi('branches')
  const session = new SessionPage(page, server)
  await session.open(branches.name)
  await page.getByTestId('tree-search').focus()
  const focusRole = () =>
    page.evaluate<string | null>('document.activeElement?.getAttribute("role") ?? null')
  for (let i = 0; i < 8 && !['tree', 'treeitem'].includes((await focusRole()) ?? ''); i++)
    await page.keyboard.press('Tab')
  expect(['tree', 'treeitem']).toContain(await focusRole())
  const focusedEntry = () =>
    page.evaluate<string | null>(
      'document.activeElement?.querySelector(\'[data-testid="tree-node"]\')?.getAttribute("data-entry-id") ?? null',
    )
  await page.keyboard.press('Home')
  // The first row is the root of the branch that holds pi's leaf (pi's /tree order).
  await expect.poll(focusedEntry).toBe(branches.branch[0])
  await page.keyboard.press('Enter')
  await session.waitReady(branches.branch[0])
  expect(await session.transcriptIds()).toEqual([branches.branch[0]])
  await session.tree.focus()
  await page.keyboard.press('ArrowDown')
  await expect.poll(focusedEntry).toBe(branches.branch[1])
  await page.keyboard.press('Enter')
  await session.waitReady(branches.branch[1])
  expect(await session.transcriptIds()).toEqual(branches.branch.slice(0, 2))
  // Down to the other root (a folder): Left folds it, Right unfolds it.
  await session.tree.focus()
  const otherRoot = branches.entries.find(
    (e) => e.parentId === null && e.id !== branches.branch[0],
  )!.id!
  for (let i = 0; i < 5 && (await focusedEntry()) !== otherRoot; i++)
    await page.keyboard.press('ArrowDown')
  expect(await focusedEntry()).toBe(otherRoot)
  const before = await session.treeNodes().count()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => session.treeNodes().count()).toBeLessThan(before)
  await expect.poll(focusedEntry).toBe(otherRoot)
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => session.treeNodes().count()).toBe(before)
  // Right again moves to the first child, Left back to the parent: the transcript follows.
  await page.keyboard.press('ArrowRight')
  const child = branches.entries.find((e) => e.parentId === otherRoot)!.id!
  await expect.poll(focusedEntry).toBe(child)
  await session.waitReady(child)
  await page.keyboard.press('ArrowLeft')
  await expect.poll(focusedEntry).toBe(otherRoot)
  await session.waitReady(otherRoot)
  await page.keyboard.press('End')
  const last = await focusedEntry()
  await page.keyboard.press('Enter')
  await session.waitReady(last!)
  expect(await session.transcriptIds()).toEqual(pathTo(branches, last!))
  await session.screenshot('session-keyboard')
  session.expectClean()
})

test('Leaf on the leaf already selected brings the tree and the transcript back to it', async ({
  page,
  serverFor,
  scratch,
}) => {
  // 120 entries on pi's path, a side branch at every other one: a tree and a transcript taller
  // than the window. pi's leaf (the file's last entry) is selected when the session opens.
  const at = '2026-03-02T10:00:00.000Z'
  const id = '019cb000-0000-7000-8000-0000000001ea'
  const sessionsDir = join(scratch('pi-sessions-leaf-'), 'sessions')
  const dir = join(sessionsDir, '--work-leaf--')
  mkdirSync(dir, { recursive: true })
  const answer = (i: number) => `step ${i}\n${'a line of the answer\n'.repeat(4)}`
  const lines = sideBranchedChain(id, at, '/work/leaf', 120, answer)
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  writeFileSync(join(dir, name), lines.join('\n') + '\n')
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  await session.open(name)
  await session.setFilter('all')
  const list = page.locator('.transcript-list')
  const treeScroller = session.tree.scroller()
  const leafRow = session.treeNode('h119')
  await expect(leafRow).toBeInViewport()
  // The reader scrolls both to the top; Leaf, the leaf still selected, brings both back.
  await list.evaluate((el) => (el.scrollTop = 0))
  await treeScroller.evaluate((el) => (el.scrollTop = 0))
  await expect(leafRow).not.toBeInViewport()
  await page.getByRole('button', { name: 'Leaf', exact: true }).click()
  await expect(leafRow).toBeInViewport()
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThan(2)
  await expect(page.locator('.transcript [data-entry-id="h119"]')).toBeInViewport()
  session.expectClean()
})

test('Tab into the transcript lands on an entry in view; the list stays where the reader is', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The list draws entries 800 px beyond its view: Tab took the first button drawn, far above.
  const { session, list, fromEnd } = await openAtItsEnd({ page, serverFor, scratch }, 60)
  const inTranscript = () =>
    page.evaluate(() => {
      const focused = document.activeElement
      const view = document.querySelector('.transcript-list')?.getBoundingClientRect()
      const list = focused?.closest('.transcript-list')
      if (!focused || !list || list === focused || !view) return 'outside'
      const box = focused.getBoundingClientRect()
      return box.top >= view.top && box.bottom <= view.bottom ? 'in view' : 'out of view'
    })
  await page.getByTestId('show-hidden').focus()
  // The list itself is a stop (it scrolls by keyboard); the next is in an entry.
  for (let i = 0; i < 6 && (await inTranscript()) === 'outside'; i++)
    await page.keyboard.press('Tab')
  expect(await inTranscript()).toBe('in view')
  const focusedTop = () =>
    page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? NaN)
  const firstTop = await focusedTop()
  await page.waitForTimeout(300)
  expect(await fromEnd()).toBeLessThan(2)
  // Shift+Tab back in from a button after the list ("N new entries" sits there) lands on the
  // last stop in view.
  await list.evaluate((el) => {
    const button = document.createElement('button')
    button.dataset.afterList = ''
    // Out of the flow: the list keeps its size.
    button.style.position = 'absolute'
    el.after(button)
  })
  await page.locator('[data-after-list]').focus()
  await page.keyboard.press('Shift+Tab')
  expect(await inTranscript()).toBe('in view')
  expect(await focusedTop()).toBeGreaterThan(firstTop)
  expect(await fromEnd()).toBeLessThan(2)
  session.expectClean()
})

test('Tab into a transcript whose newest entry is taller than the view lands on that entry', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The entry's own buttons sit at its top, far above the view: none is in view to take.
  const tall = Array.from({ length: 200 }, (_, i) => `line ${i} of a long message`).join('\n')
  const texts = [...Array.from({ length: 20 }, (_, i) => `entry ${i}`), tall]
  const { session } = await openChain(
    { page, serverFor, scratch },
    '/work/tall',
    '019cb000-0000-7000-8000-0000000007ac',
    texts,
  )
  const list = page.locator('.transcript-list')
  const fromEnd = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  await expect.poll(fromEnd).toBeLessThan(2)
  await page.getByTestId('show-hidden').focus()
  await page.keyboard.press('Tab')
  await expect(list).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.locator('.transcript [data-entry-id="h20"]')).toBeFocused()
  expect(await fromEnd()).toBeLessThan(2)
  session.expectClean()
})

test('findings appearing above a transcript at its end keep its newest entry in sight', async ({
  page,
  serverFor,
  scratch,
}) => {
  const { session, list, fromEnd, file } = await openAtItsEnd({ page, serverFor, scratch }, 40)
  const height = await list.evaluate((el) => el.clientHeight)
  // Another program writes a line that is not JSON: the findings show above the transcript.
  appendFileSync(file, '{"type": not json\n')
  await expect(page.getByTestId('diagnostics')).toBeVisible()
  await expect.poll(() => list.evaluate((el) => el.clientHeight)).toBeLessThan(height)
  await expect.poll(fromEnd).toBeLessThan(2)
  const last = page.locator('.transcript [data-entry-id="h39"]')
  await expect(last).toBeInViewport({ ratio: 1 })
  session.expectClean()
})

/** Window sizes a resized transcript passes through: narrower, wider, lower (width, height). */
const RESIZES = [
  [900, 700],
  [1400, 900],
  [1000, 640],
] as const

test('a transcript at its end stays there while the window is resized', async ({
  page,
  serverFor,
  scratch,
}) => {
  const wraps = 'words that wrap into more lines as the window grows narrower, '.repeat(4)
  const { fromEnd } = await openAtItsEnd({ page, serverFor, scratch }, 40, wraps)
  const last = page.locator('.transcript [data-entry-id="h39"]')
  // Narrower: the entries wrap into more lines; wider: fewer. Each time the list's end moves.
  for (const [width, height] of RESIZES) {
    await page.setViewportSize({ width, height })
    await expect.poll(fromEnd).toBeLessThan(2)
    await expect(last).toBeInViewport({ ratio: 1 })
  }
})

test('a transcript scrolled up keeps the entry at its top in place while the window is resized', async ({
  page,
  serverFor,
  scratch,
}) => {
  const wraps = 'words that wrap into more lines as the window grows narrower, '.repeat(4)
  await openAtItsEnd({ page, serverFor, scratch }, 40, wraps)
  const list = page.locator('.transcript-list')
  // Up into the middle of the path, by the wheel, as a reader does.
  await list.hover()
  await expect(async () => {
    await page.mouse.wheel(0, -400)
    await expect(page.locator('.transcript [data-entry-id="h20"]')).toBeInViewport({
      timeout: 200,
    })
  }).toPass()
  await page.waitForTimeout(300)
  // The entry across the top of the view, and its top's distance from the view's top.
  const place = () =>
    list.evaluate((el) => {
      const top = el.getBoundingClientRect().top
      for (const entry of el.querySelectorAll('[data-testid="transcript-entry"]')) {
        const r = entry.getBoundingClientRect()
        if (r.bottom > top)
          return `${entry.getAttribute('data-entry-id')}@${Math.round(r.top - top)}`
      }
      return null
    })
  const before = await place()
  expect(before).not.toBeNull()
  // Narrower: the entries above wrap into more lines; wider: fewer. The reader's entry stays.
  for (const [width, height] of RESIZES) {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(500)
    expect(await place()).toBe(before)
  }
  await expect(page.locator('.transcript')).toHaveAttribute('data-at-bottom', 'false')
})

test('focus coming into the tree takes the selected entry (or the row folding it): an arrow moves from it', async ({
  page,
  server,
}) => {
  // Tall enough that the tree renders every row (it renders only what shows).
  await page.setViewportSize({ width: 1280, height: 1600 })
  const branches = pi('branches')
  const leaf = branches.branch.at(-1) as string
  const session = new SessionPage(page, server)
  await session.open(branches.name)
  await session.setFilter('all')
  // The tree's own focus stays on the row clicked; Leaf then selects pi's leaf.
  await session.treeNode(branches.branch[0] as string).click()
  await session.waitReady(branches.branch[0])
  await page.getByRole('button', { name: 'Leaf', exact: true }).focus()
  await page.keyboard.press('Enter')
  await session.waitReady(leaf)
  const focusRole = () =>
    page.evaluate<string | null>('document.activeElement?.getAttribute("role") ?? null')
  for (let i = 0; i < 8 && !['tree', 'treeitem'].includes((await focusRole()) ?? ''); i++)
    await page.keyboard.press('Tab')
  const focusedEntry = () =>
    page.evaluate<string | null>(
      'document.activeElement?.querySelector(\'[data-testid="tree-node"]\')?.getAttribute("data-entry-id") ?? null',
    )
  const order = await session
    .treeNodes()
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-entry-id')))
  const above = order[order.indexOf(leaf) - 1] as string
  await page.keyboard.press('ArrowUp')
  await expect.poll(focusedEntry).toBe(above)
  await session.waitReady(above)
  // Folded away, the selection is held by its nearest row on screen: focus comes to that row.
  const fold = page.getByRole('button', { name: 'Fold', exact: true })
  await fold.click()
  const folded = await session
    .treeNodes()
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-entry-id')))
  const hidden = order.findLast((id) => id !== null && !folded.includes(id)) as string
  await page.getByRole('button', { name: 'Unfold', exact: true }).click()
  await session.treeNode(hidden).click()
  await session.waitReady(hidden)
  await fold.click()
  await expect(session.treeNode(hidden)).toHaveCount(0)
  const holder = pathTo(branches, hidden).findLast((id) => folded.includes(id)) as string
  await page.getByTestId('tree-search').focus()
  for (let i = 0; i < 8 && !['tree', 'treeitem'].includes((await focusRole()) ?? ''); i++)
    await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown')
  await expect.poll(focusedEntry).toBe(folded[folded.indexOf(holder) + 1] ?? holder)
  session.expectClean()
})

test('a deep link selects and shows an entry; lineage links navigate', async ({ page, server }) => {
  const branches = pi('branches')
  const target = branches.entries.find(
    (e) =>
      e.type === 'message' &&
      !branches.branch.includes(e.id!) &&
      pathTo(branches, e.id!).length > 3,
  )!.id!
  const session = new SessionPage(page, server)
  await session.open(branches.name, target)
  await session.waitReady(target)
  expect(await session.transcriptIds()).toEqual(pathTo(branches, target))
  await expect(page.locator('.selected-entry')).toHaveAttribute('data-entry-id', target)
  await expect(session.treeNode(target)).toHaveClass(/selected/)
  // A fork names its parent; the link opens it.
  const fork = pi('fork-from')
  const parent = pi('plain-chat')
  await session.open(fork.name)
  await page.getByTestId('lineage-parent').click()
  await session.waitReady(parent.branch.at(-1))
  await expect(page.getByTestId('lineage-fork').first()).toBeVisible()
  await session.screenshot('session-lineage')
  session.expectClean()
})

test('in a narrow window a fork with a long title stays on the line of "Forks:", its title cut, its facts whole', async ({
  page,
  server,
}) => {
  const parent = pi('plain-chat')
  const session = new SessionPage(page, server)
  await session.open(parent.name)
  await page.setViewportSize({ width: 1024, height: 640 })
  const lineage = page.getByTestId('lineage')
  const label = lineage.getByText('Forks:', { exact: true })
  const fork = page.getByTestId('lineage-fork').first()
  const [labelBox, forkBox, lineageBox] = await Promise.all([
    label.boundingBox(),
    fork.boundingBox(),
    lineage.boundingBox(),
  ])
  // One line: the fork beside its label, no taller than a line of the header's 12 px text.
  expect(Math.abs(forkBox!.y - labelBox!.y)).toBeLessThan(4)
  expect(forkBox!.height).toBeLessThan(24)
  expect(forkBox!.x + forkBox!.width).toBeLessThanOrEqual(lineageBox!.x + lineageBox!.width + 1)
  // The title is cut (this title does not fit at this width), the date and count are not.
  const title = fork.locator('.fork-link-title')
  expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(fork.locator('.fork-link-facts')).toHaveText(/\(.+ · \d+ msgs?\)/)
  // The whole title is in the tooltip.
  expect(await fork.getAttribute('title')).toContain(await title.textContent())
  session.expectClean()
})

test("the tree's filter, search and runs setting are kept while the tree is hidden, the window is narrow or the session is reloaded; another session starts afresh", async ({
  page,
  server,
}) => {
  const branches = pi('branches')
  const session = new SessionPage(page, server)
  await session.open(branches.name)
  await session.setFilter('user-only')
  const search = page.getByTestId('tree-search')
  await search.fill('retry')
  const runs = page.locator('.tree-toolbar').getByLabel('Runs')
  await runs.uncheck()
  const count = page.getByTestId('tree-count')
  await expect(count).toHaveText(/^[1-9]\d* match(es)?$/)
  const counted = await count.textContent()
  const kept = async () => {
    await expect(page.getByTestId('tree-filter-user-only')).toHaveAttribute('aria-checked', 'true')
    await expect(search).toHaveValue('retry')
    await expect(runs).not.toBeChecked()
    await expect(count).toHaveText(counted as string)
  }
  const treeButton = page.getByRole('button', { name: 'Branch tree' })
  // Hidden with the app bar's Tree button, then shown again.
  await treeButton.click()
  await expect(page.locator('.branch-tree')).toHaveCount(0)
  await treeButton.click()
  await kept()
  // A window made narrow hides the tree; opened there, and back at the wide size.
  await page.setViewportSize({ width: 1024, height: 640 })
  await expect(page.locator('.branch-tree')).toHaveCount(0)
  await treeButton.click()
  await kept()
  await page.setViewportSize({ width: 1440, height: 900 })
  await kept()
  // The header's Reload reads the file again and draws the tree anew: the same settings.
  await session.header().getByRole('button', { name: 'Reload' }).click()
  await session.waitReady()
  await kept()
  // Another session starts with the default filter and no search.
  await session.open(pi('plain-chat').name)
  await expect(page.getByTestId('tree-filter-default')).toHaveAttribute('aria-checked', 'true')
  await expect(search).toHaveValue('')
  await expect(runs).toBeChecked()
  session.expectClean()
})

for (const [what, entryId, said] of [
  ['an entry the session does not have', 'ffffffff', 'ffffffff'],
  // Typed by hand: over the longest id an entry can have, shown cut short.
  ['an id no entry can have (2,000 characters)', 'b'.repeat(2000), `${'b'.repeat(40)}…`],
] as const) {
  test(`a deep link to ${what} shows the leaf and says so`, async ({ page, server }) => {
    const branches = pi('branches')
    const leaf = branches.branch.at(-1)!
    const session = new SessionPage(page, server)
    await session.open(branches.name, entryId)
    await session.waitReady(leaf)
    expect(await session.transcriptIds()).toEqual(pathTo(branches, leaf))
    const notice = page.getByTestId('missing-entry-notice')
    await expect(notice).toContainText(
      `The link names entry ${said}, which this session does not have`,
    )
    if (entryId === 'ffffffff') await session.screenshot('missing-entry-notice')
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await expect(notice).toHaveCount(0)
    session.expectClean()
  })
}

test('every kind of entry renders: tools, images, bash, extension messages, markers', async ({
  page,
  server,
}) => {
  const session = new SessionPage(page, server)
  await session.open(pi('tools-images').name)
  await session.setRaw(true)
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(page.getByTestId('tool-error').first()).toBeVisible()
  await expect(page.getByTestId('thinking').first()).not.toHaveAttribute('open', '')
  await expect(
    page.locator('[data-testid="content-image"][data-loaded="true"]').first(),
  ).toBeVisible()
  await expect(page.getByTestId('tool-call').first().locator('.badge')).toHaveText(/result|error/)
  await page.locator('.info-button').first().click()
  await expect(page.getByTestId('item-details').first()).toBeVisible()
  await session.screenshot('session-tools')
  await session.open(pi('bash-custom').name)
  await expect(page.getByTestId('excluded').first()).toBeVisible()
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(page.getByTestId('hidden-message').first()).toBeVisible()
  // A click, then the state: the box follows the settings store, which the click updates.
  await page.getByTestId('show-hidden').click()
  await expect(page.getByTestId('show-hidden')).toBeChecked()
  await expect(page.getByTestId('hidden-message')).toHaveCount(0)
  await session.screenshot('session-bash-custom')
  await session.open(pi('model-thinking').name)
  await expect(page.locator('[data-kind="modelChange"]').first()).toBeVisible()
  await expect(page.locator('[data-kind="thinkingChange"]').first()).toBeVisible()
  session.expectClean()
})

test('switching sessions resets the tree', async ({ page, server }) => {
  const branches = pi('branches')
  const session = new SessionPage(page, server)
  await session.open(branches.name)
  const otherRoot = branches.entries.find(
    (e) => e.parentId === null && e.id !== branches.branch[0],
  )!.id!
  const before = await session.treeNodes().count()
  await session.tree.toggle(session.tree.node(otherRoot))
  await expect.poll(() => session.treeNodes().count()).toBeLessThan(before)
  await session.open(pi('compaction').name)
  await session.open(branches.name)
  await expect.poll(() => session.treeNodes().count()).toBe(before)
  session.expectClean()
})

test('a hostile session renders inert', async ({ page, serverFor, scratch }) => {
  const root = scratch('pi-sessions-hostile-')
  cpSync(join(FIXTURE_STORE, '..', 'hostile', 'sessions'), join(root, 'sessions'), {
    recursive: true,
  })
  const server = await serverFor(join(root, 'sessions'))
  const session = new SessionPage(page, server)
  await session.open('2026-03-01T10-00-00-000Z_019ca000-0000-7000-8000-00000000beef.jsonl')
  const view = page.locator('.session-view.sv')
  await session.setFilter('all')
  await session.setRaw(true)
  // Open everything that is folded, so every piece of hostile text is rendered.
  for (let pass = 0; pass < 3; pass++) {
    await page
      .locator('.transcript details:not([open]) > summary')
      .evaluateAll((els) => els.forEach((el) => (el as unknown as { click(): void }).click()))
    await page
      .getByTestId('show-all')
      .evaluateAll((els) => els.forEach((el) => (el as unknown as { click(): void }).click()))
    await page.locator('.transcript-list').evaluate((el) => (el.scrollTop += 400))
  }
  await expect(view).toContainText('<script>window.__pwned')
  expect(await page.evaluate('window.__pwned')).toBeUndefined()
  expect(await view.locator('script, iframe, object, embed, style, svg').count()).toBe(0)
  expect(
    await view.locator('a[href^="javascript:"], a[href^="data:"], a[href^="vbscript:"]').count(),
  ).toBe(0)
  const handlers = await view.evaluate((el) =>
    [...el.querySelectorAll('*')].flatMap((n) =>
      [...n.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    ),
  )
  expect(handlers).toEqual([])
  const images = await view
    .locator('img')
    .evaluateAll((els) => els.map((el) => (el as unknown as { src: string }).src))
  for (const src of images) expect(src).toMatch(/^data:image\/(png|jpeg|gif|webp);base64,/)
  await expect(page.getByTestId('blocked-image').first()).toBeVisible()
  for (const href of await view
    .locator('a[href]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')))) {
    expect(href).toMatch(/^https?:\/\//)
  }
  // The 240,000-character line wraps inside the pane instead of widening it.
  const overflow = await page
    .locator('.transcript-list')
    .evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(overflow).toBeLessThanOrEqual(1)
  await session.screenshot('session-hostile')
  session.expectClean()
})

/**
 * Writes a session of one branch into a new store under `root`, in the project folder pi names
 * for `cwd` (one level, `/work/x` in `--work-x--`): `texts` as user and assistant messages in
 * turn, ids h0, h1, and so on. Returns the store's sessions folder, the file's name and path.
 */
function chainSession(
  root: string,
  cwd: `/work/${string}`,
  id: string,
  texts: string[],
): { sessionsDir: string; name: string; file: string } {
  const at = '2026-03-02T10:00:00.000Z'
  const sessionsDir = join(root, 'sessions')
  const dir = join(sessionsDir, `--work-${basename(cwd)}--`)
  mkdirSync(dir, { recursive: true })
  const lines = [headerLine(id, at, cwd)]
  texts.forEach((text, i) =>
    lines.push(
      messageLine(`h${i}`, i === 0 ? null : `h${i - 1}`, i % 2 ? 'assistant' : 'user', text, at),
    ),
  )
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  const file = join(dir, name)
  writeFileSync(file, lines.join('\n') + '\n')
  return { sessionsDir, name, file }
}

/** What a test opening its own session takes from the harness. */
type ViewFixtures = { page: Page; serverFor: ServerFor; scratch: Scratch }

/** {@link chainSession} in a scratch folder, served and opened in the app. */
async function openChain(
  { page, serverFor, scratch }: ViewFixtures,
  cwd: `/work/${string}`,
  id: string,
  texts: string[],
): Promise<{ session: SessionPage; file: string }> {
  const root = scratch(`pi-sessions-${basename(cwd)}-`)
  const { sessionsDir, name, file } = chainSession(root, cwd, id, texts)
  const session = new SessionPage(page, await serverFor(sessionsDir))
  await session.open(name)
  return { session, file }
}

/**
 * A session of `count` entries on one path, `line` five times after a first line (a transcript
 * taller than the window), opened and scrolled to its end.
 */
async function openAtItsEnd(
  { page, serverFor, scratch }: ViewFixtures,
  count: number,
  line = 'words of it',
) {
  const texts = Array.from({ length: count }, (_, i) => `entry ${i}\n${`${line}\n`.repeat(5)}`)
  const { session, file } = await openChain(
    { page, serverFor, scratch },
    '/work/ends',
    '019cb000-0000-7000-8000-0000000e0d5e',
    texts,
  )
  const list = page.locator('.transcript-list')
  const fromEnd = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  await expect.poll(fromEnd).toBeLessThan(2)
  return { session, list, fromEnd, file }
}

test('entries around ones larger than a whole path page all load', async ({
  page,
  serverFor,
  scratch,
}) => {
  // Two entries of 4.1 M characters (a path page holds up to 4 M) between small ones: main
  // sends the pages around them short, and the view asks again from the first item it lacks.
  const small = ['first words', 'between the huge ones', 'last reply']
  const texts = [small[0], 'y'.repeat(4_100_000), small[1], 'z'.repeat(4_100_000), small[2]]
  const { session } = await openChain(
    { page, serverFor, scratch },
    '/work/huge',
    '019cb000-0000-7000-8000-00000000b16e',
    texts as string[],
  )
  const transcript = page.locator('.transcript')
  await expect(transcript.locator('[data-entry-id="h4"]')).toContainText('last reply')
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(transcript.locator('[data-entry-id="h0"]')).toContainText('first words')
  await expect(transcript.locator('[data-entry-id="h2"]')).toContainText('between the huge ones')
  for (const entry of ['h1', 'h3'])
    await expect(transcript.locator(`[data-entry-id="${entry}"]`)).toHaveCount(1)
  await expect(transcript.getByTestId('transcript-placeholder')).toHaveCount(0)
  // A single line hides characters only, and says so.
  await expect(transcript.locator('[data-entry-id="h3"]').getByTestId('show-all')).toHaveText(
    /^Show all \([\d,]+ more characters\)$/,
  )
  // Shown whole, a line of millions of characters wraps: unwrapped, it is wider than the
  // browser draws, and shows as an empty strip.
  await transcript.locator('[data-entry-id="h3"]').getByTestId('show-all').click()
  const shown = transcript.locator('[data-entry-id="h3"] pre.plain-text')
  await expect(shown).toHaveClass(/wrapped/)
  const box = await shown.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(box.scroll).toBeLessThanOrEqual(box.client)
  await session.screenshot('session-huge-item')
  session.expectClean()
})

test('a text of megabytes shown whole comes in pieces laid out on screen, and reads to its end', async ({
  page,
  serverFor,
  scratch,
}) => {
  // 100,000 numbered lines, 8 MB: laid out whole it held the window for seconds. Shown whole
  // it is all in the page, in pieces the browser lays out only near the screen.
  const numbered = Array.from({ length: 100_000 }, (_, i) => `line ${i + 1} `.padEnd(79, '.'))
  const text = numbered.join('\n')
  const { session } = await openChain(
    { page, serverFor, scratch },
    '/work/long',
    '019cb000-0000-7000-8000-0000000010ce',
    ['print the log', text],
  )
  const entry = page.locator('.transcript [data-entry-id="h1"]')
  await expect(entry.getByTestId('show-all')).toHaveText(
    'Show all (99,976 more lines, 7,998,080 characters)',
  )
  await entry.getByTestId('show-all').click()
  // It folds from its top too: no need to scroll 8 MB down to fold it.
  const less = entry.getByRole('button', { name: 'Show less' })
  await expect(less).toHaveCount(2)
  await expect(less.first()).toBeInViewport()
  const pieces = entry.getByTestId('text-pieces').locator('.text-piece')
  // 32,000 characters a piece, cut after the last whole line: 400 lines of 80 characters.
  await expect(pieces).toHaveCount(250)
  expect(await pieces.first().evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto')
  const shown = await entry.getByTestId('text-pieces').evaluate((el) => el.textContent)
  expect(shown).toBe(text)
  // The end of the text is there to read once scrolled to.
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(pieces.last()).toBeInViewport()
  await expect(pieces.last()).toContainText(numbered[99_999] as string)
  await expect(less.last()).toBeInViewport()
  await session.screenshot('session-long-text-end')
  // Folded from its end, the text's first lines and its Show all are in view.
  await less.last().click()
  await expect(entry.getByTestId('show-all')).toBeInViewport()
  session.expectClean()
})

test('a text shown whole from its end opens at its top, its Show less focused, and stays there; folded, its Show all takes the focus', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The last entry of a path taller than the window, its text's top above the view. The reader
  // scrolls up a little; the click scrolls its Show all back into view, at the list's end, and
  // the list follows again: react-virtuoso, asked to follow, once scrolled to the end of the
  // text as it grew.
  const text = Array.from({ length: 2_000 }, (_, i) => `line ${i + 1} `.padEnd(79, '.')).join('\n')
  const earlier = Array.from({ length: 30 }, (_, i) => `earlier entry ${i}\n\nsome words`)
  const { session } = await openChain(
    { page, serverFor, scratch },
    '/work/long',
    '019cb000-0000-7000-8000-0000000010cf',
    [...earlier, 'print the log', text],
  )
  const transcript = page.locator('.transcript')
  const entry = transcript.locator('[data-entry-id="h31"]')
  const list = page.locator('.transcript-list')
  await list.hover()
  await page.mouse.wheel(0, -150)
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  await expect(entry.getByTestId('show-all')).not.toBeInViewport()
  await entry.getByTestId('show-all').click()
  const less = entry.getByRole('button', { name: 'Show less' })
  await expect(less).toHaveCount(2)
  await expect(less.first()).toBeInViewport()
  await expect(less.first()).toBeFocused()
  await expect(entry.getByText('line 1 ....', { exact: false }).first()).toBeInViewport()
  // Where it opened, once the list measured the text.
  const top = await list.evaluate((el) => el.scrollTop)
  await page.waitForTimeout(500)
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top)
  await expect(less.first()).toBeInViewport()
  await expect(transcript).toHaveAttribute('data-at-bottom', 'false')
  // Folded from its top, focus goes to the Show all that takes the Show less's place. Shown
  // whole from the keyboard: the same as by a click, and focus stays on the Show less (the rule
  // that puts Tab's landing in view leaves the app's own focus alone).
  await less.first().click()
  await expect(entry.getByTestId('show-all')).toBeInViewport()
  await expect(entry.getByTestId('show-all')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(less.first()).toBeFocused()
  await expect(less.first()).toBeInViewport()
  // Folded from its end by the keyboard, the text's top far above: its Show all comes into view
  // with the focus, and stays there once the list measured the folded entry.
  await less.last().focus()
  await expect(less.last()).toBeInViewport()
  await expect(less.first()).not.toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(entry.getByTestId('show-all')).toBeFocused()
  await expect(entry.getByTestId('show-all')).toBeInViewport()
  await page.waitForTimeout(500)
  await expect(entry.getByTestId('show-all')).toBeInViewport()
  session.expectClean()
})

test('text copied across the pieces of a long line is the text, with no line break added', async ({
  page,
  serverFor,
  scratch,
}) => {
  // One line of 120,000 characters (pieces of 32,000, cut inside the line): the browser's own
  // copy puts a line break between two pieces.
  const text = Array.from(
    { length: 12_000 },
    (_, i) => String(i % 10_000).padStart(9, '-') + '|',
  ).join('')
  const { session } = await openChain(
    { page, serverFor, scratch },
    '/work/copy',
    '019cb000-0000-7000-8000-00000000c0b1',
    ['copy this', text],
  )
  const entry = page.locator('.transcript [data-entry-id="h1"]')
  await entry.getByTestId('show-all').click()
  const pre = entry.getByTestId('text-pieces')
  await expect(pre.locator('.text-piece')).toHaveCount(4)
  const copy = (select: string) =>
    pre.evaluate((el, select) => {
      const range = document.createRange()
      const pieces = el.querySelectorAll('.text-piece')
      if (select === 'across') {
        range.setStart(pieces[0]!.firstChild!, 31_990)
        range.setEnd(pieces[1]!.firstChild!, 10)
      } else range.selectNodeContents(el)
      document.getSelection()!.removeAllRanges()
      document.getSelection()!.addRange(range)
      const data = new DataTransfer()
      el.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true }))
      return data.getData('text/plain')
    }, select)
  expect(await copy('across')).toBe(text.slice(31_990, 32_010))
  expect(await copy('all')).toBe(text)
  session.expectClean()
})

test('the find bar stays open through a Reload of the session and closes in another session', async ({
  page,
  serverFor,
  scratch,
}) => {
  const root = scratch('pi-sessions-find-reload-')
  const texts = ['where is the wombat', 'the wombat is here', 'and another wombat']
  const first = chainSession(root, '/work/find-a', '019cb000-0000-7000-8000-00000000f1a1', texts)
  const other = chainSession(root, '/work/find-b', '019cb000-0000-7000-8000-00000000f1b2', ['x'])
  const session = new SessionPage(page, await serverFor(first.sessionsDir))
  await session.open(first.name)
  await page.locator('.transcript [data-entry-id="h0"]').click()
  await page.keyboard.press('Control+f')
  const input = page.getByTestId('find-input')
  await input.fill('wombat')
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText('match 1 of 3')
  await page.getByTestId('session-header').getByRole('button', { name: 'Reload' }).click()
  await session.waitReady()
  // Found again in the text read afresh, as a browser's find bar stays through a reload.
  await expect(input).toHaveValue('wombat')
  await expect(count).toHaveText(/^match \d of 3$/)
  await expect(page.locator('.transcript mark.find-match')).toHaveCount(3)
  await session.screenshot('find-after-reload')
  await new LibraryPage(page).openSession(other.name)
  await session.waitReady()
  await expect(page.getByTestId('find-bar')).toHaveCount(0)
  session.expectClean()
})

test('find in a long text shown whole marks each match once, one cut of marks for the text', async ({
  page,
  serverFor,
  scratch,
}) => {
  // One line of 120,000 characters, cut into pieces inside the line: "needle" straddles the
  // first cut, at 32,000, and "ab" is there about 40,000 times.
  const chars = [...'ab '.repeat(40_000)]
  for (const at of [10_000, 31_997, 60_000]) chars.splice(at, 6, ...'needle')
  const text = chars.join('')
  const { session } = await openChain(
    { page, serverFor, scratch },
    '/work/find',
    '019cb000-0000-7000-8000-00000000f1d0',
    ['find in this', text],
  )
  const entry = page.locator('.transcript [data-entry-id="h1"]')
  await entry.getByTestId('show-all').click()
  await expect(entry.getByTestId('text-pieces').locator('.text-piece')).toHaveCount(4)
  await entry.click()
  await page.keyboard.press('Control+f')
  const input = page.getByTestId('find-input')
  await input.fill('needle')
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText('match 1 of 3')
  const marks = entry.locator('mark.find-match')
  await expect(marks).toHaveCount(3)
  await input.press('Enter')
  await expect(count).toHaveText('match 2 of 3')
  await expect(marks.nth(1)).toHaveClass(/find-current/)
  await expect(marks.nth(1)).toHaveText('needle')
  // Marked where it is: the piece's offset and the offset within it give 31,997.
  const at = await marks.nth(1).evaluate((mark) => {
    const piece = mark.closest('.text-piece') as HTMLElement
    const range = document.createRange()
    range.setStart(piece, 0)
    range.setEndBefore(mark)
    return Number(piece.dataset.start) + range.toString().length
  })
  expect(at).toBe(31_997)
  // The text's marks are cut at 2,000 whatever its pieces: the find counts them all.
  await input.fill('ab')
  const all = text.split('ab').length - 1
  await expect(count).toHaveText(`match 1 of ${all}`)
  await expect(marks).toHaveCount(2_000)
  const unmarked = page.getByTestId('find-unmarked')
  await expect(unmarked).toHaveCount(0)
  // Back from the first: the last match, past the marks. The bar says so.
  await input.press('Shift+Enter')
  await expect(count).toHaveText(`match ${all} of ${all}`)
  await expect(unmarked).toHaveText('not marked')
  await session.screenshot('find-unmarked')
  await input.press('Enter')
  await expect(count).toHaveText(`match 1 of ${all}`)
  await expect(unmarked).toHaveCount(0)
  session.expectClean()
})

test('what the reader opened in an entry stays open while it scrolls out of view and back', async ({
  page,
  serverFor,
  scratch,
}) => {
  // The transcript drops entries far from the screen and draws them again on the way back.
  // Entry h1 holds a long thinking and two long texts of the same length, beginning and end.
  const rows = Array.from({ length: 12_000 }, (_, i) => `row ${i} `.padEnd(20, '.'))
  const other = [...rows]
  other[6_000] = 'a different row'.padEnd(20, '.')
  const texts = ['q', 'h1']
  for (let i = 0; i < 40; i++) texts.push(`reply ${i}\n\n` + 'words '.repeat(300))
  const { sessionsDir, name, file } = chainSession(
    scratch('pi-sessions-kept-open-'),
    '/work/whole',
    '019cb000-0000-7000-8000-00000000a11e',
    texts,
  )
  const lines = readFileSync(file, 'utf8').split('\n')
  const entry = JSON.parse(lines[2] as string)
  entry.message.content = [
    { type: 'thinking', thinking: rows.join('\n') },
    { type: 'text', text: rows.join('\n') },
    { type: 'text', text: other.join('\n') },
  ]
  lines[2] = JSON.stringify(entry)
  writeFileSync(file, lines.join('\n'))
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  await session.open(name)
  const list = page.locator('.transcript-list')
  const h1 = page.locator('.transcript [data-entry-id="h1"]')
  const thinking = h1.getByTestId('thinking')
  const texts2 = h1.locator('.blocks > .collapsible')
  const away = async () => {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight))
    await expect(page.locator('.transcript [data-entry-id="h41"]')).toBeInViewport()
    await expect(h1).toHaveCount(0)
    await list.evaluate((el) => (el.scrollTop = 0))
    await expect(h1).toHaveCount(1)
  }
  await list.evaluate((el) => (el.scrollTop = 0))
  await thinking.locator('summary').click()
  await thinking.getByTestId('show-all').click()
  await expect(thinking).toContainText(rows[11_999] as string)
  await expect(texts2).toHaveCount(2)
  await texts2.first().getByTestId('show-all').click()
  await expect(texts2.first()).toContainText(rows[11_999] as string)
  await away()
  // The thinking is still unfolded and whole, the first text whole, the second still cut.
  await expect(thinking).toHaveAttribute('open', '')
  await expect(thinking).toContainText(rows[11_999] as string)
  await expect(texts2.first()).toContainText(rows[11_999] as string)
  await expect(texts2.last().getByTestId('show-all')).toBeVisible()
  await expect(texts2.last()).not.toContainText(rows[11_999] as string)
  // Shown less and folded, they stay so.
  await texts2.first().getByRole('button', { name: 'Show less' }).first().click()
  await list.evaluate((el) => (el.scrollTop = 0))
  await thinking.locator('summary').click()
  await away()
  await expect(thinking).not.toHaveAttribute('open')
  await expect(texts2.first().getByTestId('show-all')).toBeVisible()
  session.expectClean()
})

test('a 50,000-entry linear session opens; the tree and the transcript page', async ({
  page,
  serverFor,
  scratch,
}) => {
  test.setTimeout(240_000)
  const name = '2026-01-01T00-00-00-000Z_019d0000-0000-7000-8000-000000000042.jsonl'
  const { sessionsDir, generated } = await generatedStore(
    scratch('pi-sessions-big-'),
    '--home-ayla-src-big-project--',
    name,
    { entries: 50_000, targetBytes: 12_000_000 },
  )
  const server = await serverFor(sessionsDir)
  const session = new SessionPage(page, server)
  await session.open(name)
  await session.setRaw(true)
  const transcript = page.locator('.transcript')
  const total = Number(await transcript.getAttribute('data-total'))
  expect(total).toBe(generated.entries)
  await expect(session.treeNode(generated.leafId)).toBeVisible()
  await page.locator('.transcript-list').evaluate((el) => (el.scrollTop = 0))
  await expect(page.locator('[data-testid="transcript-entry"][data-index="0"]')).toHaveAttribute(
    'data-entry-id',
    generated.firstId,
  )
  // Find covers the whole path though the view keeps only a few thousand of its items: main
  // counts it (session:find-counts) and no page of the path is read for it. A word the
  // generator never writes is found nowhere.
  let pages = 0
  const countPages = (r: { url(): string }) => {
    if (r.url().endsWith('/api/session:get-path')) pages++
  }
  page.on('request', countPages)
  await page.keyboard.press('Control+f')
  await page.getByTestId('find-input').fill('zzzznotfound')
  await expect(page.getByTestId('find-count')).toHaveText('no match', { timeout: 90_000 })
  expect(pages).toBe(0)
  page.off('request', countPages)
  await page.keyboard.press('Escape')
  // Where main cannot count, the view reads the path itself, a few chunks at a time (the 500
  // chunks sent at once would queue ahead of those the user scrolls to), and says "no match"
  // once all were read.
  await page.route(
    (url) => url.pathname === '/api/session:find-counts',
    (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: { code: 'io', message: 'Permission denied' } }),
      }),
  )
  let outstanding = 0
  let most = 0
  const pathRequest = (r: { url(): string }) => r.url().endsWith('/api/session:get-path')
  page.on('request', (r) => {
    if (pathRequest(r)) most = Math.max(most, ++outstanding)
  })
  const settled = (r: { url(): string }) => {
    if (pathRequest(r)) outstanding--
  }
  page.on('requestfinished', settled)
  page.on('requestfailed', settled)
  await page.evaluate(() => {
    const w = window as { placeholders?: number }
    w.placeholders = 0
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof Element && node.querySelector('[data-testid=transcript-placeholder]'))
            w.placeholders = (w.placeholders ?? 0) + 1
    }).observe(document.querySelector('.transcript') as Element, { childList: true, subtree: true })
  })
  await page.keyboard.press('Control+f')
  await page.getByTestId('find-input').fill('zzzznotfound2')
  await expect(page.getByTestId('find-count')).toHaveText('no match', { timeout: 90_000 })
  expect(most).toBeGreaterThan(0)
  expect(most).toBeLessThanOrEqual(6)
  // The items on screen were kept while the read went on to the path's end: none of them
  // turned into a placeholder meanwhile.
  expect(await page.evaluate(() => (window as { placeholders?: number }).placeholders)).toBe(0)
  await expect(page.locator('[data-testid="transcript-entry"][data-index="0"]')).toHaveAttribute(
    'data-entry-id',
    generated.firstId,
  )
  await page.keyboard.press('Escape')
  // The top of the tree: the first entries, then a collapsed run; opening it shows its entries.
  await session.tree.focus()
  await page.keyboard.press('Home')
  const run = session.tree.firstRun()
  await expect(run).toBeVisible()
  await expect(session.treeNode(generated.firstId)).toBeVisible()
  // Ids are a hex counter: the third entry is the first one inside the run.
  await expect(session.treeNode('00000002')).toHaveCount(0)
  await session.tree.toggle(run)
  await expect(session.treeNode('00000002')).toBeVisible()
  await session.screenshot('session-big')
  session.expectClean()
})
