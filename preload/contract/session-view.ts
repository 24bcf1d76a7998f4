/**
 * The data shapes of one opened session, as the session view and the branch tree receive them
 * from the `session:*` channels (whose table is in `session.ts`).
 *
 * Size rule: `session:open` sends the header facts; the tree rows (one small row per entry, one
 * line of text, no content) travel in pages through `session:get-tree`; full content travels
 * only through `session:get-path`, one window of a path at a time, and images only through
 * `session:get-image`, when they scroll into view.
 * Results are not validated at runtime (main produces them); the schemas type both sides and a
 * unit test checks main's output against them on every fixture.
 */
import { z } from 'zod'
import { OpaqueId } from './common'

/**
 * An entry id as main handed it out: pi writes 8 hex chars or a 36-char UUID (pi spec 4),
 * damaged files may hold anything, so: a short string without control characters.
 */
export const EntryId = z
  .string()
  .min(1)
  .max(128)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]+$/)

/** Position of an entry in file order (index into the file's non-header entries). */
export const EntryPosition = z.number().int().min(0).max(50_000_000)

/** Token usage of one LLM call (pi spec 2.3), as far as the file has it. */
export const UsageView = z.object({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
  totalTokens: z.number(),
  cost: z.number(),
})

/** One diagnostic of a damaged file; `line` is 1-based, 0 = the whole file. */
export const DiagnosticView = z.object({
  line: z.number().int(),
  kind: z.string(),
  message: z.string(),
  /** Damage (the view opens the file read-only), or a finding that is not (main's rule). */
  damage: z.boolean(),
  entryId: z.string().optional(),
})

/**
 * One entry of the file as a branch-tree row (pi spec 8, 15.6). Rows come in display order
 * (pre-order, children as pi's /tree orders them: the branch holding the leaf first, then by
 * timestamp), so every row's parent precedes it.
 */
export const TreeRow = z.object({
  /** Entry id ('' when the entry has none: such damaged entries are still shown). */
  id: z.string(),
  /** File position of the entry (stable across filters; what `get-path` accepts). */
  pos: EntryPosition,
  /**
   * File position of the tree parent's entry; -1 for a root (or an orphan, pi spec 8). A
   * position, not a row index: rows in a new order (pi started a new branch) are the same rows.
   * The parent's row index is `parentRows` (row-parents.ts).
   */
  parentPos: z.number().int(),
  /** Entry type as stored (`message`, `compaction`, ... or an unknown type, shortened). */
  type: z.string(),
  /** Message role for `message` entries. */
  role: z.string().optional(),
  /** pi's /tree prefix: `user:`, `assistant:`, `[bash]:`, `[compaction: 12k tokens]`... */
  head: z.string(),
  /** The rest of pi's /tree text on one line (control characters removed), at most 200 chars. */
  text: z.string(),
  /** Resolved label (latest label entry in file order wins, pi spec 10). */
  label: z.string().optional(),
  /** Entry timestamp, ms since epoch; null when missing or invalid. */
  time: z.number().nullable(),
  /** 1-based physical line in the file. */
  line: z.number().int(),
  /**
   * pi hides assistant messages without text (only tool calls/thinking) unless they are an
   * error/abort or the leaf (pi spec 15.6).
   */
  quiet: z.boolean().optional(),
})

/** A session (or fork) the library knows, for lineage links. */
export const SessionLink = z.object({
  id: OpaqueId,
  title: z.string(),
  fileName: z.string(),
  /** Header timestamp, ms since epoch (a fork's is when it was forked); null when unknown. */
  created: z.number().nullable(),
  messageCount: z.number().int(),
})

/** Totals over every entry of the file (all branches). */
export const SessionStats = z.object({
  entries: z.number().int(),
  messages: z.number().int(),
  /** Leaves of the tree = branches (pi spec 8). */
  branches: z.number().int(),
  roots: z.number().int(),
  labels: z.number().int(),
  compactions: z.number().int(),
  /** `provider/model` ids seen in assistant messages and model changes, first use first. */
  models: z.array(z.string()),
  usage: UsageView,
})

