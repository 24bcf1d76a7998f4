/**
 * When pi starts a new branch, the view's rows in the new order are built on the rows before:
 * subtrees whose order cannot have changed are taken over whole. Over many random trees (side
 * branches, siblings out of timestamp order, labels set and cleared, entries live follow
 * appended at the rows' end), the rows are exactly those a fresh open of the file builds.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { growSource } from '../../../main/api/session-view/grow'
import { buildOverview, type OpenedMemo } from '../../../main/api/session-view/overview'
import { loadViewSource, stampOf, type ViewSource } from '../../../main/api/session-view/source'
import { prng } from '../../../bench/generate-session'
import { headerLine, messageLine } from '../../helpers/append'
import { tempDir } from '../../helpers/temp'

/** Writes pi's lines for random entries, each hanging on the one before or, now and then, on any. */
class RandomSession {
  ids: string[] = []
  private n = 0
  constructor(
    private readonly rnd: () => number,
    readonly path: string,
  ) {
    writeFileSync(
      path,
      `${headerLine('019cb000-0000-7000-8000-00000000b0a1', this.at(0), '/work/r')}\n`,
    )
  }

  /** A timestamp: mostly in file order, sometimes earlier (siblings sort by it, pi spec 8). */
  private at(i: number): string {
    const back = this.rnd() < 0.15 ? Math.floor(this.rnd() * 50_000) : 0
    return new Date(Date.UTC(2026, 2, 2) + i * 1000 - back).toISOString()
  }

  private pick(): string {
    return this.ids[Math.floor(this.rnd() * this.ids.length)] as string
  }

  /** Appends `count` entries: a chain on pi's leaf, or branches from older entries too. */
  append(count: number, branching: boolean): void {
    const lines: string[] = []
    for (let k = 0; k < count; k++) {
      const i = ++this.n
      const id = `e${i}`
      const last = this.ids.at(-1) ?? null
      const parent = branching && last !== null && this.rnd() < 0.25 ? this.pick() : last
      if (last !== null && this.rnd() < 0.1) {
        // pi's label entries hang on its leaf; an empty label clears the target's (pi spec 10).
        const label = this.rnd() < 0.3 ? '' : `label ${i}`
        const at = this.at(i)
        lines.push(
          JSON.stringify({
            type: 'label',
            id,
            parentId: last,
            timestamp: at,
            targetId: this.pick(),
            label,
          }),
        )
      } else
        lines.push(messageLine(id, parent, i % 2 ? 'user' : 'assistant', `entry ${i}`, this.at(i)))
      this.ids.push(id)
    }
    appendFileSync(this.path, `${lines.join('\n')}\n`)
  }
}

/** The opened session of `source` as the view core keeps it (core.ts openedOf). */
async function opened(source: ViewSource): Promise<OpenedMemo> {
  const built = buildOverview(source, 'session', 'file.jsonl')
  return { built, view: await built }
}

test('rows in a new order built on the rows before are the rows a fresh open builds', async (t) => {
  const dir = tempDir(t, 'pi-sessions-branch-rows-')
  let reused = 0
  let total = 0
  for (let seed = 1; seed <= 40; seed++) {
    const rnd = prng(seed)
    const session = new RandomSession(rnd, join(dir, `s${seed}.jsonl`))
    session.append(200 + Math.floor(rnd() * 200), true)
    const source = await loadViewSource(session.path)
    const memo = await opened(source)
    // pi continues its leaf: live follow appends those rows at the rows' end.
    session.append(3, false)
    const grown = await growSource(source, memo, await stampOf(session.path))
    assert.equal(grown.kind, 'grown', `seed ${seed}`)
    // Then it branches from older entries (and may label some).
    session.append(1 + Math.floor(rnd() * 6), true)
    const { ids } = session
    appendFileSync(
      session.path,
      `${messageLine(`e${ids.length + 1}`, ids[Math.floor(rnd() * 50)] as string, 'user', 'a new branch', new Date().toISOString())}\n`,
    )
    ids.push(`e${ids.length + 1}`)
    const growth = await growSource(source, memo, await stampOf(session.path))
    assert.equal(growth.kind, 'rebuilt', `seed ${seed}`)
    assert.ok(growth.kind === 'rebuilt' && growth.before, `seed ${seed}: the rows before are kept`)
    const next = await buildOverview(source, 'session', 'file.jsonl', growth.before)
    const fresh = await buildOverview(await loadViewSource(session.path), 'session', 'file.jsonl')
    assert.deepEqual(next.rows, fresh.rows, `seed ${seed}`)
    const held = new Set(growth.before.rows)
    reused += next.rows.filter((row) => held.has(row)).length
    total += next.rows.length
  }
  // Most rows are those before, the same objects: their text was not made again.
  assert.ok(reused > total / 2, `${reused} of ${total} rows reused`)
})
