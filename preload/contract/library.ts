/**
 * Schemas of the `library:*` channels: projects, session rows, search and roots. Ids are
 * opaque strings: the renderer never sends a session path (ARCHITECTURE.md rule 5).
 */
import { z } from 'zod'
import { Empty, MAX_BULK, OpaqueId, OperationId } from './common'

/** Something the library could not read, and why (shown to the user, never hidden). */
export const LibraryProblem = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
})

/**
 * Scan progress: `loaded` of `total` files read; `scanning` while a scan runs. The search
 * index holds the texts of `textsIndexed` of `textsTotal` sessions (it catches up after a
 * scan; a search meanwhile covers the indexed ones).
 */
export const LibraryProgress = z.object({
  loaded: z.number().int(),
  total: z.number().int(),
  scanning: z.boolean(),
  textsIndexed: z.number().int(),
  textsTotal: z.number().int(),
  /**
   * Sessions whose tool output, thinking and commands are searchable, of `textsTotal`; null
   * until a search first asks for one of those kinds (they are indexed from then on).
   */
  otherTextsIndexed: z.number().int().nullable(),
})

/** Token totals (pi's Usage fields, summed). */
export const TokenTotals = z.object({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
})

/**
 * A project: the sessions that share one header `cwd` across all roots (pi spec 1.2: the
 * folder name is lossy, so the cwd comes from headers). Sessions without a readable cwd
 * are grouped by their folder and have `cwd: null`.
 */
export const ProjectSummary = z.object({
  id: OpaqueId,
  cwd: z.string().nullable(),
  displayName: z.string(),
  folders: z.array(z.string()),
  sessionCount: z.number().int(),
  /** Sessions with damage or read errors (the unreadable ones among them). */
  damagedCount: z.number().int(),
  /** Sessions that cannot be read at all now (permission denied, not a pi session file...). */
  unreadableCount: z.number().int(),
  /** Newest session activity in the project, ms since epoch (pi spec 15.1 `modified`). */
  lastModified: z.number(),
  messageCount: z.number().int(),
  tokens: TokenTotals,
  /** USD. */
  cost: z.number(),
})

/** Whether a session file read cleanly, read with damage, or could not be read at all. */
export const SessionStatus = z.enum(['ok', 'damaged', 'unreadable'])

/** One session row of the library (pi spec 15.1 SessionInfo plus what the app adds). */
export const LibraryRow = z.object({
  id: OpaqueId,
  projectId: OpaqueId,
  /**
   * The header's session id (pi spec 2.1, what pi calls the session id); null when the header
   * is missing. Not to be confused with `id`, the library's opaque id of the file.
   */
  headerId: z.string().nullable(),
  fileName: z.string(),
  cwd: z.string().nullable(),
  name: z.string().nullable(),
  firstMessage: z.string(),
  /** ms since epoch; null when the header timestamp is missing or invalid. */
  created: z.number().nullable(),
  /** Last user/assistant activity, ms since epoch (pi spec 15.1). */
  modified: z.number(),
  messageCount: z.number().int(),
  entryCount: z.number().int(),
  /** Leaves of the entry tree. */
  branchCount: z.number().int(),
  labelCount: z.number().int(),
  models: z.array(z.string()),
  /** Usage of this session's own entries (history a fork copied is counted in its origin). */
  tokens: TokenTotals,
  cost: z.number(),
  /** The parent session's id when the header's `parentSession` is in the library. */
  parentId: OpaqueId.nullable(),
  /** The header's `parentSession` file name, also when that file is not in the library. */
  parentFileName: z.string().nullable(),
  /** The parent session's title (its name, else its first message) when it is in the library. */
  parentTitle: z.string().nullable(),
  forkIds: z.array(OpaqueId),
  size: z.number().int(),
  /** The file's mtime, ms since epoch (any write, not only messages). */
  fileModified: z.number(),
  status: SessionStatus,
  /** Would pi 1.6.0's own listing show this session? */
  listedByPi: z.boolean(),
  diagnosticCount: z.number().int(),
  /** A short human account of the damage or read error, when status is not ok. */
  problem: z.string().nullable(),
  /** Messages with role `user`; 0 for an empty session (pi leaves these behind). */
  userMessageCount: z.number().int(),
  /** Image blocks in the session's messages. */
  imageCount: z.number().int(),
  /** Starred by the user in this app (kept in the app's data, never in the session file). */
  starred: z.boolean(),
  /** Lies in the app's archive folder (pi no longer lists it; opened read-only). */
  archived: z.boolean(),
})

/** A session row as a query returns it: with its threading depth and search match. */
export const QueryRow = LibraryRow.extend({
  /** Nesting under the parent session in threaded sort (0 elsewhere). */
  depth: z.number().int(),
  /** Text around the first match of a search, or null. */
  snippet: z.string().nullable(),
  /** The entry holding that match, to jump to it; null when the match is not in a message. */
  matchEntryId: z.string().nullable(),
  /**
   * Needs attention: a file pi's own list would not show (no readable header, pi spec 6.2) or
   * a session without a single user message (the empty ones pi leaves behind).
   */
  attention: z.boolean(),
})