/** `session:open` result: everything the header bar and the branch tree need. */
export const SessionOverview = z.object({
  id: OpaqueId,
  fileName: z.string(),
  /**
   * The header's session id (pi spec 2.1; a damaged header's non-string id as text); null
   * without a header. `id` is the library's opaque id of the file.
   */
  headerId: z.string().nullable(),
  name: z.string().nullable(),
  firstMessage: z.string(),
  cwd: z.string().nullable(),
  created: z.number().nullable(),
  modified: z.number().nullable(),
  /** Format version as stored (`1`, `2` are migrated in memory, pi spec 3). */
  version: z.number(),
  size: z.number().int(),
  /** pi's leaf: the last entry's id (pi spec 5, 7); null when empty or when that entry has no id. */
  leafId: z.string().nullable(),
  /** Position of the entry pi builds its context from (the leaf, or an id-less last entry). */
  leafPos: z.number().int().nullable(),
  /** One sentence when pi would resume with an empty or shortened context, else null. */
  resumeNote: z.string().nullable(),
  /** Tree rows of the file (one per entry); they arrive in pages through `session:get-tree`. */
  rowCount: z.number().int(),
  /**
   * Changes with each read of the file's growth (live follow) and each full re-read: tree
   * pages and follow replies name the revision they belong to.
   */
  revision: z.number().int(),
  /** The file's mtime, ms since epoch (any write: tells a running session). */
  mtimeMs: z.number(),
  diagnostics: z.array(DiagnosticView),
  /** Damaged files open read-only (pi spec 17): no edits are offered. */
  readOnly: z.boolean(),
  readOnlyReason: z.string().nullable(),
  stats: SessionStats,
  /** True when the header names a parent session (resolved by `session:get-lineage`). */
  hasParent: z.boolean(),
})

/**
 * What a page left out of a long text (cut-text.ts): the characters after the part sent, and
 * the line breaks among them. `session:get-path` with `whole` sends the text whole.
 */
export const TextCut = z.object({
  chars: z.number().int().min(1),
  lines: z.number().int().min(0),
})

/** A block of message content, ready to render. */
export const ContentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), cut: TextCut.optional() }),
  z.object({
    type: z.literal('thinking'),
    text: z.string(),
    redacted: z.boolean(),
    cut: TextCut.optional(),
  }),
  z.object({
    type: z.literal('toolCall'),
    id: z.string(),
    name: z.string(),
    /** Arguments as pretty JSON. */
    args: z.string(),
    /** The paired result on this path, when there is one. */
    result: z.object({ id: z.string(), pos: z.number().int(), isError: z.boolean() }).optional(),
  }),
  z.object({
    type: z.literal('image'),
    mimeType: z.string(),
    /** Approximate decoded size in bytes. */
    bytes: z.number().int(),
    /** Where `session:get-image` finds the data: entry position and n-th image in it. */
    pos: z.number().int(),
    index: z.number().int(),
    /** Pixel size from the image header, when it could be read (reserves the box). */
    width: z.number().int().optional(),
    height: z.number().int().optional(),
  }),
  z.object({ type: z.literal('other'), kind: z.string(), json: z.string() }),
])

const Blocks = z.array(ContentBlock)

