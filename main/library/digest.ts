/**
 * SessionDigest: what the library folds out of one session file, built incrementally so an
 * appended file is read from its previous end only. The listing fields come from pi's one
 * listing fold (main/session/fold.ts); the digest adds what rows, filters and totals need:
 * entry ids (for branch and label counts), labels, models and usage. Plain data: it is stored
 * in the library index and resumed on the next append.
 */
import { foldListing, startListing, usageCounts, type ListingFold } from '../session'
import type { SessionEntry, SessionHeader } from '../session'
import { addToSlot, type SessionSlots } from '../insights/slots'
import { IdList } from './id-list'
import { otherTexts, type SearchText } from './search-texts'

/** Token totals (pi's Usage fields) and cost in USD (`usage.cost.total`). */
export interface UsageTotals {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  cost: number
}

/** The incremental digest of one file. Plain data. */
export interface SessionDigest {
  /** Whether the file has a header at all (a file without one is damaged). */
  hasHeader: boolean
  /** The header's id (pi spec 2.1); null when there is no header. */
  headerId: string | null
  cwd: string
  parentSession: string | null
  /** pi's listing fields (pi spec 15.1). */
  listing: ListingFold
  entryCount: number
  /**
   * Entry ids in file order (duplicates kept once), joined with a newline (ids never hold
   * one: a line break would end the JSON line). One string instead of thousands keeps the
   * stored digest small to read back; it is split only to append.
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
  /**
   * Usage of the session's own entries. A session with a parent session (fork, branched
   * session) starts with a copy of its origin's history: pi copies those entries with their
   * ids and timestamps before it writes the new header's time (pi spec 14.5, 14.6), so an
   * entry dated no later than the header is copied history, counted once in its origin,
   * whether or not that origin is in the library.
   */
  usage: UsageTotals
  /**
   * The same usage, and the session's own `message` entries, by quarter hour and model
   * (main/insights/slots.ts). An entry without a readable timestamp is dated like the entry
   * before it (the header for the first); usage with no date at all is in `usage` only.
   */
  slots: SessionSlots
  /**
   * The `provider/model` in force: the last one a model change, assistant message or usage
   * entry named ('' before any). Compactions, branch summaries and tool results carry no
   * model of their own; their usage goes to this one.
   */
  model: string
  /** Time of the last entry with a readable timestamp (ms); null before any. */
  lastTime: number | null
  /** Messages with role `user` (pi spec 4.1); 0 for the empty sessions pi leaves behind. */
  userMessages: number
  /** Image blocks in the content of the file's messages (all of them, copied or not). */
  images: number
}

/** Starts a digest from a header (null when the file has none: fields come from its entries). */
export function newDigest(header: SessionHeader | null, headerFirstForPi = true): SessionDigest {
  return {
    hasHeader: header !== null,
    headerId: header && header.id !== undefined && header.id !== null ? String(header.id) : null,
    cwd: header && typeof header.cwd === 'string' ? header.cwd : '',
    parentSession: header && typeof header.parentSession === 'string' ? header.parentSession : null,
    listing: startListing(header, headerFirstForPi),
    entryCount: 0,
    ids: '',
    parentIds: '',
    leafCount: 0,
    labelCount: 0,
    labels: {},
    models: [],
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 },
    slots: {},
    model: '',
    lastTime: null,
    userMessages: 0,
    images: 0,
  }
}

type Loose = Record<string, unknown>

/** The entry's time in ms, or null when its timestamp is missing or unreadable. */
function timeOf(entry: Loose): number | null {
  const stamp = entry.timestamp
  const readable = typeof stamp === 'string' || typeof stamp === 'number'
  const time = readable ? new Date(stamp).getTime() : NaN
  return Number.isNaN(time) ? null : time
}

/** True for an entry a fork copied from its origin (see SessionDigest.usage). */
function isCopiedHistory(digest: SessionDigest, time: number | null): boolean {
  const forkTime = digest.listing.created
  if (digest.parentSession === null || forkTime === null) return false
  return time !== null && time <= forkTime
}

/** The date an entry is counted on (see SessionDigest.slots); null when there is none. */
function dateOf(digest: SessionDigest, time: number | null): number | null {
  if (time !== null) digest.lastTime = time
  return digest.lastTime ?? digest.listing.created
}

