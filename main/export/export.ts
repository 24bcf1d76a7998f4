/**
 * One session exported in one format: load it (the session view's loader: reading never
 * writes, pi spec 17), build what the format renders, redact it (on by default), and hand back
 * the output as chunks for the writer, with the redaction counts.
 */
import { ExportFormat, type ExportImages } from '../../preload/contract/export'
import { imageAt } from '../api/session-view/images'
import { loadViewSource, viewSourceOf, type ViewSource } from '../api/session-view/source'
import { renderHtml } from './html'
import type { ImageSource } from './html-items'
import { imageFiles, type ImageFiles } from './image-files'
import { asNewSession, jsonlSession, renderJsonl } from './jsonl'
import { renderMarkdown } from './markdown'
import { redactValue, type RedactionCounts } from './redact'
import { buildExportDoc, type ExportScope } from './scope'

/** The export formats (the contract's list). */
export const EXPORT_FORMATS = ExportFormat.options
export type { ExportFormat }

/** What to export and how. */
export interface ExportOptions {
  format: ExportFormat
  scope: ExportScope
  /** Replace secrets with `[redacted: kind]` (redact.ts); the app's default is true. */
  redact: boolean
  /** The user's home folder, redacted as `home` (redact.ts). */
  home: string
  /**
   * HTML: images inline as data: URLs (`inline`), else omitted with a note. Markdown: image
   * files beside it (`files`, image-files.ts), else omitted with a note.
   */
  images: ExportImages
  /** The file name the export gets (Markdown with image files names its images folder after it). */
  outputName?: string
  /** JSONL: a new session (new id, `parentSession` = the source) to save beside the source. */
  asNewSession?: boolean
}

/** A prepared export: its output chunks and what redaction replaced. */
export interface PreparedExport {
  chunks: Iterable<string>
  counts: RedactionCounts
  /** With `asNewSession`: the new session's file name (pi's `<timestamp>_<id>.jsonl`). */
  fileName?: string
  /** Markdown with image files: the images its chunks linked (complete once they are read). */
  images?: ImageFiles
}

function imageSource(source: ViewSource): ImageSource {
  return (pos, index) => {
    try {
      return imageAt(source.entries[pos], index)
    } catch {
      return null
    }
  }
}

/**
 * The session with every string of its header and entries redacted (redact.ts), as a view
 * source again: tree rows, transcript items and JSONL lines all come from the redacted text,
 * so no format (not even a tree row's one-line cut) shows a secret.
 */
export async function redactSource(
  source: ViewSource,
  home: string,
): Promise<{ source: ViewSource; counts: RedactionCounts }> {
  const { loaded } = source
  const { value, counts } = await redactValue(
    { header: loaded.header, entries: loaded.entries },
    { home },
  )
  const copy = { ...loaded, header: value.header, entries: value.entries }
  return { source: await viewSourceOf(source.path, source.stamp, copy), counts }
}

/**
 * Prepares the export of a loaded session (redacted first when asked).
 * @param fileName the session file's base name (shown in HTML and Markdown)
 * @throws ApiError `not_found` (unknown entry), `conflict` (a branch from an entry without id)
 */
export async function prepareExport(
  loaded: ViewSource,
  fileName: string,
  options: ExportOptions,
): Promise<PreparedExport> {
  const { source, counts } = options.redact
    ? await redactSource(loaded, options.home)
    : { source: loaded, counts: {} }
  if (options.format === 'jsonl') {
    const session = jsonlSession(source, options.scope)
    if (!options.asNewSession) return { chunks: renderJsonl(session), counts }
    // Written beside its source, for pi to resume: the header keeps the real project folder
    // (redaction left it "[redacted: home]/…"), as `parentSession` keeps the source's path.
    const cwd = loaded.loaded.header?.cwd
    const fresh = asNewSession(session, loaded.path, typeof cwd === 'string' ? cwd : '')
    return { chunks: renderJsonl(fresh.session), counts, fileName: fresh.fileName }
  }
  // Markdown is linear: a whole session is exported as its active path (markdown.ts), so the
  // document, its totals and models included, is the active path's.
  const scope: ExportScope =
    options.format === 'markdown' && options.scope.kind === 'session'
      ? { kind: 'active' }
      : options.scope
  const doc = await buildExportDoc(source, fileName, scope)
  if (options.format === 'markdown') {
    if (options.images !== 'files') return { chunks: renderMarkdown(doc), counts }
    const images = imageFiles(source, options.outputName ?? 'export.md')
    return { chunks: renderMarkdown(doc, new Date(), images), counts, images }
  }
  const chunks = renderHtml(doc, options.images === 'inline' ? imageSource(source) : null)
  return { chunks, counts }
}

/**
 * What redaction would replace in the session at `path`, per kind (the whole file: an export of
 * one path replaces those of them that lie on it).
 * @throws the fs error when the file cannot be read
 */
export async function previewRedaction(path: string, home: string): Promise<RedactionCounts> {
  return (await redactSource(await loadViewSource(path), home)).counts
}

/**
 * Loads `path` and prepares its export.
 * @throws the fs error when the file cannot be read, and prepareExport's errors
 */
export async function prepareFileExport(
  path: string,
  fileName: string,
  options: ExportOptions,
  signal?: AbortSignal,
): Promise<PreparedExport> {
  const source = await loadViewSource(path, { signal })
  return prepareExport(source, fileName, options)
}
