/**
 * First paint from the end: the newest items of pi's active path read from the last bytes of a
 * large file, before the whole file is parsed. pi resumes at the file's last entry (pi spec 7)
 * and every entry's parent was written before it, so the end of the active path lies in the
 * file's tail. What the tail settles exactly is given; anything it cannot (a path that leaves
 * the tail too soon, a damaged or unfinished end, a legacy file that pi migrates) is refused
 * with the reason, and the view waits for the full parse. Reading never writes (pi spec 17).
 */
import { stat } from 'node:fs/promises'
import { wholeReadEnd } from '../../library/landed'
import type { PathItem } from '../../../preload/contract/session-view'
import type { EntryNaming, TailPreview } from '../../../preload/contract/session-live'
import { CURRENT_SESSION_VERSION, SessionLineParser, finishParse } from '../../session'
import { cutItem } from './cut-text'
import { toPathItem } from './items'
import { planPath, type PathPlan } from './path'
import { collectCalls } from './row-text'
import { toRow } from './rows'
import { pathTo, readRange, type SessionEntry, type ViewSource } from './source'

/** Most bytes read from the end of the file. */
export const TAIL_BYTES = 2 * 1024 * 1024
/**
 * Bytes read first: a window's worth of items nearly always lies in the last 256 KB, and a
 * 2 MB tail costs eight times the parse (14 ms against 2 ms here) on the cores the window
 * needs for its first paint. The tail grows to {@link TAIL_BYTES} when it cannot settle them.
 */
export const FIRST_TAIL_BYTES = 256 * 1024
/** Items of the newest page shown: a window's worth (each costs a markdown render). */
export const PREVIEW_ITEMS = 12
/** Fewer settled items than this (with the root not reached) is not worth a first paint. */
export const MIN_ITEMS = 8
/** Longest header line looked for (bytes). */
const HEADER_BYTES = 64 * 1024

/** Options of {@link peekTail} (tests use small tails). */
export interface PeekOptions {
  /** Most bytes read from the end (default {@link TAIL_BYTES}). */
  tailBytes?: number
  items?: number
}

/** The refusals a longer tail may not give (the others it would give as well). */
const SHORT_LINE = 'no whole line in the tail'
const SHORT_BRANCH = 'the active branch leaves the part of the file read'

const refuse = (reason: string, bytes: number): TailPreview => ({
  items: [],
  leafId: null,
  reason,
  bytes,
})

/** The header line's end (index of its newline), or -1 when it is not a current pi header. */
function currentHeaderEnd(head: Buffer): number {
  const nl = head.indexOf(0x0a)
  if (nl < 0) return -1
  try {
    const header = JSON.parse(
      head
        .subarray(0, nl)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    ) as {
      type?: unknown
      version?: unknown
    }
    return header?.type === 'session' && header.version === CURRENT_SESSION_VERSION ? nl : -1
  } catch {
    return -1
  }
}

/** A view source over the tail's entries alone; positions are unknown (-1). */
function tailSource(entries: SessionEntry[]): ViewSource {
  const byId = new Map<string, SessionEntry>()
  const posOf = new Map<SessionEntry, number>()
  for (const entry of entries) {
    posOf.set(entry, -1)
    if (typeof entry.id === 'string') byId.set(entry.id, entry)
  }
  return { entries, byId, posOf, loaded: { lines: [] } } as unknown as ViewSource
}

/**
 * Index of the first plan item the tail settles exactly. Without a compaction on the tail's
 * path, its items are the full path's last ones, except a tool result whose call lies before
 * the tail (its pairing is unknown). With one, pi's context starts at the latest compaction
 * (pi spec 12.3): exact when its kept entries are in the tail (or it carries its own), else
 * only the entries after it.
 */
function firstSettled(plan: PathPlan, path: readonly SessionEntry[]): number {
  const items = plan.items
  let latest = -1
  for (let i = items.length - 1; i >= 0 && latest < 0; i--)
    if (items[i]?.entry.type === 'compaction') latest = i
  if (latest >= 0) {
    const compaction = items[latest]?.entry as {
      firstKeptEntryId?: unknown
      retainedTail?: unknown
    }
    const keptInTail =
      Array.isArray(compaction.retainedTail) ||
      path.some((e) => e.id === compaction.firstKeptEntryId)
    if (keptInTail) return 0
    return latest + 1
  }
  let first = 0
  items.forEach((item, i) => {
    const m = (item.entry as { message?: { role?: unknown; toolCallId?: unknown } }).message
    if (m?.role === 'toolResult' && !plan.calls.has(String(m.toolCallId))) first = i + 1
  })
  return first
}