/**
 * Counts an own entry's usage (or none) and whether it is a message, at its date, under
 * `model` (the model in force unless the entry names its own).
 */
function addOwn(
  digest: SessionDigest,
  entry: Loose,
  usage: unknown,
  message: boolean,
  model = digest.model,
): void {
  const time = timeOf(entry)
  if (isCopiedHistory(digest, time)) return
  const counts = usageCounts(usage)
  const date = dateOf(digest, time)
  if (counts) {
    const totals = digest.usage
    totals.input += counts.input
    totals.output += counts.output
    totals.cacheRead += counts.cacheRead
    totals.cacheWrite += counts.cacheWrite
    totals.cost += counts.cost
  }
  if (date !== null && (counts || message))
    addToSlot(digest.slots, date, model, counts, message ? 1 : 0)
}

/** Records a model seen; returns its `provider/model` key ('' for none). */
function addModel(
  digest: SessionDigest,
  provider: unknown,
  model: unknown,
  inForce = true,
): string {
  if (typeof model !== 'string' || model === '') return ''
  const key = typeof provider === 'string' && provider ? `${provider}/${model}` : model
  if (inForce) digest.model = key
  if (!digest.models.includes(key)) digest.models.push(key)
  return key
}

function countImages(digest: SessionDigest, message: Loose): void {
  if (!Array.isArray(message.content)) return
  for (const block of message.content as unknown[])
    if (block && typeof block === 'object' && (block as Loose).type === 'image') digest.images += 1
}

/**
 * Adds entries (in file order) to the digest. Never throws on odd entries: anything
 * without the expected shape is counted and otherwise ignored.
 * @param onText receives each searchable text in file order: user/assistant texts (pi spec
 *   15.1) and the other kinds the search covers (search-texts.ts)
 */
export function addEntries(
  digest: SessionDigest,
  entries: readonly SessionEntry[],
  onText?: (text: SearchText) => void,
): void {
  const known = new IdList(digest.ids)
  const parents = new IdList(digest.parentIds)
  // A tip is an id no entry names as parent; a label counts once its target exists. Both
  // counts are kept as entries come, so an append costs what it adds, not the whole list.
  let leaves = digest.leafCount
  let labelled = digest.labelCount
  for (const raw of entries) {
    const entry = raw as unknown as Loose
    const id = typeof entry.id === 'string' ? entry.id : ''
    digest.entryCount += 1
    if (id && !known.has(id)) {
      known.add(id)
      if (!parents.has(id)) leaves += 1
      if (Object.hasOwn(digest.labels, id)) labelled += 1
    }
    const parentId = entry.parentId
    if (typeof parentId === 'string' && parentId !== id && !parents.has(parentId)) {
      parents.add(parentId)
      if (known.has(parentId)) leaves -= 1
    }
    foldListing(digest.listing, raw, onText)
    if (onText) otherTexts(raw, onText)
    const target =
      entry.type === 'label' && typeof entry.targetId === 'string' ? entry.targetId : ''
    const wasLabelled = target !== '' && Object.hasOwn(digest.labels, target)
    addEntry(digest, entry)
    if (target !== '' && wasLabelled !== Object.hasOwn(digest.labels, target) && known.has(target))
      labelled += wasLabelled ? -1 : 1
  }
  digest.ids = known.join()
  digest.parentIds = parents.join()
  digest.leafCount = leaves
  digest.labelCount = labelled
}

function addEntry(digest: SessionDigest, entry: Loose): void {
  switch (entry.type) {
    case 'message': {
      const message = entry.message as Loose | null | undefined
      const loose = message && typeof message === 'object' ? message : null
      if (loose?.role === 'assistant') addModel(digest, loose.provider, loose.model)
      if (loose?.role === 'user') digest.userMessages += 1
      if (loose) countImages(digest, loose)
      // Usage on assistant messages, and on tool results where a tool reports its own.
      const usage = loose?.role === 'assistant' || loose?.role === 'toolResult' ? loose.usage : null
      addOwn(digest, entry, usage, true)
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
      addOwn(digest, entry, entry.usage, false)
      break
    case 'usage': {
      // A usage entry names its own model (e.g. a classifier), not the conversation's.
      const model = addModel(digest, entry.provider, entry.model, false)
      addOwn(digest, entry, entry.usage, false, model || digest.model)
      break
    }
  }
}
