import { useEffect } from 'react'
import type { ExportFormat, RedactionCounts } from '../../../../preload/contract/export'
import { useModal } from '../../components/dialogs'
import { CheckField, ChoiceField } from '../../components/fields'
import { useLibrary } from '../../state/library'
import { useExport, type ScopeKind } from './store'
import './export.css'

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'html', label: 'HTML page (self-contained)' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'jsonl', label: 'pi session (JSONL)' },
]

function RedactionPreview({ counts }: { counts: RedactionCounts }) {
  const kinds = Object.entries(counts).sort((a, b) => b[1] - a[1])
  if (kinds.length === 0) return <p className="muted">Nothing to redact was found.</p>
  return (
    <ul
      className="redaction-counts"
      data-testid="redaction-counts"
      aria-label="Found in this session and replaced"
    >
      {kinds.map(([kind, n]) => (
        <li key={kind}>
          {n} × {kind}
        </li>
      ))}
    </ul>
  )
}

function BatchStatus() {
  const job = useExport((s) => s.job)
  const summary = useExport((s) => s.summary)
  if (job) {
    return (
      <p role="status" data-testid="export-progress">
        <progress max={job.total} value={job.done} /> {job.done} of {job.total}
        {job.failed > 0 ? `, ${job.failed} failed` : ''}
      </p>
    )
  }
  if (!summary) return null
  const where = summary.target ?? summary.fileName
  return (
    <div role="status" data-testid="export-summary">
      <p>
        {summary.status === 'done'
          ? 'Done'
          : summary.status === 'cancelled'
            ? 'Cancelled'
            : 'Failed'}
        : {summary.written.length} written, {summary.failed.length} failed
        {summary.status === 'done' && where ? ` (${where})` : ''}
        {summary.message ? `: ${summary.message}` : ''}
      </p>
      {Object.keys(summary.counts).length > 0 && <RedactionPreview counts={summary.counts} />}
      {summary.failed.length > 0 && (
        <ul className="export-failures">
          {summary.failed.map((f) => (
            <li key={f.sessionId}>{f.message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * The Export dialog: format, scope (for one session: the whole session, the active path or the
 * path to the selected entry), redaction (on by default, with what it will replace per kind),
 * and for a library selection one zip or one file each into a folder (desktop).
 */
export function ExportDialog() {
  const state = useExport()
  const desktop = useLibrary((s) => s.info?.host === 'electron')
  const dialog = useModal(state.target !== null)
  const { target, format, scope, redact, loadPreview } = state
  useEffect(() => {
    if (target?.kind === 'session') void loadPreview()
  }, [target, format, loadPreview])

  const single = target?.kind === 'session'
  const scopes: { value: ScopeKind; label: string }[] = [
    { value: 'session', label: 'Whole session (every branch)' },
    { value: 'active', label: 'Active path' },
    ...(single && target.selected
      ? [{ value: 'entry' as const, label: 'Path to the selected entry' }]
      : []),
  ]
  return (
    <dialog
      ref={dialog}
      className="dialog export-dialog"
      data-testid="export-dialog"
      aria-labelledby="export-title"
      onClose={() => state.close()}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault()
          void state.start()
        }}
      >
        <h2 id="export-title">
          {single ? 'Export this session' : `Export ${target?.sessionIds.length ?? 0} sessions`}
        </h2>
        <ChoiceField<ExportFormat>
          label="Format"
          testId="export-format"
          value={format}
          options={FORMATS}
          onChange={(value) => state.setOptions({ format: value })}
        />
        {single && (
          <ChoiceField<ScopeKind>
            label="Scope"
            testId="export-scope"
            value={scope}
            options={scopes}
            onChange={(value) => state.setOptions({ scope: value })}
          />
        )}
        {format === 'markdown' && (
          <ChoiceField<'omit' | 'files'>
            label="Images"
            testId="export-images"
            value={state.markdownImages}
            options={[
              { value: 'omit', label: 'Omit, with a note' },
              {
                value: 'files',
                label:
                  desktop || !single
                    ? 'As files in a folder beside the Markdown'
                    : 'As files in a folder beside the Markdown (downloads as a zip)',
              },
            ]}
            onChange={(value) => state.setOptions({ markdownImages: value })}
          />
        )}
        {single && format === 'jsonl' && (
          <CheckField
            label="Save as a new session beside this one (it appears in the library)"
            testId="export-as-session"
            checked={state.asSession}
            onChange={(value) => state.setOptions({ asSession: value })}
          />
        )}
        {!single && (
          <ChoiceField<'zip' | 'folder'>
            label="Into"
            testId="export-packaging"
            value={desktop ? state.packaging : 'zip'}
            options={[
              { value: 'zip', label: 'One zip file' },
              ...(desktop ? [{ value: 'folder' as const, label: 'A folder, one file each' }] : []),
            ]}
            onChange={(value) => state.setOptions({ packaging: value })}
          />
        )}
        <CheckField
          label="Redact secrets (API keys, tokens, private keys, passwords, your home folder)"
          testId="export-redact"
          checked={redact}
          onChange={(value) => state.setOptions({ redact: value })}
        />
        {single && redact && state.preview && <RedactionPreview counts={state.preview.counts} />}
        {!redact && (
          <p className="muted">
            Exports can contain prompts, responses, tool arguments, command output and file
            contents.
          </p>
        )}
        <BatchStatus />
        {state.done && (
          <p role="status" data-testid="export-done">
            {state.done}
          </p>
        )}
        {state.error && (
          <p className="error-text" role="alert">
            {state.error.message}
          </p>
        )}
        <div className="dialog-actions">
          {state.job ? (
            <button type="button" className="ghost" onClick={() => void state.cancel()}>
              Cancel export
            </button>
          ) : (
            <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
              Close
            </button>
          )}
          <button
            type="submit"
            className="ghost"
            data-testid="export-start"
            disabled={state.busy || state.job !== null}
          >
            {desktop ? 'Export…' : 'Export'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
