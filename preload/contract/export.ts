/**
 * Schemas of the `export:*` channels and events: one session (or branch) as an HTML page,
 * Markdown or JSONL, a redaction preview, and batch exports of many sessions into a folder or
 * one zip, with progress and cancel. Ids only: main finds the files and asks the OS where to
 * write (desktop) or offers a download (server mode); the renderer never names a path.
 */
import { z } from 'zod'
import { OpaqueId } from './common'
import { EntryId, EntryPosition } from './session-view'

/** The export formats. */
export const ExportFormat = z.enum(['html', 'markdown', 'jsonl'])

/**
 * What happens to images: `inline` (HTML: data: URLs), `omit` (a note in their place), `files`
 * (Markdown: one file each in a `<name>-images` folder beside it, linked relatively; in the
 * browser the Markdown and its folder download as one zip). A format without the chosen way
 * omits them with a note.
 */
export const ExportImages = z.enum(['inline', 'omit', 'files'])

/** What a single export covers: the whole session, the active path, or the path to an entry. */
export const ExportScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session') }).strict(),
  z.object({ kind: z.literal('active') }).strict(),
  z
    .object({
      kind: z.literal('entry'),
      entryId: EntryId.optional(),
      position: EntryPosition.optional(),
    })
    .strict()
    .refine((s) => s.entryId !== undefined || s.position !== undefined, {
      message: 'entryId or position is required',
    }),
])

/** Secrets replaced, per kind (`openai`, `privatekey`, `authorization`, `home`...). */
export const RedactionCounts = z.record(z.string(), z.number().int())

const SingleExport = {
  sessionId: OpaqueId,
  format: ExportFormat,
  scope: ExportScope,
  /** Replace secrets with `[redacted: kind]`: on unless the user turns it off. */
  redact: z.boolean().default(true),
}

/** Where a single export went. */
export const ExportOutcome = z.discriminatedUnion('status', [
  /** Desktop: written where the user chose in the save dialog. */
  z.object({
    status: z.literal('written'),
    file: z.string(),
    bytes: z.number().int(),
    counts: RedactionCounts,
  }),
  /** Server mode: ready for the browser to fetch once from `GET /api/export-download/<id>`. */
  z.object({
    status: z.literal('download'),
    downloadId: z.string(),
    fileName: z.string(),
    bytes: z.number().int(),
    counts: RedactionCounts,
  }),
  /** The user closed the save dialog. */
  z.object({ status: z.literal('cancelled') }),
])

/** A batch job's end: what was written and what failed, and why. */
export const BatchSummary = z.object({
  jobId: z.string(),
  status: z.enum(['done', 'cancelled', 'failed']),
  written: z.array(z.object({ sessionId: OpaqueId, fileName: z.string() })),
  failed: z.array(z.object({ sessionId: OpaqueId, message: z.string() })),
  /** What redaction replaced in the written sessions, per kind. */
  counts: RedactionCounts,
  /** The folder or zip file written (desktop). */
  target: z.string().nullable(),
  /** Server mode, zip: the download to fetch. */
  downloadId: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Why the whole job failed (status `failed`). */
  message: z.string().nullable(),
})

/** Argument and result schema of each `export:*` channel. */
export const EXPORT_SCHEMAS = {
  'export:preview': {
    /** What redaction would replace in the whole session, and the proposed file name. */
    args: z.object({ sessionId: OpaqueId, format: ExportFormat }).strict(),
    result: z.object({ counts: RedactionCounts, fileName: z.string() }),
  },
  'export:session': {
    args: z.object({ ...SingleExport, images: ExportImages.default('inline') }).strict(),
    result: ExportOutcome,
  },
  'export:save-as-session': {
    /** JSONL as a new session beside the source (it then appears in the library). */
    args: z
      .object({ sessionId: OpaqueId, scope: ExportScope, redact: z.boolean().default(true) })
      .strict(),
    result: z.object({ sessionId: OpaqueId, fileName: z.string(), counts: RedactionCounts }),
  },
  'export:batch': {
    args: z
      .object({
        sessionIds: z.array(OpaqueId).min(1).max(5000),
        format: ExportFormat,
        redact: z.boolean().default(true),
        /** One file per session into a folder (desktop only), or one zip. */
        packaging: z.enum(['folder', 'zip']),
        images: ExportImages.default('inline'),
      })
      .strict(),
    result: z.discriminatedUnion('status', [
      z.object({ status: z.literal('started'), jobId: z.string(), total: z.number().int() }),
      z.object({ status: z.literal('cancelled') }),
    ]),
  },
  'export:cancel': {
    args: z.object({ jobId: z.string().min(1).max(64) }).strict(),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const

/** Events of batch exports. */
export const EXPORT_EVENTS = {
  'export:progressed': z.object({
    jobId: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    failed: z.number().int(),
  }),
  'export:finished': BatchSummary,
} as const

export type ExportFormat = z.output<typeof ExportFormat>
export type ExportImages = z.output<typeof ExportImages>
export type ExportScope = z.output<typeof ExportScope>
export type ExportOutcome = z.output<typeof ExportOutcome>
export type BatchSummary = z.output<typeof BatchSummary>
export type RedactionCounts = z.output<typeof RedactionCounts>
