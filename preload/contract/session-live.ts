/**
 * The data shapes of a session opened at any size and followed while pi writes to it: the
 * branch tree in pages (no single reply carries every row), the newest page of the active path
 * read from the file's tail before the whole file is parsed, and the growth of the open file.
 * Channel schemas are in `session.ts`.
 */
import { z } from 'zod'
import { PathItem, SessionOverview, TreeRow } from './session-view'
import { wireJson } from './wire'

/** Rows per `session:get-tree` page: about 1.3 MB of JSON, ~15 ms to encode in main (once). */
export const TREE_PAGE_ROWS = 5000

/**
 * `session:get-tree` result: rows [offset, offset + count) of the open file. The rows travel
 * as JSON text of one array per row ({@link encodeTreeRows}: no key names, a fifth fewer
 * bytes), encoded once per page and revision in main: a reopen or a second window sends the
 * same text again, and the transport copies one string instead of thousands of objects.
 * {@link treeRowsOf} reads it.
 */
export const TreePage = z.object({
  revision: z.number().int(),
  offset: z.number().int(),
  /** Rows of the whole tree at this revision. */
  total: z.number().int(),
  /** The page's rows as {@link encodeTreeRows} writes them. */
  rows: z.string(),
})

/** One row on the wire: the TreeRow fields in a fixed order, absent ones as null. */
export type WireRow = [
  id: string,
  pos: number,
  parentPos: number,
  type: string,
  role: string | null,
  head: string,
  text: string,
  label: string | null,
  time: number | null,
  line: number,
  quiet: 1 | null,
]

/** A row as the wire carries it ({@link rowOfWire} reads it back). */
export function wireRow(r: TreeRow): WireRow {
  return [
    r.id,
    r.pos,
    r.parentPos,
    r.type,
    r.role ?? null,
    r.head,
    r.text,
    r.label ?? null,
    r.time,
    r.line,
    r.quiet ? 1 : null,
  ]
}

/** The row {@link wireRow} wrote (absent optional fields stay absent). */
export function rowOfWire([
  id,
  pos,
  parentPos,
  type,
  role,
  head,
  text,
  label,
  time,
  line,
  quiet,
]: WireRow): TreeRow {
  const row: TreeRow = { id, pos, parentPos, type, head, text, time, line }
  if (role !== null) row.role = role
  if (label !== null) row.label = label
  if (quiet !== null) row.quiet = true
  return row
}

/** JSON text of `rows` as a tree page carries them (read back by {@link treeRowsOf}). */
export function encodeTreeRows(rows: readonly TreeRow[]): string {
  return wireJson(rows.map(wireRow))
}

/**
 * The rows of a tree page, as main built them (absent optional fields stay absent).
 * @throws SyntaxError when the text is not JSON (main always sends what it encoded)
 */
export function treeRowsOf(page: { rows: string }): TreeRow[] {
  return (JSON.parse(page.rows) as WireRow[]).map(rowOfWire)
}

/**
 * The branch tree's outline: the tree as it first shows, laid out by the view (the same layout
 * the renderer makes from every row: branch points, labels, the leaf, and long linear runs
 * collapsed into closed "N entries" nodes), with only the rows it shows. A tree of 100,000
 * entries paints from a few thousand rows while its pages load.
 */
export const TreeOutline = z.object({
  revision: z.number().int(),
  /** Rows of the whole tree at this revision. */
  total: z.number().int(),
  /** JSON text of the outline (`TreeOutlineBody` in the branch tree's outline.ts). */
  text: z.string(),
})

/**
 * `session:open` result: the overview, and when asked for, the tree's outline in the filter
 * asked for; null when the tree fits one page (the page is as quick), when the outline would
 * not help (outline.ts: too many nodes), or for another filter than the one a skeleton holds
 * before the file is parsed.
 */
export const OpenReply = SessionOverview.extend({
  outline: TreeOutline.nullable().optional(),
  /**
   * True when the reply describes the file's first bytes only (a tree skeleton built before pi
   * appended to the file): `session:follow` at this revision brings the view up to the file's
   * end, and until then pi's leaf is not the overview's (the tail preview shows the end). Its
   * `size` and `mtimeMs` are the file's as it is now; the rest describes those first bytes.
   */
  behind: z.literal(true).optional(),
})

/** What naming an entry takes of its tree row: `user “Summarise the…”` (entry-brief.ts). */
export const EntryNaming = TreeRow.pick({ id: true, type: true, role: true, text: true })

/**
 * `session:peek-tail` result: the newest items of pi's active path (the model's view, pi spec
 * 12.3), read from the end of the file. Only given when the tail settles them exactly; else
 * `items` is empty and `reason` says why (the full parse is then awaited). Positions and lines
 * of the items are unknown (-1 and 0): they are for reading, not for navigation.
 */
export const TailPreview = z.object({
  items: z.array(PathItem),
  /** The id of pi's leaf (the file's last entry, pi spec 7) the items end at. */
  leafId: z.string().nullable(),
  reason: z.string().nullable(),
  /** Bytes read from the end of the file. */
  bytes: z.number().int(),
  /**
   * What the tree's rows say of the entries in the tail that the items point at (a label's or
   * context edit's target, a branch summary's origin, a compaction's first kept entry), so the
   * preview names them as the view will once the rows load.
   */
  targets: z.array(EntryNaming).optional(),
  /**
   * True when the items begin at the path's first item (the tail reached the root): the day of
   * the first one is known to start the transcript, as the full view marks it.
   */
  fromStart: z.boolean().optional(),
})

/** A relabelled row (pi spec 10: the latest label entry wins; null = cleared). */
export const RowLabel = z.object({ row: z.number().int(), label: z.string().nullable() })

/**
 * pi's leaf (the file's last entry, pi spec 7) when the view must open its file again without a
 * word (pi started a new branch, or wrote lines that needed a full read): `id`, its position in
 * the file, and whether its path runs through the leaf before (`continues`: what the view shows
 * only grew at its end; null when not known, the file having been read again).
 */
export const PiLeaf = z.object({
  id: z.string(),
  pos: z.number().int(),
  continues: z.boolean().nullable(),
})

/**
 * `session:follow` result, relative to the revision the view holds:
 * - `same`: nothing new;
 * - `appended`: the file grew by whole entries that continue pi's leaf: `rows` are the new
 *   rows (appended to the tree's rows), `labels` the rows whose label changed, `overview` the
 *   header facts now;
 * - `reopen`: the view must open the file again (`reason` in words: rewritten, truncated,
 *   replaced, or grew in a way that reorders the tree); `notice` is false when the user need
 *   not be told (a new branch that pi wrote), and then `leaf` names pi's leaf (null: none).
 */
export const FollowResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('same'), revision: z.number().int() }),
  z.object({
    kind: z.literal('appended'),
    overview: SessionOverview,
    rows: z.array(TreeRow),
    labels: z.array(RowLabel),
  }),
  z.object({
    kind: z.literal('reopen'),
    reason: z.string(),
    notice: z.boolean(),
    /** With no notice: pi's leaf now, so the view loads its path while the tree is laid out. */
    leaf: PiLeaf.nullable().optional(),
  }),
])

export type TreePage = z.output<typeof TreePage>
export type TreeOutline = z.output<typeof TreeOutline>
export type OpenReply = z.output<typeof OpenReply>
export type TailPreview = z.output<typeof TailPreview>
export type EntryNaming = z.output<typeof EntryNaming>
export type RowLabel = z.output<typeof RowLabel>
export type FollowResult = z.output<typeof FollowResult>
export type PiLeaf = z.output<typeof PiLeaf>
