/**
 * The body of one transcript entry by kind (pi spec 2.3): messages, tool results, bash runs,
 * extension messages, compaction and branch summary cards, and small markers for settings.
 */
import { useState } from 'react'
import type { ItemBody as Body, PathItem } from '../../../../preload/contract/session-view'
import { CollapsibleText } from '../../components/CollapsibleText'
import { KeptDetails } from '../../components/KeptDetails'
import { Markdown } from '../../components/Markdown'
import { tokens } from '../../components/format'
import { Marked } from '../../components/marks'
import { Blocks } from './Blocks'
import { useEntryBrief } from './entry-brief'

type Of<K extends Body['kind']> = Extract<Body, { kind: K }>

function Bash({ body }: { body: Of<'bash'> }) {
  return (
    <div className="bash">
      <div className="bash-command">
        <code>
          $ <Marked text={body.command} />
        </code>
        {body.exitCode !== null && (
          <span className={`badge ${body.exitCode === 0 ? 'ok' : 'error'}`}>
            exit {body.exitCode}
          </span>
        )}
        {body.cancelled && <span className="badge warn">cancelled</span>}
        {body.truncated && <span className="badge warn">output truncated</span>}
        {body.excluded && (
          <span
            className="badge muted-badge"
            data-testid="excluded"
            title="A !! command: stored, never sent to the model"
          >
            !! not sent to the model
          </span>
        )}
      </div>
      {body.output && <CollapsibleText text={body.output} cut={body.outputCut} />}
      {body.fullOutputPath && <div className="muted small">Full output: {body.fullOutputPath}</div>}
    </div>
  )
}

function ToolResult({ body, sessionId }: { body: Of<'toolResult'>; sessionId: string }) {
  return (
    <div className="tool-result">
      {body.call ? (
        <KeptDetails part="call-args" className="tool-call-args">
          <summary>
            arguments of <code>{body.call.name}</code>
          </summary>
          <CollapsibleText text={body.call.args} />
        </KeptDetails>
      ) : (
        <div className="muted small">
          No matching call on this path (call id {body.toolCallId || 'missing'})
        </div>
      )}
      <Blocks blocks={body.content} sessionId={sessionId} plain />
    </div>
  )
}

function Hidden({ body, sessionId }: { body: Of<'custom'>; sessionId: string }) {
  const [open, setOpen] = useState(false)
  if (open) return <Blocks blocks={body.content} sessionId={sessionId} />
  return (
    <div className="hidden-message" data-testid="hidden-message">
      Hidden extension message (display: false){' '}
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        show
      </button>
    </div>
  )
}

/** Where a compaction's kept entries start, named by that entry's content (id in the tooltip). */
function KeptFrom({ id }: { id: string }) {
  const describe = useEntryBrief()
  return <span title={`Entry ${id}`}>Keeps entries from {describe(id)}</span>
}

/** A summary card (compaction, branch summary): the title is the entry header's. */
function Card({ summary, children }: { summary: string; children?: React.ReactNode }) {
  return (
    <div className="summary-card">
      {children}
      <details open className="card-summary">
        <summary>Summary</summary>
        <Markdown text={summary} />
      </details>
    </div>
  )
}

/** Renders one item's body. */
export function ItemBody({
  item,
  sessionId,
  showHidden,
}: {
  item: PathItem
  sessionId: string
  showHidden: boolean
}) {
  const body = item.body
  switch (body.kind) {
    case 'user':
    case 'system':
      return <Blocks blocks={body.content} sessionId={sessionId} />
    case 'assistant':
      return (
        <>
          <Blocks blocks={body.content} sessionId={sessionId} />
          {body.stopReason === 'aborted' && <div className="stop aborted">Aborted</div>}
          {body.errorMessage && (
            <div className="stop error" role="note">
              Error: {body.errorMessage}
            </div>
          )}
          {body.stopReason === 'length' && (
            <div className="stop warn">Stopped: output length limit</div>
          )}
        </>
      )
    case 'toolResult':
      return <ToolResult body={body} sessionId={sessionId} />
    case 'bash':
      return <Bash body={body} />
    case 'custom':
      return body.display || showHidden ? (
        <Blocks blocks={body.content} sessionId={sessionId} />
      ) : (
        <Hidden body={body} sessionId={sessionId} />
      )
    case 'compaction':
      return (
        <Card summary={body.summary}>
          <div className="muted small">
            {body.firstKeptEntryId ? (
              <KeptFrom id={body.firstKeptEntryId} />
            ) : (
              'Keeps no earlier entries'
            )}
            {body.fromHook && ' · by an extension'}
            {body.retainedTail > 0 && ` · carries ${body.retainedTail} retained messages`}
          </div>
        </Card>
      )
    case 'branchSummary':
      return <Card summary={body.summary} />
    case 'unknown':
      return (
        <KeptDetails part="unknown-entry" className="unknown-entry">
          <summary>{body.label} (not a type pi knows; shown as stored)</summary>
          <CollapsibleText text={body.json} />
        </KeptDetails>
      )
    default:
      return null
  }
}

/**
 * One-line text of marker entries (settings and bookkeeping), or null for full items.
 * @param describe names an entry another entry points at (labels, context edits) by its content
 */
export function markerText(body: Body, describe: (id: string) => string): string | null {
  switch (body.kind) {
    case 'modelChange':
      return `model → ${body.provider}/${body.modelId}`
    case 'thinkingChange':
      return `thinking → ${body.level}`
    case 'label':
      return body.label
        ? `label “${body.label}” on ${describe(body.targetId)}`
        : `label cleared on ${describe(body.targetId)}`
    case 'sessionInfo':
      return body.name ? `session named “${body.name}”` : 'session name cleared'
    case 'usage':
      return `usage (${body.usageKind}) · ${body.model}${body.usage ? ` · ${tokens(body.usage.totalTokens)} tokens` : ''}${body.note ? ` · ${body.note}` : ''}`
    case 'contextEdit':
      return `context edit: ${body.mode === 'omit' ? 'omits' : 'replaces'} ${describe(body.targetId)}`
    case 'customEntry':
      return `extension state (${body.customType})`
    default:
      return null
  }
}
