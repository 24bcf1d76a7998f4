/**
 * SessionDigest: what the library keeps of one session file, built incrementally so an
 * appended file is read from its previous end only (issue 4), and JSON-serialisable for
 * the metadata cache. Listing fields follow pi 1.6.0's SessionInfo rules (pi spec 15.1).
 */
import { messageText } from '../session'
import type { SessionEntry, SessionHeader } from '../session'

/** Token and cost figures of one entry that carries usage (assistant, compaction, ...). */
export interface UsageRecord {
  entryId: string
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  /** USD, as recorded by pi (`usage.cost.total`). */
  cost: number
}

/** One searchable text: a user or assistant message (pi spec 15.1 `allMessagesText`). */
export interface TextSegment {
  entryId: string
  role: 'user' | 'assistant'
  text: string
}

/** The incremental digest of one file. Plain data (cached as JSON). */
export interface SessionDigest {
  sessionId: string | null
  cwd: string
  /** Header timestamp in ms; null when missing or unparseable. */
  created: number | null
  parentSession: string | null
  /** Latest session_info name in file order, trimmed; null when unset or cleared (spec 11). */
  name: string | null
  /** First non-empty user message text (spec 15.1). */
  firstMessage: string | null
  /** Newest user/assistant activity in ms (spec 15.1); null when none. */
  lastActivity: number | null
  messageCount: number
  entryCount: number
  /**
   * Entry ids in file order (duplicates kept once), joined with a newline (ids never hold
   * one: a line break would end the JSON line). One string instead of thousands keeps the
   * cache fast to read; it is split only to append or to subtract a fork's history.
   */
  ids: string
  /** Ids some entry names as its parent, joined the same way. */
  parentIds: string
  /** Entries no other entry names as parent: the tips of the branches. */
  leafCount: number
  /** Labels set on entries that exist in the file (pi shows no others, spec 7). */
  labelCount: number
  /** targetId -> label; latest label entry in file order wins, empty clears (spec 7, 10). */
  labels: Record<string, string>
  /** `provider/model` values seen in model changes and assistant messages. */
  models: string[]
  /** Sum of every entry's usage. */
  usageTotals: Omit<UsageRecord, 'entryId'>
  /**
   * Per-entry usage, kept only for sessions with a parent session (forks, branched
   * sessions): their copied history is then subtracted (counted once, in the origin).
   */
  usage: UsageRecord[]
  /** Searchable texts; cached apart from the rest (they are most of a cache's bytes). */
  texts: TextSegment[]
}

/** Starts a digest from a header (null when the file has none). */
export function newDigest(header: SessionHeader | null): SessionDigest {
  const created = header ? Date.parse(String(header.timestamp)) : NaN
  return {
    sessionId: header && header.id !== undefined && header.id !== null ? String(header.id) : null,
    cwd: header && typeof header.cwd === 'string' ? header.cwd : '',
    created: Number.isNaN(created) ? null : created,
    parentSession: header && typeof header.parentSession === 'string' ? header.parentSession : null,
    name: null,
    firstMessage: null,
    lastActivity: null,
    messageCount: 0,
    entryCount: 0,
    ids: '',
    parentIds: '',
    leafCount: 0,
    labelCount: 0,
    labels: {},
    models: [],
    usageTotals: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 },
    usage: [],
    texts: [],
  }
}

type Loose = Record<string, unknown>

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

function addUsage(digest: SessionDigest, entryId: string, usage: unknown): void {
  if (!usage || typeof usage !== 'object') return
  const u = usage as Loose
  const cost = u.cost && typeof u.cost === 'object' ? num((u.cost as Loose).total) : 0
  const record = {
    input: num(u.input),
    output: num(u.output),
    cacheRead: num(u.cacheRead),
    cacheWrite: num(u.cacheWrite),
    cost,
  }
  const totals = digest.usageTotals
  totals.input += record.input
  totals.output += record.output
  totals.cacheRead += record.cacheRead
  totals.cacheWrite += record.cacheWrite
  totals.cost += record.cost
  if (digest.parentSession !== null) digest.usage.push({ entryId, ...record })
}

function addModel(digest: SessionDigest, provider: unknown, model: unknown): void {
  if (typeof model !== 'string' || model === '') return
  const key = typeof provider === 'string' && provider ? `${provider}/${model}` : model
  if (!digest.models.includes(key)) digest.models.push(key)
}

function addMessage(digest: SessionDigest, entry: Loose, id: string, message: Loose): void {
  digest.messageCount += 1
  const role = message.role
  if (role === 'assistant') {
    addModel(digest, message.provider, message.model)
    addUsage(digest, id, message.usage)
  }
  if (role !== 'user' && role !== 'assistant') return
  if (!('content' in message)) return
  const activity =
    typeof message.timestamp === 'number' ? message.timestamp : Date.parse(String(entry.timestamp))
  if (!Number.isNaN(activity)) digest.lastActivity = Math.max(digest.lastActivity ?? 0, activity)
  const text = messageText(message.content)
  if (!text) return
  digest.texts.push({ entryId: id, role, text })
  if (role === 'user' && digest.firstMessage === null) digest.firstMessage = text
}

/**
 * Adds entries (in file order) to the digest. Never throws on odd entries: anything
 * without the expected shape is counted and otherwise ignored.
 */
export function addEntries(digest: SessionDigest, entries: readonly SessionEntry[]): void {
  const known = new Set(splitIds(digest.ids))
  const parents = new Set(splitIds(digest.parentIds))
  const idList: string[] = []
  const parentList: string[] = []
  for (const raw of entries) {
    const entry = raw as unknown as Loose
    const id = typeof entry.id === 'string' ? entry.id : ''
    digest.entryCount += 1
    if (id && !known.has(id)) {
      known.add(id)
      idList.push(id)
    }
    const parentId = entry.parentId
    if (typeof parentId === 'string' && parentId !== id && !parents.has(parentId)) {
      parents.add(parentId)
      parentList.push(parentId)
    }
    addEntry(digest, entry, id)
  }
  digest.ids = joinIds(digest.ids, idList)
  digest.parentIds = joinIds(digest.parentIds, parentList)
  let leaves = 0
  for (const id of known) if (!parents.has(id)) leaves += 1
  digest.leafCount = leaves
  digest.labelCount = Object.keys(digest.labels).filter((target) => known.has(target)).length
}

function addEntry(digest: SessionDigest, entry: Loose, id: string): void {
  switch (entry.type) {
    case 'message':
      if (entry.message && typeof entry.message === 'object') {
        addMessage(digest, entry, id, entry.message as Loose)
      } else digest.messageCount += 1
      break
    case 'session_info': {
      const name = typeof entry.name === 'string' ? entry.name.trim() : ''
      digest.name = name === '' ? null : name
      break
    }
    case 'label':
      if (typeof entry.targetId !== 'string') break
      if (typeof entry.label === 'string' && entry.label !== '') {
        digest.labels[entry.targetId] = entry.label
      } else delete digest.labels[entry.targetId]
      break
    case 'model_change':
      addModel(digest, entry.provider, entry.modelId)
      break
    case 'compaction':
    case 'branch_summary':
    case 'usage':
      addUsage(digest, id, entry.usage)
      if (entry.type === 'usage') addModel(digest, entry.provider, entry.model)
      break
  }
}

/** The ids of a joined id list (see SessionDigest.ids). */
export function splitIds(joined: string): string[] {
  return joined === '' ? [] : joined.split('\n')
}

function joinIds(joined: string, more: string[]): string {
  if (more.length === 0) return joined
  return joined === '' ? more.join('\n') : `${joined}\n${more.join('\n')}`
}
