/**
 * The export store: what the Export dialog exports (the open session, or the library's
 * selection), its options (format, scope, redaction: on by default, packaging), the redaction
 * preview, and a running batch job's progress and summary (from `export:*` events).
 */
import { create } from 'zustand'
import type { ApiErrorData } from '../../../../preload/contract/errors'
import type {
  BatchSummary,
  ExportFormat,
  ExportOutcome,
  RedactionCounts,
} from '../../../../preload/contract/export'
import { call, downloadExport, errorData, subscribe } from '../../api/client'

/** What the dialog exports. */
export type ExportTarget =
  | { kind: 'session'; sessionId: string; selected: { id: string; pos: number } | null }
  | { kind: 'batch'; sessionIds: string[] }

/** The scopes of a single export (pi's terms). */
export type ScopeKind = 'session' | 'active' | 'entry'

/** State and actions of exporting. */
export interface ExportState {
  target: ExportTarget | null
  format: ExportFormat
  scope: ScopeKind
  redact: boolean
  packaging: 'zip' | 'folder'
  /** JSONL of one session: save it as a new session beside the source instead of a file. */
  asSession: boolean
  /** Markdown: images omitted with a note, or written as files beside it. */
  markdownImages: 'omit' | 'files'
  preview: { counts: RedactionCounts; fileName: string } | null
  busy: boolean
  error: ApiErrorData | null
  /** What the last single export did, in words. */
  done: string | null
  job: { jobId: string; done: number; total: number; failed: number } | null
  summary: BatchSummary | null
  open(target: ExportTarget): void
  close(): void
  setOptions(
    patch: Partial<
      Pick<
        ExportState,
        'format' | 'scope' | 'redact' | 'packaging' | 'asSession' | 'markdownImages'
      >
    >,
  ): void
  loadPreview(): Promise<void>
  start(): Promise<void>
  cancel(): Promise<void>
}

function scopeArg(state: ExportState) {
  const t = state.target
  if (state.scope === 'entry' && t?.kind === 'session' && t.selected) {
    return {
      kind: 'entry' as const,
      ...(t.selected.id ? { entryId: t.selected.id } : {}),
      position: t.selected.pos,
    }
  }
  return { kind: state.scope === 'entry' ? ('active' as const) : state.scope }
}

/** The images option of a Markdown export (other formats keep main's default). */
function imagesArg(state: ExportState): { images?: 'omit' | 'files' } {
  return state.format === 'markdown' ? { images: state.markdownImages } : {}
}

async function finishSingle(outcome: ExportOutcome): Promise<string | null> {
  if (outcome.status === 'cancelled') return null
  if (outcome.status === 'written') return `Exported to ${outcome.file}`
  await downloadExport(outcome.downloadId, outcome.fileName)
  return `Downloaded ${outcome.fileName}`
}

/** The export store (one per app). */
export const useExport = create<ExportState>((set, get) => ({
  target: null,
  format: 'html',
  scope: 'active',
  redact: true,
  packaging: 'zip',
  asSession: false,
  markdownImages: 'omit',
  preview: null,
  busy: false,
  error: null,
  done: null,
  job: null,
  summary: null,
  open(target) {
    const scope = target.kind === 'session' && target.selected ? 'entry' : 'active'
    set({ target, scope, preview: null, error: null, done: null, summary: null, redact: true })
  },
  close() {
    if (!get().job) set({ target: null, preview: null, error: null, done: null, summary: null })
  },
  setOptions(patch) {
    set({ ...patch, done: null, error: null })
  },
  async loadPreview() {
    const state = get()
    const t = state.target
    if (t?.kind !== 'session') return set({ preview: null })
    const args = { sessionId: t.sessionId, format: state.format }
    try {
      const preview = await call('export:preview', args)
      const now = get()
      if (now.target === t && now.format === args.format) set({ preview })
    } catch (error) {
      set({ preview: null, error: errorData(error) })
    }
  },
  async start() {
    const state = get()
    const t = state.target
    if (!t || state.busy) return
    set({ busy: true, error: null, done: null, summary: null })
    try {
      if (t.kind === 'session' && state.format === 'jsonl' && state.asSession) {
        const saved = await call('export:save-as-session', {
          sessionId: t.sessionId,
          scope: scopeArg(state),
          redact: state.redact,
        })
        set({ done: `Saved as a new session: ${saved.fileName}` })
      } else if (t.kind === 'session') {
        const outcome = await call('export:session', {
          sessionId: t.sessionId,
          format: state.format,
          scope: scopeArg(state),
          redact: state.redact,
          ...imagesArg(state),
        })
        set({ done: await finishSingle(outcome) })
      } else {
        const started = await call('export:batch', {
          sessionIds: t.sessionIds,
          format: state.format,
          redact: state.redact,
          packaging: state.packaging,
          ...imagesArg(state),
        })
        if (started.status === 'started') {
          set({ job: { jobId: started.jobId, done: 0, total: started.total, failed: 0 } })
          // A short batch can finish before this call's reply arrives.
          const summary = early.get(started.jobId)
          if (summary) finishBatch(summary)
        }
      }
    } catch (error) {
      set({ error: errorData(error) })
    } finally {
      set({ busy: false })
    }
  },
  async cancel() {
    const job = get().job
    if (job) await call('export:cancel', { jobId: job.jobId })
  },
}))

/** Summaries of jobs whose `export:batch` reply had not arrived yet (by job id, a few). */
const early = new Map<string, BatchSummary>()

function finishBatch(summary: BatchSummary): void {
  early.delete(summary.jobId)
  useExport.setState({ job: null, summary })
  if (summary.downloadId && summary.fileName) {
    void downloadExport(summary.downloadId, summary.fileName).catch((error: unknown) =>
      useExport.setState({ error: errorData(error) }),
    )
  }
}

/** Batch export events into the store; returns the function that stops listening. */
export function startExportEvents(): () => void {
  return subscribe((event, payload) => {
    if (event === 'export:progressed') {
      if (useExport.getState().job?.jobId === payload.jobId) useExport.setState({ job: payload })
    } else if (event === 'export:finished') {
      if (useExport.getState().job?.jobId === payload.jobId) return finishBatch(payload)
      early.set(payload.jobId, payload)
      for (const id of [...early.keys()].slice(0, -8)) early.delete(id)
    }
  })
}
