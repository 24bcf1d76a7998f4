/**
 * Handlers of the `export:*` channels. The renderer names sessions by id; main asks the OS
 * where to write (desktop save dialog, which asks before replacing a file) or, in server mode,
 * writes into the app's downloads folder for the browser to fetch once. Exports are streamed
 * to disk (no file content crosses IPC), never written inside a session root (except a JSONL
 * saved as a new session, beside its source), and redacted unless the user turned it off.
 */
import { randomUUID } from 'node:crypto'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import type { EXPORT_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import type { BatchSummary, ExportFormat } from '../../preload/contract/export'
import { runBatch, type BatchItem } from '../export/batch'
import { opaqueId } from '../library/ids'
import { prepareFileExport, previewRedaction } from '../export/export'
import { exportFileName, FORMAT_EXTENSIONS } from '../export/names'
import { redactTexts } from '../export/redact'
import { refuseInsideRoots, writeExportFile } from '../export/write'
import { writeDownload, writePrepared } from '../export/write-images'
import type { HandlerContext, HandlersOf } from './context'

const FORMAT_NAMES: Record<ExportFormat, string> = {
  html: 'HTML page',
  markdown: 'Markdown',
  jsonl: 'pi session (JSONL)',
}

/** The `export:*` part of the handler table. */
export function createExportHandlers(context: HandlerContext): HandlersOf<typeof EXPORT_CHANNELS> {
  const { library } = context
  const home = homedir()
  const jobs = new Map<string, AbortController>()

  /**
   * Each session's file and the name its export is offered under. The name is made from the
   * session's title, so a redacted export's name is made from the title redacted: a token in a
   * session name must not reach the file name, the download or a zip's entries.
   */
  const describeAll = async (sessionIds: string[], format: ExportFormat, redact: boolean) => {
    const found = sessionIds.map((sessionId) => {
      const row = library.getSummary(sessionId)
      const record = library.getSession(sessionId)
      const id = row.headerId ?? basename(record.fileName, '.jsonl')
      return { sessionId, record, id, title: row.name ?? row.firstMessage }
    })
    const titles = found.map((f) => f.title)
    const shown = redact ? (await redactTexts(titles, { home })).texts : titles
    return found.map(({ sessionId, record, id }, i) => ({
      sessionId,
      path: record.path,
      sourceName: record.fileName,
      fileName: exportFileName(shown[i] as string, id, format),
    }))
  }
  const describe = async (sessionId: string, format: ExportFormat, redact: boolean) =>
    (await describeAll([sessionId], format, redact))[0] as Awaited<
      ReturnType<typeof describeAll>
    >[number]
  const roots = () => library.roots.map((r) => r.path)

  /** The file the user picks, checked; null when the dialog was closed. */
  const chooseFile = async (fileName: string, format: ExportFormat): Promise<string | null> => {
    const choose = context.desktop?.chooseSavePath
    if (!choose) throw new ApiError('conflict', 'Only the desktop app can show a save dialog')
    const target = await choose({
      title: 'Export session',
      defaultName: fileName,
      filters: [{ name: FORMAT_NAMES[format], extensions: [FORMAT_EXTENSIONS[format].slice(1)] }],
    })
    if (target) await refuseInsideRoots(target, roots())
    return target
  }

  return {
    'export:preview': async ({ sessionId, format }) => {
      // Redaction is on unless the user turns it off: the name offered is the redacted one.
      const { path, fileName } = await describe(sessionId, format, true)
      return { counts: await previewRedaction(path, home), fileName }
    },
    'export:session': async ({ sessionId, format, scope, redact, images }) => {
      const { path, sourceName, fileName } = await describe(sessionId, format, redact)
      const options = { format, scope, redact, home, images }
      const downloads = context.downloads
      if (!context.desktop && downloads) {
        // A browser downloads one file: Markdown with its images folder comes as one zip.
        const zipped = format === 'markdown' && images === 'files'
        const name = zipped ? fileName.replace(/\.md$/, '.zip') : fileName
        const slot = await downloads.create(name)
        try {
          const { bytes, counts } = await writeDownload(
            slot.path,
            () => prepareFileExport(path, sourceName, { ...options, outputName: fileName }),
            zipped ? fileName : null,
          )
          return { status: 'download', downloadId: slot.id, fileName: name, bytes, counts }
        } catch (error) {
          await downloads.discard(slot.id)
          throw error
        }
      }
      const target = await chooseFile(fileName, format)
      if (!target) return { status: 'cancelled' }
      const prepared = await prepareFileExport(path, sourceName, {
        ...options,
        outputName: basename(target),
      })
      // The save dialog asked before replacing an existing file (and so its images folder).
      const bytes = await writePrepared(target, prepared, { overwrite: true })
      return { status: 'written', file: target, bytes, counts: prepared.counts }
    },
    'export:save-as-session': async ({ sessionId, scope, redact }) => {
      const { path, sourceName } = await describe(sessionId, 'jsonl', redact)
      const prepared = await prepareFileExport(path, sourceName, {
        format: 'jsonl',
        scope,
        redact,
        home,
        images: 'omit',
        asNewSession: true,
      })
      // The one export written inside a session root: it is a session, beside its source.
      const file = join(dirname(path), prepared.fileName as string)
      await writeExportFile(file, prepared.chunks)
      await library.refresh()
      return {
        sessionId: opaqueId('session', file),
        fileName: basename(file),
        counts: prepared.counts,
      }
    },
    'export:batch': async ({ sessionIds, format, redact, packaging, images }) => {
      const items: BatchItem[] = (await describeAll([...new Set(sessionIds)], format, redact)).map(
        ({ sessionId, path, fileName }) => ({ sessionId, path, fileName }),
      )
      const zipName = `pi-sessions-${new Date().toISOString().slice(0, 10)}.zip`
      let target: string | null
      let downloadId: string | null = null
      if (context.desktop) {
        const choose =
          packaging === 'zip'
            ? context.desktop.chooseSavePath?.({
                title: 'Export sessions',
                defaultName: zipName,
                filters: [{ name: 'Zip archive', extensions: ['zip'] }],
              })
            : context.desktop.chooseFolder?.({ title: 'Export sessions into a folder' })
        target = (await choose) ?? null
        if (!target) return { status: 'cancelled' }
        await refuseInsideRoots(target, roots())
      } else if (packaging === 'zip' && context.downloads) {
        const slot = await context.downloads.create(zipName)
        target = slot.path
        downloadId = slot.id
      } else {
        throw new ApiError('conflict', 'In the browser, many sessions are exported as one zip')
      }
      const jobId = randomUUID()
      const controller = new AbortController()
      jobs.set(jobId, controller)
      const emit = context.events?.emit
      const total = items.length
      const finish = (
        summary: Omit<BatchSummary, 'jobId' | 'downloadId' | 'fileName' | 'target'>,
      ) => {
        jobs.delete(jobId)
        const ok = summary.status === 'done'
        if (!ok && downloadId) void context.downloads?.discard(downloadId)
        emit?.('export:finished', {
          jobId,
          ...summary,
          target: ok && !downloadId ? target : null,
          downloadId: ok ? downloadId : null,
          fileName: ok && packaging === 'zip' ? basename(target as string) : null,
        })
      }
      void runBatch(items, {
        export: { format, redact, home, images },
        packaging,
        target: target as string,
        signal: controller.signal,
        onProgress: (done, failed) => emit?.('export:progressed', { jobId, done, total, failed }),
      }).then(
        (result) => finish({ ...result, message: null }),
        (error: unknown) =>
          finish({
            status: 'failed',
            written: [],
            failed: [],
            counts: {},
            message: (error as Error).message,
          }),
      )
      return { status: 'started', jobId, total }
    },
    'export:cancel': async ({ jobId }) => {
      const job = jobs.get(jobId)
      job?.abort()
      return { cancelled: job !== undefined }
    },
  }
}