/** What one path item shows; `kind` follows the entry type and message role (pi spec 2.3). */
export const ItemBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), content: Blocks }),
  z.object({
    kind: z.literal('assistant'),
    content: Blocks,
    provider: z.string(),
    model: z.string(),
    stopReason: z.string(),
    errorMessage: z.string().optional(),
    thinkingLevel: z.string().optional(),
    usage: UsageView.optional(),
  }),
  z.object({
    kind: z.literal('toolResult'),
    toolCallId: z.string(),
    toolName: z.string(),
    isError: z.boolean(),
    content: Blocks,
    /** The call this result answers, when it is on the path. */
    call: z.object({ id: z.string(), name: z.string(), args: z.string() }).optional(),
  }),
  z.object({
    kind: z.literal('bash'),
    command: z.string(),
    output: z.string(),
    /** What the page left out of `output` (TextCut). */
    outputCut: TextCut.optional(),
    exitCode: z.number().nullable(),
    cancelled: z.boolean(),
    truncated: z.boolean(),
    /** `!!` commands: stored but never sent to the model (pi spec 2.3). */
    excluded: z.boolean(),
    fullOutputPath: z.string().optional(),
  }),
  z.object({
    kind: z.literal('custom'),
    customType: z.string(),
    content: Blocks,
    /** `display: false` messages are hidden unless "show hidden". */
    display: z.boolean(),
  }),
  z.object({ kind: z.literal('system'), content: Blocks }),
  z.object({
    kind: z.literal('compaction'),
    summary: z.string(),
    tokensBefore: z.number(),
    firstKeptEntryId: z.string().nullable(),
    fromHook: z.boolean(),
    /** Seed-style self-contained checkpoint (pi spec 12.4): messages it carries. */
    retainedTail: z.number().int(),
  }),
  z.object({ kind: z.literal('branchSummary'), summary: z.string(), fromId: z.string() }),
  z.object({ kind: z.literal('modelChange'), provider: z.string(), modelId: z.string() }),
  z.object({ kind: z.literal('thinkingChange'), level: z.string() }),
  z.object({ kind: z.literal('label'), targetId: z.string(), label: z.string().nullable() }),
  z.object({ kind: z.literal('sessionInfo'), name: z.string().nullable() }),
  z.object({
    kind: z.literal('usage'),
    usageKind: z.string(),
    model: z.string(),
    note: z.string().optional(),
    usage: UsageView.optional(),
  }),
  z.object({
    kind: z.literal('contextEdit'),
    targetId: z.string(),
    mode: z.enum(['omit', 'replace']),
  }),
  z.object({ kind: z.literal('customEntry'), customType: z.string() }),
  /** Unknown entry types / roles, and message entries without a message: shown as JSON. */
  z.object({ kind: z.literal('unknown'), label: z.string(), json: z.string() }),
])

/** One entry of a path, as the transcript shows it. */
export const PathItem = z.object({
  id: z.string(),
  pos: z.number().int(),
  line: z.number().int(),
  type: z.string(),
  time: z.number().nullable(),
  /**
   * False when the model does not see this entry from the selected node: hidden by a
   * compaction (raw view), omitted by a context edit, or contributing no message.
   */
  inContext: z.boolean(),
  /** A context edit on this path replaced or omitted this entry's model content. */
  edited: z.enum(['replaced', 'omitted']).optional(),
  body: ItemBody,
})

/** `session:get-path` result: one window of the path root → entry. */
export const PathPage = z.object({
  targetId: z.string(),
  targetPos: z.number().int(),
  raw: z.boolean(),
  /** Items on the whole path (context view: compaction-aware; raw: every entry). */
  total: z.number().int(),
  offset: z.number().int(),
  items: z.array(PathItem),
  /** Entries of the full path that the model does not see (compacted away). */
  compactedAway: z.number().int(),
  /** Messages the model receives from here (pi spec 12). */
  contextMessages: z.number().int(),
  thinkingLevel: z.string(),
  model: z.string().nullable(),
  /**
   * With `branch`: index in the path of the named entry; null when the path does not show it
   * (the model's view of a path whose later compaction summarises it).
   */
  focusIndex: z.number().int().nullable().optional(),
})

/** `session:get-lineage` result: parent session and forks found in the library. */
export const SessionLineage = z.object({
  /** The header's parentSession as a library session; null when not in the library. */
  parent: SessionLink.nullable(),
  /** The header's parentSession file name when the file is not in the library. */
  missingParent: z.string().nullable(),
  forks: z.array(SessionLink),
})

/** `session:get-image` result: one base64 image (png, jpeg, gif or webp only). */
export const ImageData = z.object({ mimeType: z.string(), data: z.string() })

export type TreeRow = z.output<typeof TreeRow>
export type SessionOverview = z.output<typeof SessionOverview>
export type SessionStats = z.output<typeof SessionStats>
export type UsageView = z.output<typeof UsageView>
export type DiagnosticView = z.output<typeof DiagnosticView>
export type ContentBlock = z.output<typeof ContentBlock>
export type TextCut = z.output<typeof TextCut>
export type ItemBody = z.output<typeof ItemBody>
export type PathItem = z.output<typeof PathItem>
export type PathPage = z.output<typeof PathPage>
export type SessionLink = z.output<typeof SessionLink>
export type SessionLineage = z.output<typeof SessionLineage>
export type ImageData = z.output<typeof ImageData>
