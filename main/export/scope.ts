/**
 * What an export covers (the whole session, the active path, or the path to a selected entry)
 * and the document every text format renders from: the session view's own tree rows and path
 * items (main/api/session-view), so an export shows what the transcript shows.
 */
import type { ExportScope } from '../../preload/contract/export'
import type { PathItem, TreeRow, UsageView } from '../../preload/contract/session-view'
import { parentRows } from '../../preload/contract/row-parents'
import { toPathItem } from '../api/session-view/items'
import { addUsage, buildOverview, emptyUsage } from '../api/session-view/overview'
import { resolveTarget } from '../api/session-view/page'
import { planPath } from '../api/session-view/path'
import { pathTo, yieldNow, type SessionEntry, type ViewSource } from '../api/session-view/source'

export type { ExportScope }

/** An export's document: session facts, the tree rows it covers and their items. */
export interface ExportDoc {
  /** Session name, else the first message (what the library shows). */
  title: string
  name: string | null
  /** The header's session id (pi spec 2.1); null without a header. */
  headerId: string | null
  cwd: string | null
  /** ms since epoch; null when unknown. */
  created: number | null
  modified: number | null
  fileName: string
  scope: ExportScope['kind']
  /** Tree rows in display order (pi spec 8), parents first. */
  rows: TreeRow[]
  /** The transcript item of each row (same index), as the session view shows it (raw view). */
  items: PathItem[]
  /**
   * Index in `rows` of the selected entry (the leaf for whole-session and active-path scopes);
   * -1 for a session without entries.
   */
  selected: number
  /** `provider/model` of the assistant messages in the export, first use first. */
  models: string[]
  /** Token usage and cost summed over the exported assistant messages. */
  usage: UsageView
}

/** Placeholder library id for overviews built outside the library (never shown). */
const NO_ID = '0000000000000000'

/**
 * The entry a scope ends at: pi's resume entry for the session and active-path scopes (the
 * file's last entry when pi would resume with an empty context), the named entry otherwise;
 * null for a session without entries.
 * @throws ApiError `not_found` for an unknown entry
 */
export function scopeTarget(source: ViewSource, scope: ExportScope): SessionEntry | null {
  if (scope.kind === 'entry') return resolveTarget(source, scope)
  return source.entries[source.leafPos] ?? source.entries.at(-1) ?? null
}

/** Rows of the entries in `keep` (ancestors always kept, so every parent is among them). */
function keepRows(rows: readonly TreeRow[], keep: ReadonlySet<number>): TreeRow[] {
  return rows.filter((row) => keep.has(row.pos))
}

/** The items of every row: one raw path plan per leaf, each entry converted once. */
async function itemsOf(source: ViewSource, rows: readonly TreeRow[]): Promise<PathItem[]> {
  const hasChild = new Set(parentRows(rows))
  const byPos = new Map<number, PathItem>()
  for (let i = 0; i < rows.length; i++) {
    if (hasChild.has(i)) continue
    const plan = await planPath(source, source.entries[rows[i]!.pos]!, true)
    for (const item of plan.items) {
      if (!byPos.has(item.pos)) byPos.set(item.pos, toPathItem(source, plan, item))
    }
    await yieldNow()
  }
  const items: PathItem[] = []
  for (const r of rows)
    items.push(byPos.get(r.pos) ?? (await lastItem(source, source.entries[r.pos]!)))
  return items
}

/** The item of one entry on its own path (an entry no leaf's path reaches: a damaged tree). */
async function lastItem(source: ViewSource, entry: SessionEntry): Promise<PathItem> {
  const plan = await planPath(source, entry, true)
  return toPathItem(source, plan, plan.items[plan.items.length - 1]!)
}

/** Models and usage of the exported assistant messages. */
function totals(items: readonly PathItem[]): Pick<ExportDoc, 'models' | 'usage'> {
  const models: string[] = []
  const usage = emptyUsage()
  for (const { body } of items) {
    if (body.kind !== 'assistant') continue
    const model = [body.provider, body.model].filter((p) => p !== '').join('/')
    if (model && !models.includes(model)) models.push(model)
    // The item's usage is already a UsageView (cost as a number); addUsage reads pi's shape.
    if (body.usage) addUsage(usage, { ...body.usage, cost: { total: body.usage.cost } })
  }
  return { models, usage }
}

/**
 * Builds the document of `scope` over a loaded session.
 * @param fileName the session file's base name (shown in the export)
 * @throws ApiError `not_found` for an unknown entry
 */
export async function buildExportDoc(
  source: ViewSource,
  fileName: string,
  scope: ExportScope,
): Promise<ExportDoc> {
  const overview = await buildOverview(source, NO_ID, fileName)
  const target = scopeTarget(source, scope)
  const keep =
    scope.kind === 'session' || target === null
      ? new Set(overview.rows.map((r) => r.pos))
      : new Set(pathTo(source, target).map((e) => source.posOf.get(e) ?? -1))
  const rows = keepRows(overview.rows, keep)
  const items = await itemsOf(source, rows)
  const targetPos = target ? (source.posOf.get(target) ?? -1) : -1
  return {
    title: overview.name ?? overview.firstMessage,
    name: overview.name,
    headerId: overview.headerId,
    cwd: overview.cwd,
    created: overview.created,
    modified: overview.modified,
    fileName,
    scope: scope.kind,
    rows,
    items,
    selected: rows.findIndex((r) => r.pos === targetPos),
    ...totals(items),
  }
}

/** Row indices from the root to row `index` (root first). */
export function pathIndices(doc: Pick<ExportDoc, 'rows'>, index: number): number[] {
  const out: number[] = []
  const seen = new Set<number>()
  const parents = parentRows(doc.rows)
  for (let i = index; i >= 0 && i < doc.rows.length && !seen.has(i); i = parents[i]!) {
    seen.add(i)
    out.push(i)
  }
  return out.reverse()
}