export const SessionSort = z.enum([
  'recent',
  'created',
  'name',
  'size',
  'cost',
  'threaded',
  'relevance',
])

/**
 * What a search covers: `messages` is pi's own scope (user/assistant text, pi spec 15.1
 * `allMessagesText`), so a search there finds what pi's picker finds; `tool-output` (tool
 * results and `!` command output), `thinking` (assistant thinking) and `commands` (`!`
 * commands and tool-call arguments such as bash commands and file paths) are the app's own.
 */
export const SearchScope = z.enum(['messages', 'tool-output', 'thinking', 'commands'])

/** Which sessions a query keeps by a mark (starred, archived): only, none, or both. */
export const MarkFilter = z.enum(['any', 'only', 'none'])

/** `library:query-sessions` argument: scope, search text, filters and sort. */
export const SessionQuery = z
  .object({
    /** null = every project. */
    projectId: OpaqueId.nullable(),
    /** pi's query forms: tokens (all required), "exact phrase", re:regex. */
    text: z.string().max(1000).default(''),
    /** The kinds of text the search covers (at least one; the session name, id and cwd always). */
    scopes: z
      .array(SearchScope)
      .min(1)
      .max(SearchScope.options.length)
      .refine((s) => new Set(s).size === s.length, 'each scope at most once')
      .default(['messages']),
    named: z.boolean().default(false),
    labeled: z.boolean().default(false),
    /** Last activity bounds, ms since epoch, inclusive. */
    modifiedFrom: z.number().nullable().default(null),
    modifiedTo: z.number().nullable().default(null),
    /** Exact `provider/model` as listed in rows' `models`. */
    model: z.string().max(300).nullable().default(null),
    /** Only sessions whose last activity is before this time, ms since epoch (exclusive). */
    olderThan: z.number().nullable().default(null),
    /**
     * Only readable sessions without a single user message (the empty ones pi leaves
     * behind); files that cannot be read at all are left to the `damaged` filter.
     */
    empty: z.boolean().default(false),
    /** Only damaged or unreadable sessions. */
    damaged: z.boolean().default(false),
    /** Only sessions whose file is at least this many bytes. */
    minSize: z.number().int().min(0).nullable().default(null),
    /** Only sessions with at least one image. */
    withImages: z.boolean().default(false),
    /** Starred sessions only (`only`), unstarred only (`none`), or both. */
    starred: MarkFilter.default('any'),
    /** Archived sessions only (`only`), none of them (`none`), or both. */
    archived: MarkFilter.default('any'),
    /** Starred sessions before the others, each group in the chosen sort. */
    starredFirst: z.boolean().default(false),
    /** Sessions that need attention (see QueryRow `attention`) after the others, each group sorted. */
    attentionLast: z.boolean().default(false),
    sort: SessionSort.default('recent'),
    limit: z.number().int().min(1).max(100_000).default(100_000),
  })
  .strict()

/**
 * The filters of a session query at their cleared values: what "Clear filters" resets and
 * what the empty list compares with to count the matches filters hid. The project, the
 * starred and archived views, the search text and its scopes and the sort are not filters.
 */
export const CLEARED_FILTERS = {
  named: false,
  labeled: false,
  modifiedFrom: null,
  modifiedTo: null,
  model: null,
  olderThan: null,
  empty: false,
  damaged: false,
  minSize: null,
  withImages: false,
} as const satisfies Partial<z.output<typeof SessionQuery>>

/** `library:query-sessions` result. */
export const SessionQueryResult = z.object({
  rows: z.array(QueryRow),
  /** Rows that matched before `limit` was applied. */
  matched: z.number().int(),
  /** Sessions in scope before search and filters. */
  total: z.number().int(),
  /** Set when the search text could not be used (e.g. an invalid regex). */
  queryError: z.string().nullable(),
  /**
   * What the search matches, as case-insensitive regular expression sources (one per word or
   * phrase, escaped; a `re:` query's own pattern): the renderer marks matches with them.
   */
  searchPatterns: z.array(z.string()),
  /**
   * When nothing matched and filters are set: how many sessions the search alone matches in
   * scope, i.e. how many the filters hid; null otherwise.
   */
  hiddenByFilters: z.number().int().nullable(),
  /** Sessions whose texts are not in the search index yet (a search may miss them). */
  pendingTexts: z.number().int(),
  progress: LibraryProgress,
})

/**
 * `library:select-sessions` result: every session the query matches (not only a page), with
 * the totals the selection bar shows.
 */
