/**
 * The path from the root to a selected entry, as the model sees it from there (pi 1.6.0
 * projection, pi spec 12.3: latest compaction first, kept entries, context edits applied) or
 * raw (every entry of the path, marked when the model does not see it). Computed once per
 * (file load, entry, view) and paged out by `page.ts`.
 */
import { contextSettings, entryToContextMessages, projectPath } from '../../session'
import type { AgentMessage, SessionEntry, ViewSource } from './source'
import { pathTo, yieldNow } from './source'

/** One entry of a planned path. */
export interface PlanItem {
  entry: SessionEntry
  pos: number
  /** Messages the model gets from the entry (context view, edits applied); null = as stored. */
  messages: AgentMessage[] | null
  inContext: boolean
  edited?: 'replaced' | 'omitted'
  /** The context_edit whose replacement content is shown (owner of its images). */
  editEntry?: SessionEntry
}

/** A tool result as its call sees it. */
export interface ResultRef {
  id: string
  pos: number
  isError: boolean
}

/** A tool call as its result sees it. */
export interface CallRef {
  id: string
  name: string
  args: unknown
}

/** A computed path, ready to page. */
export interface PathPlan {
  target: SessionEntry
  targetPos: number
  raw: boolean
  items: PlanItem[]
  compactedAway: number
  contextMessages: number
  thinkingLevel: string
  model: string | null
  /** pi's model setting at the target (pi spec 12.1), as the projection gives it. */
  modelSetting: ModelSetting
  /** Tool results on the path by tool call id, and tool calls by id (pairing, both ways). */
  results: Map<string, ResultRef>
  calls: Map<string, CallRef>
}

interface EditLike {
  targetId?: unknown
  replacement?: unknown
}

type ModelSetting = { provider: string; modelId: string } | null

function pairTools(
  items: readonly PlanItem[],
  results = new Map<string, ResultRef>(),
  calls = new Map<string, CallRef>(),
): Pick<PathPlan, 'results' | 'calls'> {
  for (const { entry, pos } of items) {
    if (entry.type !== 'message') continue
    const m = (entry as { message?: Record<string, unknown> }).message
    if (!m) continue
    if (m.role === 'toolResult' && typeof m.toolCallId === 'string') {
      results.set(m.toolCallId, { id: String(entry.id ?? ''), pos, isError: m.isError === true })
    } else if (m.role === 'assistant' && Array.isArray(m.content)) {
      for (const b of m.content) {
        if (b && typeof b === 'object' && b.type === 'toolCall' && typeof b.id === 'string') {
          calls.set(b.id, { id: b.id, name: String(b.name ?? ''), args: b.arguments })
        }
      }
    }
  }
  return { results, calls }
}

/** The `provider/model` text of a model setting (either part may be missing in odd files). */
function modelText(model: ModelSetting): string | null {
  const parts = [model?.provider, model?.modelId].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  )
  return parts.length > 0 ? parts.join('/') : null
}

/**
 * Plans the path to `target`, yielding to the event loop between its steps (each is one walk
 * of the path: tens of ms on 100,000 entries).
 * @param raw false: the model's view (compaction-aware, edits applied); true: every entry
 */
export async function planPath(
  source: ViewSource,
  target: SessionEntry,
  raw: boolean,
): Promise<PathPlan> {
  const path = pathTo(source, target)
  await yieldNow()
  const projection = projectPath(path)
  await yieldNow()
  const edits = new Map<string, EditLike>()
  for (const { sourceEntry } of projection.entries) {
    if (sourceEntry.type === 'context_edit') {
      const edit = sourceEntry as unknown as EditLike
      if (typeof edit.targetId === 'string') edits.set(edit.targetId, edit)
    }
  }
  const selected = new Map<SessionEntry, { index: number; messages: AgentMessage[] }>()
  projection.entries.forEach((pe, index) =>
    selected.set(pe.sourceEntry, { index, messages: pe.messages }),
  )
  const posOf = (e: SessionEntry) => source.posOf.get(e) ?? -1
  const toItem = (entry: SessionEntry): PlanItem => {
    const pick = selected.get(entry)
    const edit = typeof entry.id === 'string' ? edits.get(entry.id) : undefined
    const item: PlanItem = {
      entry,
      pos: posOf(entry),
      messages: null,
      inContext: pick !== undefined,
    }
    // Only the latest compaction (first of the projection) speaks to the model (pi spec 12.3).
    if (pick && entry.type === 'compaction' && pick.index > 0) item.inContext = false
    if (pick && edit) {
      item.edited = edit.replacement === null ? 'omitted' : 'replaced'
      if (item.edited === 'omitted') item.inContext = false
      else if (!raw) {
        item.messages = pick.messages
        item.editEntry = edit as unknown as SessionEntry
      }
    } else if (pick && !raw) item.messages = pick.messages
    return item
  }
  const items = raw ? path.map(toItem) : projection.entries.map((pe) => toItem(pe.sourceEntry))
  await yieldNow()
  return {
    target,
    targetPos: posOf(target),
    raw,
    items,
    compactedAway: path.length - projection.entries.length,
    contextMessages: projection.messages.length,
    thinkingLevel: projection.thinkingLevel,
    model: modelText(projection.model),
    modelSetting: projection.model,
    ...pairTools(items),
  }
}

/** Entry types whose arrival changes what the model sees of earlier entries (pi spec 12.3). */
const RESHAPES = new Set(['compaction', 'context_edit'])

/**
 * The plan of `target`, whose path is `base`'s path plus `added` (in path order, ending at
 * `target`), at the cost of the added entries: each is seen by the model as it contributes
 * (pi spec 12.1), nothing earlier changes. Null when an added entry reshapes the context (a
 * compaction or a context edit): then the whole path is planned again.
 */
export function extendPlan(
  source: ViewSource,
  base: PathPlan,
  added: readonly SessionEntry[],
  target: SessionEntry,
): PathPlan | null {
  if (added.some((e) => RESHAPES.has(String(e.type)))) return null
  const posOf = (e: SessionEntry) => source.posOf.get(e) ?? -1
  let messages = 0
  const more: PlanItem[] = added.map((entry) => {
    const own = entryToContextMessages(entry)
    messages += own.length
    return { entry, pos: posOf(entry), messages: base.raw ? null : own, inContext: true }
  })
  const settings = contextSettings(added, {
    thinkingLevel: base.thinkingLevel,
    model: base.modelSetting,
  })
  return {
    target,
    targetPos: posOf(target),
    raw: base.raw,
    items: base.items.concat(more),
    compactedAway: base.compactedAway,
    contextMessages: base.contextMessages + messages,
    thinkingLevel: settings.thinkingLevel,
    model: modelText(settings.model),
    modelSetting: settings.model,
    ...pairTools(more, new Map(base.results), new Map(base.calls)),
  }
}