/** Fields by which an entry points at another one that the view names (pi spec 10, 12, 14.7). */
const POINTERS = ['targetId', 'fromId', 'firstKeptEntryId'] as const

/**
 * What the tree's rows (rows.ts) say of the entries in the tail (`source`) that `entries` point
 * at; a target before the tail has nothing.
 */
function targetRows(source: ViewSource, entries: readonly SessionEntry[]): EntryNaming[] {
  const calls = collectCalls(source.entries)
  const rows = new Map<string, EntryNaming>()
  for (const entry of entries)
    for (const key of POINTERS) {
      const id = (entry as Record<string, unknown>)[key]
      const target = typeof id === 'string' ? source.byId.get(id) : undefined
      if (!target || rows.has(id as string)) continue
      const { type, role, text } = toRow(target, 0, -1, 0, undefined, calls)
      rows.set(id as string, { id: id as string, type, text, ...(role ? { role } : {}) })
    }
  return [...rows.values()]
}

/**
 * Reads the end of a session file and returns the newest items of pi's active path (the
 * model's view), or none with the reason when the tail cannot settle them.
 * @throws the fs error when the file cannot be read
 */
export async function peekTail(path: string, options: PeekOptions = {}): Promise<TailPreview> {
  const most = options.tailBytes ?? TAIL_BYTES
  const wanted = options.items ?? PREVIEW_ITEMS
  const facts = await stat(path)
  // A line pi is still writing is left out, as the full read leaves it out (source.ts).
  const size = (await wholeReadEnd(path, facts)) ?? facts.size
  const head = await readRange(path, 0, Math.min(size, HEADER_BYTES))
  const headerEnd = currentHeaderEnd(head)
  if (headerEnd < 0) return refuse('the file does not start with a current pi header', 0)
  const first = Math.min(FIRST_TAIL_BYTES, most)
  const peek = await peekFrom(path, size, headerEnd, first, wanted)
  // A tail that reached the header read the whole file; else one that settled a window's
  // worth is enough. Anything else is asked again of the largest tail.
  const whole = size - (headerEnd + 1) <= first
  if (first === most || whole || (peek.reason === null && peek.items.length >= wanted)) return peek
  if (peek.reason !== null && peek.reason !== SHORT_LINE && peek.reason !== SHORT_BRANCH)
    return peek
  return peekFrom(path, size, headerEnd, most, wanted)
}

/** {@link peekTail} with the last `tailBytes` of a file of `size` bytes. */
async function peekFrom(
  path: string,
  size: number,
  headerEnd: number,
  tailBytes: number,
  wanted: number,
): Promise<TailPreview> {
  const from = Math.max(headerEnd + 1, size - tailBytes)
  const bytes = await readRange(path, from, size - from)
  // Start at a line start: after the header, or after the first line break of the tail.
  const skip = from === headerEnd + 1 ? 0 : bytes.indexOf(0x0a) + 1
  // No line break in it, or only the one that ends the line it starts inside.
  const partOfOneLine = skip === 0 || skip === bytes.length
  if (partOfOneLine && from !== headerEnd + 1) return refuse(SHORT_LINE, bytes.length)
  const parser = new SessionLineParser({ continuation: true })
  parser.push(bytes.subarray(skip))
  const more = finishParse(parser.end(), true, from + skip)
  if (more.diagnostics.length > 0 || !more.endsWithNewline)
    return refuse('the end of the file is damaged or still being written', bytes.length)
  const leaf = more.entries[more.entries.length - 1]
  if (!leaf || typeof leaf.id !== 'string' || leaf.id === '')
    return refuse('the last entry has no id', bytes.length)
  const source = tailSource(more.entries)
  const path_ = pathTo(source, leaf)
  const plan = await planPath(source, leaf, false)
  const rooted = path_[0] !== undefined && (path_[0].parentId ?? null) === null
  const first = rooted ? 0 : firstSettled(plan, path_)
  const settled = plan.items.length - first
  if (!rooted && settled < MIN_ITEMS) return refuse(SHORT_BRANCH, bytes.length)
  const start = Math.max(first, plan.items.length - wanted)
  const items: PathItem[] = []
  const shown: SessionEntry[] = []
  for (let i = start; i < plan.items.length; i++) {
    const item = plan.items[i] as PathPlan['items'][number]
    items.push(cutItem(toPathItem(source, plan, item)))
    shown.push(item.entry)
  }
  const targets = targetRows(source, shown)
  const fromStart = rooted && start === 0
  return { items, leafId: leaf.id, reason: null, bytes: bytes.length, targets, fromStart }
}
