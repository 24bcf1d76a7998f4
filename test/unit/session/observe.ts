/**
 * Turns our SessionManager's answers into the shapes expected.json records for pi
 * (test/fixtures/pi-sessions/expected.json, "howToRead"), so the two compare with deepEqual.
 */
import { createHash } from 'node:crypto'
import type { SessionManager, SessionTreeNode, SessionEntry } from '../../../main/session/index.js'

/** expected.json's message hash: sha256 over JSON with sorted keys, undefined dropped; 16 hex. */
export function messageHash(message: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(message)))
    .digest('hex')
    .slice(0, 16)
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical)
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[key]
      if (x !== undefined) out[key] = canonical(x)
    }
    return out
  }
  return v
}

/** Drops undefined-valued keys, as the recorded JSON does. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** First position of each id in the entries (expected.json's `parentIdx` / `leafIdx` rule). */
export function firstIndex(entries: readonly SessionEntry[]): Map<string, number> {
  const map = new Map<string, number>()
  entries.forEach((e, i) => {
    if (typeof e.id === 'string' && !map.has(e.id)) map.set(e.id, i)
  })
  return map
}

/** The `entries` step. */
export function observeEntries(m: SessionManager) {
  const entries = m.getEntries()
  const idx = firstIndex(entries)
  // Labels as shown: only for ids that exist (a label naming no entry is never shown).
  const labels: Record<string, string> = {}
  for (const e of entries) {
    const label = typeof e.id === 'string' ? m.getLabel(e.id) : undefined
    if (label !== undefined) labels[e.id] = label
  }
  const leafId = m.getLeafId()
  return plain({
    ok: true,
    entryCount: entries.length,
    entries: entries.map((e, i) => ({
      i,
      id: e.id,
      type: e.type,
      parentId: e.parentId,
      parentIdx:
        e.parentId === null || e.parentId === undefined ? null : (idx.get(e.parentId) ?? 'missing'),
      role: e.type === 'message' ? (e as { message: { role: string } }).message.role : undefined,
    })),
    leafId,
    leafIdx: leafId === null ? null : (idx.get(leafId) ?? null),
    labels,
    sessionName: m.getSessionName() ?? null,
  })
}

interface ObservedNode {
  id?: string
  i: number
  label?: string
  labelTimestamp?: string
  children?: ObservedNode[]
}

/** The `tree` step: node `i` = position of the node's entry; leaves in a pop-order walk. */
export function observeTree(m: SessionManager) {
  const entries = m.getEntries()
  const position = new Map<SessionEntry, number>()
  entries.forEach((e, i) => position.set(e, i))
  const roots = m.getTree()
  let nodeCount = 0
  // Iterative conversion: the trees can be 50k deep.
  const convert = (root: SessionTreeNode): ObservedNode => {
    const out: ObservedNode = { id: root.entry.id, i: position.get(root.entry) as number }
    const stack: [SessionTreeNode, ObservedNode][] = [[root, out]]
    while (stack.length > 0) {
      const [node, o] = stack.pop() as [SessionTreeNode, ObservedNode]
      nodeCount++
      if (node.label !== undefined) o.label = node.label
      if (node.labelTimestamp !== undefined) o.labelTimestamp = node.labelTimestamp
      if (node.children.length > 0) {
        o.children = node.children.map((c) => ({
          id: c.entry.id,
          i: position.get(c.entry) as number,
        }))
        node.children.forEach((c, k) =>
          stack.push([c, (o.children as ObservedNode[])[k] as ObservedNode]),
        )
      }
    }
    return out
  }
  const tree = roots.map(convert)
  const leaves: (string | null)[] = []
  const walk = [...roots]
  while (walk.length > 0) {
    const node = walk.pop() as SessionTreeNode
    if (node.children.length === 0) leaves.push(node.entry.id ?? null)
    else walk.push(...node.children)
  }
  return plain({ ok: true, roots: roots.length, nodeCount, tree, leaves })
}

/** The `context` step (roles, hashes, settings) for the manager's current leaf. */
export function observeContext(m: SessionManager) {
  const ctx = m.buildSessionContext()
  return {
    roles: ctx.messages.map((x) => x.role),
    hashes: ctx.messages.map(messageHash),
    thinkingLevel: ctx.thinkingLevel,
    model: ctx.model,
  }
}

/** The `contextEntries` step. */
export function observeContextEntries(m: SessionManager) {
  return plain({
    ok: true,
    contextEntryIds: m.buildContextEntries().map((e) => e.id),
    projection: m.buildSessionProjection().entries.map((p) => ({
      id: p.sourceEntry.id,
      type: p.sourceEntry.type,
      messages: p.messages.length,
    })),
  })
}

/** The `contextByLeaf` step for the given leaf ids (moves the manager's leaf). */
export function observeContextByLeaf(m: SessionManager, leaves: string[]) {
  const byLeaf: Record<string, unknown> = {}
  for (const leaf of leaves) {
    // An id-less tree leaf was recorded as "undefined": pi's context then uses the last entry
    // (pi spec 12.1).
    const entries = m.getEntries()
    m.branch(leaf === 'undefined' ? (entries[entries.length - 1]?.id as string) : leaf)
    const ctx = observeContext(m)
    byLeaf[leaf] = plain({
      branch: m.getBranch().map((e) => e.id),
      ...ctx,
      contextEntryIds: m.buildContextEntries().map((e) => e.id),
    })
  }
  return { ok: true, byLeaf }
}
