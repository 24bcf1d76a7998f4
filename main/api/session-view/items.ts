/**
 * One planned path entry -> the contract's PathItem (what the transcript renders): bodies by
 * entry type and message role (pi spec 2.3), usage per assistant message, tool pairing.
 */
import type { ItemBody, PathItem, UsageView } from '../../../preload/contract/session-view'
import { blocksSize, toBlocks, type ContentOwner } from './blocks'
import { addUsage, emptyUsage } from './overview'
import type { PathPlan, PlanItem } from './path'
import { entryTime } from './rows'
import type { SessionEntry, ViewSource } from './source'
import { cleanText, jsonPreview, str } from './text'

type Rec = Record<string, unknown>

function usageOf(value: unknown): UsageView | undefined {
  if (!value || typeof value !== 'object') return undefined
  const total = emptyUsage()
  addUsage(total, value)
  return total
}

function unknownBody(label: string, value: unknown): ItemBody {
  return { kind: 'unknown', label, json: cleanText(jsonPreview(value, 20_000)) }
}

function messageBody(m: Rec, owner: ContentOwner, plan: PathPlan): ItemBody {
  const blocks = () => toBlocks(m.content, owner, plan.results)
  switch (m.role) {
    case 'user':
      return { kind: 'user', content: blocks() }
    case 'assistant':
      return {
        kind: 'assistant',
        content: blocks(),
        provider: str(m.provider),
        model: str(m.model),
        stopReason: str(m.stopReason),
        ...(typeof m.errorMessage === 'string' ? { errorMessage: cleanText(m.errorMessage) } : {}),
        ...(typeof m.thinkingLevel === 'string' ? { thinkingLevel: m.thinkingLevel } : {}),
        ...(m.usage ? { usage: usageOf(m.usage) } : {}),
      }
    case 'toolResult': {
      const call = plan.calls.get(str(m.toolCallId))
      return {
        kind: 'toolResult',
        toolCallId: str(m.toolCallId),
        toolName: str(m.toolName),
        isError: m.isError === true,
        content: blocks(),
        ...(call
          ? {
              call: {
                id: call.id,
                name: call.name,
                args: cleanText(jsonPreview(call.args ?? null, 2000)),
              },
            }
          : {}),
      }
    }
    case 'bashExecution':
      return {
        kind: 'bash',
        command: cleanText(str(m.command)),
        output: cleanText(str(m.output)),
        exitCode: typeof m.exitCode === 'number' ? m.exitCode : null,
        cancelled: m.cancelled === true,
        truncated: m.truncated === true,
        excluded: m.excludeFromContext === true,
        ...(typeof m.fullOutputPath === 'string' ? { fullOutputPath: m.fullOutputPath } : {}),
      }
    case 'custom':
      return {
        kind: 'custom',
        customType: str(m.customType),
        content: blocks(),
        display: m.display !== false,
      }
    case 'system':
      return { kind: 'system', content: blocks() }
    default:
      return unknownBody(`[${str(m.role) || 'no role'}]`, m)
  }
}

function entryBody(item: PlanItem, owner: ContentOwner, plan: PathPlan): ItemBody {
  const e = item.entry as unknown as Rec
  const shown = item.messages?.[0] as Rec | undefined
  switch (item.entry.type) {
    case 'message': {
      const m = (item.messages !== null && shown ? shown : e.message) as Rec | undefined
      return m && typeof m === 'object'
        ? messageBody(m, owner, plan)
        : unknownBody('[message without a message]', e)
    }
    case 'custom_message': {
      const content = item.messages !== null && shown ? shown.content : e.content
      return {
        kind: 'custom',
        customType: str(e.customType),
        content: toBlocks(content, owner, plan.results),
        display: e.display !== false,
      }
    }
    case 'compaction':
      return {
        kind: 'compaction',
        summary: cleanText(str(e.summary)),
        tokensBefore: typeof e.tokensBefore === 'number' ? e.tokensBefore : 0,
        firstKeptEntryId: typeof e.firstKeptEntryId === 'string' ? e.firstKeptEntryId : null,
        fromHook: e.fromHook === true,
        retainedTail: Array.isArray(e.retainedTail) ? e.retainedTail.length : 0,
      }
    case 'branch_summary':
      return { kind: 'branchSummary', summary: cleanText(str(e.summary)), fromId: str(e.fromId) }
    case 'model_change':
      return { kind: 'modelChange', provider: str(e.provider), modelId: str(e.modelId) }
    case 'thinking_level_change':
      return { kind: 'thinkingChange', level: str(e.thinkingLevel) }
    case 'label':
      return { kind: 'label', targetId: str(e.targetId), label: str(e.label) || null }
    case 'session_info':
      return { kind: 'sessionInfo', name: str(e.name).trim() || null }
    case 'usage':
      return {
        kind: 'usage',
        usageKind: str(e.kind),
        model: `${str(e.provider)}/${str(e.model)}`,
        ...(typeof e.note === 'string' ? { note: cleanText(e.note) } : {}),
        ...(e.usage ? { usage: usageOf(e.usage) } : {}),
      }
    case 'context_edit':
      return {
        kind: 'contextEdit',
        targetId: str(e.targetId),
        mode: e.replacement === null ? 'omit' : 'replace',
      }
    case 'custom':
      return { kind: 'customEntry', customType: str(e.customType) }
    default:
      return unknownBody(`[${str(item.entry.type) || 'entry without type'}]`, e)
  }
}

/** Converts one planned entry. */
export function toPathItem(source: ViewSource, plan: PathPlan, item: PlanItem): PathItem {
  const owner: ContentOwner = item.editEntry
    ? { entry: item.editEntry, pos: source.posOf.get(item.editEntry) ?? -1 }
    : { entry: item.entry, pos: item.pos }
  const entry: SessionEntry = item.entry
  return {
    id: typeof entry.id === 'string' ? entry.id : '',
    pos: item.pos,
    line: source.loaded.lines[item.pos] ?? 0,
    type: typeof entry.type === 'string' ? entry.type.slice(0, 60) : 'entry',
    time: entryTime(entry),
    inContext: item.inContext,
    ...(item.edited ? { edited: item.edited } : {}),
    body: entryBody(item, owner, plan),
  }
}

/** Rough size of an item in characters (page budget). */
export function itemSize(item: PathItem): number {
  const b = item.body
  if ('content' in b) return 200 + blocksSize(b.content)
  if (b.kind === 'bash') return 200 + b.output.length + b.command.length
  if (b.kind === 'compaction' || b.kind === 'branchSummary') return 200 + b.summary.length
  if (b.kind === 'unknown') return 200 + b.json.length
  return 200
}
