/**
 * Batch export of many sessions: one file each into a folder, or one zip (zip.ts: entries are
 * added one at a time, so only one session is in memory at once); a Markdown export's images go
 * with it, into its images folder. Progress after each session, cancel by
 * signal, and a summary of what was written and what failed and why. A cancel or failure leaves
 * no partial file: folder exports write each file atomically (write.ts), the zip is written to a
 * temp file and renamed at the end.
 */
import { basename, join } from 'node:path'
import { prepareFileExport, type ExportOptions, type PreparedExport } from './export'
import { uniqueName } from './names'
import { addCounts, type RedactionCounts } from './redact'
import { addPrepared, writePrepared } from './write-images'
import { writeZip, ZipAbandoned } from './zip'

/** One session of a batch. */
export interface BatchItem {
  sessionId: string
  path: string
  /** The export's file name (names.ts). */
  fileName: string
}

/** How a batch runs. */
export interface BatchOptions {
  export: Omit<ExportOptions, 'scope'>
  packaging: 'folder' | 'zip'
  /** The folder, or the zip file's path (the user confirmed replacing it). */
  target: string
  signal: AbortSignal
  /** After each session: how many are done (written or failed) and how many failed. */
  onProgress?(done: number, failed: number): void
}

/** What a batch did. */
export interface BatchResult {
  status: 'done' | 'cancelled'
  written: { sessionId: string; fileName: string }[]
  failed: { sessionId: string; message: string }[]
  /** What redaction replaced in the written sessions, per kind. */
  counts: RedactionCounts
}

type Sink = (name: string, prepared: PreparedExport) => Promise<void>

async function runItems(items: readonly BatchItem[], options: BatchOptions, sink: Sink) {
  const result: BatchResult = { status: 'done', written: [], failed: [], counts: {} }
  const taken = new Set<string>()
  for (const item of items) {
    if (options.signal.aborted) return { ...result, status: 'cancelled' as const }
    try {
      const name = uniqueName(item.fileName, taken)
      const prepared = await prepareFileExport(
        item.path,
        basename(item.path),
        { ...options.export, scope: { kind: 'session' }, outputName: name },
        options.signal,
      )
      await sink(name, prepared)
      result.written.push({ sessionId: item.sessionId, fileName: name })
      addCounts(result.counts, prepared.counts)
    } catch (error) {
      if (options.signal.aborted) return { ...result, status: 'cancelled' as const }
      result.failed.push({ sessionId: item.sessionId, message: (error as Error).message })
    }
    options.onProgress?.(result.written.length + result.failed.length, result.failed.length)
  }
  return result
}

/** One file per session into `options.target` (existing files are never replaced). */
function exportToFolder(items: readonly BatchItem[], options: BatchOptions): Promise<BatchResult> {
  return runItems(items, options, async (name, prepared) => {
    await writePrepared(join(options.target, name), prepared, { signal: options.signal })
  })
}

/** Every session into one zip at `options.target`, streamed (zip.ts). */
function exportToZip(items: readonly BatchItem[], options: BatchOptions): Promise<BatchResult> {
  return writeZip(options.target, async (add) => {
    const result = await runItems(items, options, (name, prepared) =>
      addPrepared(add, name, prepared),
    )
    if (result.status === 'cancelled') throw new ZipAbandoned(result)
    return result
  })
}

/**
 * Runs a batch export.
 * @throws the zip's write error (ENOSPC...) with no zip left behind; per-session failures are
 *   in the result instead
 */
export function runBatch(items: readonly BatchItem[], options: BatchOptions): Promise<BatchResult> {
  return options.packaging === 'zip' ? exportToZip(items, options) : exportToFolder(items, options)
}
