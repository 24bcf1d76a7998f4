/**
 * Schemas of the `session:*` channels: one session opened for the session view and the
 * branch tree, and its edits (labels, session names, branch extraction, the file actions
 * around a session). Ids only: main finds the file (ARCHITECTURE.md rule 5). The result
 * shapes of the view are in `session-view.ts`.
 */
import { z } from 'zod'
import { OpaqueId } from './common'
import { EntryId, EntryPosition, ImageData, PathPage, SessionLineage } from './session-view'
import { TreeFilter } from './app'
import { FollowResult, OpenReply, TailPreview, TreePage } from './session-live'
import { TreeOrder } from './tree-order'

/**
 * Longest label and session name the app writes (characters after normalisation): long enough
 * for any title, short enough to stay one line in pi's /tree and /resume. Checked by
 * `normalizeText` (edit-text.ts) in the edit dialog and in main.
 */
export const LABEL_MAX = 200
export const NAME_MAX = 300

/** A label or name change's outcome: the value before (for undo) and after. */
export const EditResult = z.object({
  previous: z.string().nullable(),
  current: z.string().nullable(),
})

/** The path to an entry of a session, in the model's view or raw (pages and finds name it so). */
const PathTarget = z.object({
  sessionId: OpaqueId,
  entryId: EntryId.optional(),
  /** Disambiguates duplicate ids, or names an entry without a usable id. */
  position: EntryPosition.optional(),
  raw: z.boolean().optional(),
})

/** A path target names its entry by id, by position, or both. */
const namesEntry = (a: { entryId?: string; position?: number }) =>
  a.entryId !== undefined || a.position !== undefined
const NAMES_ENTRY = { message: 'entryId or position is required' }

const PathArgs = PathTarget.extend({
  /** First item to return; default: the last `limit` items (the selected entry's end). */
  offset: z.number().int().min(0).max(50_000_000).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  /**
   * The whole branch containing the named entry: the path runs on to that branch's leaf
   * (pi's leaf when the entry is on pi's path, else the newest entry below it), and the page
   * is the window around the named entry (`focusIndex` in the result). What a search hit opens.
   */
  branch: z.boolean().optional(),
  /**
   * Texts sent whole: a page otherwise cuts a text of more than TEXT_CUT characters and says
   * what it left out (`cut`), so that one tool result of megabytes does not travel until the
   * reader asks for it.
   */
  whole: z.boolean().optional(),
})
  .strict()
  .refine(namesEntry, NAMES_ENTRY)

/** The path a find counts in (as `session:get-path` names it) and the find's text. */
const FindCountsArgs = PathTarget.extend({
  /** As typed in the find bar (find-text.ts findPattern: literal, case-insensitive). */
  text: z.string().min(1).max(10_000),
})
  .strict()
  .refine(namesEntry, NAMES_ENTRY)

/** How many matches of a find each item of a path holds, in path order (texts whole). */
const FindCounts = z.object({ counts: z.array(z.number().int().min(0)).max(50_000_000) }).strict()

/** Argument and result schema of each `session:*` channel: the view, then the edits. */
export const SESSION_SCHEMAS = {
  'session:open': {
    args: z
      .object({
        sessionId: OpaqueId,
        /** Also lay out the tree's outline in this filter of pi's /tree (`outline` in the reply). */
        outline: TreeFilter.optional(),
        /**
         * Read the whole file again, as a first open of it does (the user's Reload): what main
         * holds of it and its tree skeleton are not used. Live follow leaves a last line without
         * its newline for pi to finish; read whole, it is an entry when it parses, as pi reads it.
         */
        reread: z.literal(true).optional(),
      })
      .strict(),
    result: OpenReply,
  },
  'session:get-tree': {
    args: z
      .object({
        sessionId: OpaqueId,
        /** The revision of the overview the rows must belong to (else `stale`). */
        revision: z.number().int().min(0),
        offset: z.number().int().min(0).max(50_000_000),
      })
      .strict(),
    result: TreePage,
  },
  'session:get-tree-order': {
    args: z
      .object({
        sessionId: OpaqueId,
        /** The revision of the overview the rows must belong to (else `conflict`). */
        revision: z.number().int().min(0),
        /** The revision of the rows the view holds, in the order the session left. */
        from: z.number().int().min(0),
      })
      .strict(),
    /** Null when main no longer holds the rows of `from`: the view reads the pages instead. */
    result: TreeOrder.nullable(),
  },
  'session:peek-tail': {
    args: z.object({ sessionId: OpaqueId }).strict(),
    result: TailPreview,
  },
  'session:follow': {
    args: z
      .object({
        sessionId: OpaqueId,
        /** The revision the view holds, and how many tree rows it has of it. */
        revision: z.number().int().min(0),
        rowCount: z.number().int().min(0).max(50_000_000),
      })
      .strict(),
    result: FollowResult,
  },
  'session:get-path': { args: PathArgs, result: PathPage },
  'session:find-counts': { args: FindCountsArgs, result: FindCounts },
  'session:get-image': {
    args: z
      .object({
        sessionId: OpaqueId,
        position: EntryPosition,
        index: z.number().int().min(0).max(100_000),
      })
      .strict(),
    result: ImageData,
  },
  'session:get-lineage': {
    args: z.object({ sessionId: OpaqueId }).strict(),
    result: SessionLineage,
  },
  'session:set-label': {
    // null or blank clears (pi spec 10); the length limit is checked after normalisation.
    args: z
      .object({ sessionId: OpaqueId, entryId: EntryId, label: z.string().max(10_000).nullable() })
      .strict(),
    result: EditResult,
  },
  'session:rename': {
    args: z.object({ sessionId: OpaqueId, name: z.string().max(10_000).nullable() }).strict(),
    result: EditResult,
  },
  'session:extract-branch': {
    // `name`: the new session's name (a session_info entry, pi spec 11); null or blank: none.
    args: z
      .object({
        sessionId: OpaqueId,
        entryId: EntryId,
        name: z.string().max(10_000).nullable().optional(),
      })
      .strict(),
    result: z.object({ sessionId: OpaqueId }),
  },
  'session:file-info': {
    args: z.object({ sessionId: OpaqueId }).strict(),
    result: z.object({ file: z.string(), folder: z.string(), resumeCommand: z.string() }),
  },
  'session:reveal': {
    args: z.object({ sessionId: OpaqueId, target: z.enum(['file', 'project']) }).strict(),
    result: z.object({}),
  },
  /** Desktop: the user's terminal in the session's cwd running `pi --session <file>`. */
  'session:open-terminal': {
    args: z.object({ sessionId: OpaqueId }).strict(),
    result: z.object({}),
  },
} as const

export type EditResult = z.output<typeof EditResult>