export const SessionSelection = z.object({
  ids: z.array(OpaqueId),
  /** Bytes of all selected files. */
  size: z.number().int(),
  /** Selected sessions that are forks (their parent session is in the library). */
  forks: z.number().int(),
  /** Selected sessions that have forks in the library. */
  parents: z.number().int(),
  queryError: z.string().nullable(),
})

/** A session in a selection's description: its title and file size. */
export const SessionBrief = z.object({ sessionId: OpaqueId, title: z.string(), size: z.number() })

/**
 * `library:describe-sessions` result: what a bulk action on these sessions would touch,
 * judged now: totals, forks whose parent would go, and the sessions that seem to be running
 * in pi (left out unless included one by one), with the reason.
 */
export const SessionsDescription = z.object({
  count: z.number().int(),
  size: z.number().int(),
  forks: z.number().int(),
  parents: z.number().int(),
  /** Forks outside the selection whose parent session is in it. */
  orphanedForks: z.number().int(),
  running: z.array(SessionBrief.extend({ reason: z.string() })),
  /** The first sessions of the selection, to name them. */
  sample: z.array(SessionBrief),
})

/** `library:star-sessions` argument: star or unstar these sessions. */
export const StarSessions = z
  .object({ sessionIds: z.array(OpaqueId).min(1).max(MAX_BULK), starred: z.boolean() })
  .strict()

/** `library:list-projects` result. */
export const ProjectList = z.object({
  projects: z.array(ProjectSummary),
  problems: z.array(LibraryProblem),
  progress: LibraryProgress,
  /** Every model seen, for the model filter. */
  models: z.array(z.string()),
})

/** Argument and result schema of each `library:*` channel. */
export const LIBRARY_SCHEMAS = {
  'library:list-projects': { args: Empty, result: ProjectList },
  'library:query-sessions': { args: SessionQuery, result: SessionQueryResult },
  'library:select-sessions': { args: SessionQuery, result: SessionSelection },
  'library:star-sessions': {
    args: StarSessions,
    result: z.object({ changed: z.number().int() }),
  },
  'library:describe-sessions': {
    args: z.object({ sessionIds: z.array(OpaqueId).max(MAX_BULK) }).strict(),
    result: SessionsDescription,
  },
  /**
   * The sessions whose header carries this session id (pi spec 1): the file changed last
   * first, five at most. Where an open session's file went when it moved.
   */
  'library:sessions-with-header': {
    args: z.object({ headerId: z.string().min(1).max(256) }).strict(),
    result: z.object({ sessions: z.array(LibraryRow) }),
  },
  'library:cancel-bulk': {
    args: z.object({ operationId: OperationId }).strict(),
    result: z.object({ cancelled: z.boolean() }),
  },
  'library:get-session': {
    args: z.object({ sessionId: OpaqueId }).strict(),
    result: LibraryRow,
  },
  'library:refresh': { args: Empty, result: LibraryProgress },
  'library:add-root': {
    args: z.object({ path: z.string().min(1).max(4096) }).strict(),
    result: z.object({ path: z.string() }),
  },
  /** Copies the shipped demo library into the data folder (once) and adds the copy. */
  'library:open-demo': {
    args: Empty,
    result: z.object({ path: z.string() }),
  },
  'library:remove-root': {
    args: z.object({ path: z.string().min(1).max(4096) }).strict(),
    result: z.object({ removed: z.boolean() }),
  },
} as const

/** Events main pushes about the library. */
export const LIBRARY_EVENTS = {
  'library:changed': z.object({ progress: LibraryProgress, revision: z.number().int() }),
  /** Session files the watcher saw change, before the library reads them (live follow). */
  'library:files-changed': z.object({ sessionIds: z.array(OpaqueId) }),
  /** How far a bulk action (trash, restore, archive, unarchive) got. */
  'library:bulk-progressed': z.object({
    operationId: OperationId,
    done: z.number().int(),
    total: z.number().int(),
  }),
} as const

export type LibraryProblem = z.output<typeof LibraryProblem>
export type LibraryProgress = z.output<typeof LibraryProgress>
export type TokenTotals = z.output<typeof TokenTotals>
export type ProjectSummary = z.output<typeof ProjectSummary>
export type LibraryRow = z.output<typeof LibraryRow>
export type QueryRow = z.output<typeof QueryRow>
export type SessionSort = z.output<typeof SessionSort>
export type SessionQuery = z.output<typeof SessionQuery>
export type SessionQueryInput = z.input<typeof SessionQuery>
export type SessionQueryResult = z.output<typeof SessionQueryResult>
export type ProjectList = z.output<typeof ProjectList>
export type MarkFilter = z.output<typeof MarkFilter>
export type SearchScope = z.output<typeof SearchScope>
export type SessionSelection = z.output<typeof SessionSelection>
export type SessionsDescription = z.output<typeof SessionsDescription>
export type SessionBrief = z.output<typeof SessionBrief>
