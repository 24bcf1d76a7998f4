/**
 * `session:open`: header facts, statistics over every entry, diagnostics and the tree rows
 * of one loaded session.
 */
import type {
  SessionOverview,
  SessionStats,
  UsageView,
} from '../../../preload/contract/session-view'
import { resumeNote } from './resume'
import { buildRows } from './rows'
import { yieldNow, type SessionEntry, type ViewSource } from './source'

/** Sums pi Usage objects (pi spec 2.3) defensively: odd files carry odd values. */
export function addUsage(total: UsageView, usage: unknown): void {
  if (!usage || typeof usage !== 'object') return
  const u = usage as Record<string, unknown>
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
  total.input += n(u.input)
  total.output += n(u.output)
  total.cacheRead += n(u.cacheRead)
  total.cacheWrite += n(u.cacheWrite)
  total.totalTokens += n(u.totalTokens)
  const cost = u.cost as Record<string, unknown> | undefined
  total.cost += n(cost?.total)
}

/** An empty usage total. */
export function emptyUsage(): UsageView {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0 }
}

/** Usage carried by one entry: assistant/tool result messages, usage entries, summaries. */
function entryUsage(entry: SessionEntry): unknown {
  const e = entry as { message?: { role?: unknown; usage?: unknown }; usage?: unknown }
  if (entry.type === 'message')
    return e.message?.role === 'assistant' || e.message?.role === 'toolResult'
      ? e.message.usage
      : undefined
  if (entry.type === 'usage' || entry.type === 'compaction' || entry.type === 'branch_summary')
    return e.usage
  return undefined
}

function modelOf(entry: SessionEntry): string | null {
  const e = entry as {
    provider?: unknown
    modelId?: unknown
    message?: { role?: unknown; provider?: unknown; model?: unknown }
  }
  if (entry.type === 'model_change') return `${String(e.provider ?? '')}/${String(e.modelId ?? '')}`
  if (
    entry.type === 'message' &&
    e.message?.role === 'assistant' &&
    typeof e.message.model === 'string'
  ) {
    return `${String(e.message.provider ?? '')}/${e.message.model}`
  }
  return null
}

function computeStats(source: ViewSource, rows: SessionOverview['rows']): SessionStats {
  const usage = emptyUsage()
  const models: string[] = []
  const seen = new Set<string>()
  let messages = 0
  let compactions = 0
  for (const entry of source.entries) {
    if (entry.type === 'message') messages++
    if (entry.type === 'compaction') compactions++
    addUsage(usage, entryUsage(entry))
    const model = modelOf(entry)
    if (model !== null && !seen.has(model)) {
      seen.add(model)
      models.push(model)
    }
  }
  const hasChild = new Uint8Array(rows.length)
  let roots = 0
  let labels = 0
  for (const row of rows) {
    if (row.parent >= 0) hasChild[row.parent] = 1
    else roots++
    if (row.label !== undefined) labels++
  }
  let branches = 0
  for (let i = 0; i < rows.length; i++) if (!hasChild[i]) branches++
  return {
    entries: source.entries.length,
    messages,
    branches,
    roots,
    labels,
    compactions,
    models,
    usage,
  }
}

function finite(ms: number | undefined): number | null {
  return ms !== undefined && Number.isFinite(ms) ? ms : null
}

/**
 * Builds the `session:open` result.
 * @param id the library's opaque id of the session
 * @param fileName the file's base name (shown; never sent back)
 */
export async function buildOverview(
  source: ViewSource,
  id: string,
  fileName: string,
): Promise<SessionOverview> {
  const { loaded, manager, info, entries, leafPos } = source
  const rows = await buildRows(source)
  await yieldNow()
  const header = loaded.header
  const leaf = leafPos >= 0 ? entries[leafPos] : undefined
  // The view opens every damaged file read-only (pi spec 16, 17), not only those pi
  // rejects.
  const damage = loaded.diagnostics.find((d) => d.kind !== 'unknown-type')
  const reason =
    manager.getReadOnlyReason() ??
    (header === null ? 'the file has no session header' : null) ??
    (damage ? `${damage.kind} at line ${damage.line}` : null)
  return {
    id,
    fileName,
    headerId: header ? String(header.id) : null,
    name: info?.name ?? null,
    firstMessage: info?.firstMessage ?? '(no messages)',
    cwd: typeof header?.cwd === 'string' && header.cwd !== '' ? header.cwd : null,
    created: finite(info?.created.getTime()),
    modified: finite(info?.modified.getTime()),
    version: loaded.version,
    size: source.stamp.size,
    leafId: manager.getLeafId(),
    leafPos: leaf ? leafPos : null,
    resumeNote: resumeNote(source),
    rows,
    diagnostics: loaded.diagnostics.map((d) => ({
      line: d.line,
      kind: d.kind,
      message: d.message,
      ...(d.entryId !== undefined ? { entryId: d.entryId } : {}),
    })),
    readOnly: reason !== null,
    readOnlyReason: reason,
    stats: computeStats(source, rows),
    hasParent: typeof header?.parentSession === 'string' && header.parentSession !== '',
  }
}
