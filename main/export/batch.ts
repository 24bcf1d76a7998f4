/**
 * Batch export of many sessions: one file each into a folder, or one zip (yazl: a small,
 * long-maintained streaming zip writer for Node with no native parts; entries are added one at
 * a time, so only one session is in memory at once). Progress after each session, cancel by
 * signal, and a summary of what was written and what failed and why. A cancel or failure leaves
 * no partial file: folder exports write each file atomically (write.ts), the zip is written to a
 * temp file and renamed at the end.
 */
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { randomBytes } from 'node:crypto'
import { ZipFile } from 'yazl'
import { prepareFileExport, type ExportOptions, type PreparedExport } from './export'
import { uniqueName } from './names'
import { addCounts, type RedactionCounts } from './redact'
import { writeExportFile } from './write'

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
      const prepared = await prepareFileExport(
        item.path,
        basename(item.path),
        { ...options.export, scope: { kind: 'session' } },
        options.signal,
      )
      const name = uniqueName(item.fileName, taken)
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
    await writeExportFile(join(options.target, name), prepared.chunks, { signal: options.signal })
  })
}

/** Every session into one zip at `options.target`, streamed. */
async function exportToZip(
  items: readonly BatchItem[],
  options: BatchOptions,
): Promise<BatchResult> {
  const zip = new ZipFile()
  const temp = join(
    dirname(options.target),
    `.${basename(options.target)}.${randomBytes(4).toString('hex')}.part`,
  )
  const out = createWriteStream(temp, { flags: 'wx' })
  zip.outputStream.pipe(out)
  const written = finished(out)
  // A failed write must not be an unhandled rejection while the items still run.
  written.catch(() => undefined)
  try {
    const result = await runItems(items, options, async (name, prepared) => {
      const entry = Readable.from(prepared.chunks, { objectMode: false })
      // yazl keeps every entry's stream function for the whole zip: hand the stream over and
      // drop it, so a finished session's document can be collected.
      let pending: Readable | null = entry
      zip.addReadStreamLazy(name, { mtime: new Date() }, (give) => {
        give(null, pending as Readable)
        pending = null
      })
      // yazl reads entries in order: once this one ended, the next may be prepared.
      await finished(entry)
    })
    if (result.status === 'cancelled') throw new CancelledZip(result)
    zip.end()
    await written
    await rename(temp, options.target)
    return result
  } catch (error) {
    out.destroy()
    await rm(temp, { force: true })
    if (error instanceof CancelledZip) return error.result
    throw error
  }
}

class CancelledZip extends Error {
  constructor(readonly result: BatchResult) {
    super('cancelled')
  }
}

/**
 * Runs a batch export.
 * @throws the zip's write error (ENOSPC...) with no zip left behind; per-session failures are
 *   in the result instead
 */
export function runBatch(items: readonly BatchItem[], options: BatchOptions): Promise<BatchResult> {
  return options.packaging === 'zip' ? exportToZip(items, options) : exportToFolder(items, options)
}
