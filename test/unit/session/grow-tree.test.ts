/**
 * A tree grown by appended entries (`growForest`) is the tree a fresh build over all the
 * entries makes (pi spec 8: roots in file order, children by timestamp, stable; spec 10:
 * labels), or the growth declines and leaves the tree as it was.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import {
  buildForestSteps,
  flattenTree,
  growForest,
  loadSessionFileSync,
  type EntryForest,
  type SessionEntry,
  type SessionTreeNode,
} from '../../../main/session/index.js'
import { SessionState } from '../../../main/session/state.js'

/** The state pi's index keeps over `entries` (labels, id positions). */
function stateOf(entries: readonly SessionEntry[]): SessionState {
  const state = new SessionState()
  state.reset(null, entries.slice())
  return state
}

function forestOf(entries: readonly SessionEntry[]): EntryForest {
  const steps = buildForestSteps(stateOf(entries))
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** The tree as rows: each entry by its position in `entries`, its depth and its label. */
function shape(roots: readonly SessionTreeNode[], entries: readonly SessionEntry[]): unknown[] {
  const position = new Map(entries.map((e, i) => [e, i]))
  return flattenTree(roots).map((r) => [
    position.get(r.node.entry),
    r.depth,
    r.node.label ?? null,
    r.node.labelTimestamp ?? null,
  ])
}

/** Grows a tree of the first `from` entries by the rest; null when the growth declined. */
function grown(entries: readonly SessionEntry[], from: number): unknown[] | null {
  const forest = forestOf(entries.slice(0, from))
  const before = shape(forest.roots, entries)
  if (!growForest(forest, stateOf(entries))) {
    assert.deepEqual(shape(forest.roots, entries), before, 'a declined growth changes nothing')
    return null
  }
  return shape(forest.roots, entries)
}

/** Asserts that a tree grown from each split at `first` or later is the tree of all `entries`. */
function growsLikeAFreshBuild(entries: readonly SessionEntry[], first: number): void {
  const full = shape(forestOf(entries).roots, entries)
  for (let from = first; from < entries.length; from++)
    assert.deepEqual(grown(entries, from), full, `from ${from}`)
}

const at = (s: number) => new Date(Date.UTC(2026, 0, 5, 14, 0, s)).toISOString()

function message(id: string, parentId: string | null, s: number): SessionEntry {
  return {
    type: 'message',
    id,
    parentId,
    timestamp: at(s),
    message: { role: 'user', content: id, timestamp: 0 },
  } as SessionEntry
}

function label(id: string, parentId: string, targetId: string, text: string, s: number) {
  return { type: 'label', id, parentId, targetId, label: text, timestamp: at(s) } as SessionEntry
}

const chain = (n: number) =>
  Array.from({ length: n }, (_, i) => message(`e${i}`, i === 0 ? null : `e${i - 1}`, i))

test('entries continuing the leaf, a new branch and a new root join as a fresh build places them', () => {
  const entries = [
    ...chain(6),
    message('n1', 'e5', 10),
    // A new branch from an early entry, then pi's answer on it.
    message('b1', 'e1', 11),
    message('b2', 'b1', 12),
    message('r1', null, 13),
  ]
  growsLikeAFreshBuild(entries, 1)
})

test('a sibling goes where the stable sort by timestamp puts it: after equal times, before later ones', () => {
  const entries = [
    ...chain(3),
    message('late', 'e1', 50),
    message('same', 'e1', 2),
    // Written later, stamped earlier than its siblings (another machine's clock).
    message('early', 'e1', 1),
    message('same2', 'e1', 2),
  ]
  growsLikeAFreshBuild(entries, 3)
})

test('label entries relabel their targets, old or new, and an empty label clears one', () => {
  const entries = [
    ...chain(4),
    label('l1', 'e3', 'e1', 'start', 5),
    message('m1', 'l1', 6),
    label('l2', 'm1', 'e1', '', 7),
    label('l3', 'l2', 'm2', 'ahead', 8),
    message('m2', 'l3', 9),
    label('l4', 'm2', 'e2', 'kept', 10),
  ]
  growsLikeAFreshBuild(entries, 4)
})

test('it declines what would change the entries it holds', () => {
  // An orphan (its parent missing) whose parent is then appended would move under it.
  const orphan = [...chain(2), message('o1', 'later', 2), message('later', 'e1', 3)]
  assert.equal(grown(orphan, 3), null)
  // An id appended again takes the children of the entry that held it.
  assert.equal(grown([...chain(3), message('e1', 'e2', 4)], 3), null)
  // A sibling without a time: pi's comparator is then not an order.
  const undated = { ...message('u1', 'e1', 0), timestamp: 'not a time' } as SessionEntry
  assert.equal(grown([...chain(3), undated], 3), null)
  assert.equal(grown([...chain(3), undated, message('after', 'e1', 9)], 4), null)
  // A label on an id two entries share names both their nodes.
  const shared = [...chain(2), message('e0', 'e1', 2), label('l1', 'e0', 'e0', 'which', 3)]
  assert.equal(grown(shared, 3), null)
  // Entries that do not begin with the tree's own.
  const forest = forestOf(chain(3))
  assert.equal(growForest(forest, stateOf([message('x', null, 0), ...chain(3).slice(1)])), false)
})

test('for every fixture pi wrote, a tree grown from any point is the tree of the whole file', () => {
  const root = join(import.meta.dirname, '../../fixtures/pi-sessions')
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(root, f))
    .filter((f) => statSync(f).isFile() && statSync(f).size < 2_000_000)
  assert.ok(files.length > 20, 'the fixtures are there')
  let joined = 0
  for (const file of files) {
    const entries = loadSessionFileSync(file).entries
    const full = shape(forestOf(entries).roots, entries)
    // Every split of small files; about 40 of larger ones.
    const step = Math.max(1, Math.floor(entries.length / 40))
    for (let from = 0; from < entries.length; from += step) {
      const got = grown(entries, from)
      if (got === null) continue
      joined++
      assert.deepEqual(got, full, `${file} from ${from}`)
    }
  }
  assert.ok(joined > 100, `growths that joined: ${joined}`)
})
