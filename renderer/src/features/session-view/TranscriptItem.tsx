/**
 * One entry of the transcript: a header (who, when, where in the file, whether the model sees
 * it) with per-message details on demand (model, tokens, cost), then its body.
 */
import { memo, useCallback, useState } from 'react'
import type { PathItem } from '../../../../preload/contract/session-view'
import { clock, cost, tokens, when } from '../../components/format'
import { CopyButton } from '../../components/CopyButton'
import { TextOwner } from '../../components/kept-view'
import { WholeText } from '../../components/whole-text'
import { isCut } from '../../state/path-state'
import { useSessionView } from '../../state/session'
import { ItemBody, markerText } from './ItemBody'
import { messageText } from './message-text'
import { useEntryBrief } from './entry-brief'

const TITLES: Record<string, string> = {
  user: 'User',
  assistant: 'Assistant',
  toolResult: 'Tool result',
  bash: 'Bash',
  custom: 'Extension message',
  system: 'System prompt',
  compaction: 'Compaction',
  branchSummary: 'Branch summary',
  unknown: 'Unknown entry',
}

/** A short note when the model does not get this entry as stored, and why (tooltip). */
function contextNote(item: PathItem): { text: string; why: string } | null {
  if (item.edited === 'omitted')
    return { text: 'omitted', why: 'A context edit removes this entry from the model’s context' }
  if (item.inContext) {
    return item.edited === 'replaced'
      ? { text: 'edited', why: 'A context edit replaced what the model sees here' }
      : null
  }
  if (item.body.kind === 'compaction')
    return { text: 'superseded', why: 'A later compaction replaces this one' }
  return { text: 'compacted away', why: 'Not in the model’s context: a compaction summarises it' }
}

function Details({ item }: { item: PathItem }) {
  const b = item.body
  return (
    <dl className="item-details" data-testid="item-details">
      <dt>Entry</dt>
      <dd>
        {item.id || '(no id)'} · line {item.line} · {item.type}
      </dd>
      <dt>Time</dt>
      <dd>{when(item.time)}</dd>
      {b.kind === 'assistant' && (
        <>
          <dt>Model</dt>
          <dd>
            {[b.provider, b.model].filter(Boolean).join('/') || 'unknown model'}
            {b.thinkingLevel ? ` · thinking ${b.thinkingLevel}` : ''} · stop: {b.stopReason || '?'}
          </dd>
          {b.usage && (
            <>
              <dt>Tokens</dt>
              <dd>
                {tokens(b.usage.input)} in · {tokens(b.usage.output)} out ·{' '}
                {tokens(b.usage.cacheRead)} cache read · {tokens(b.usage.cacheWrite)} cache write
              </dd>
              <dt>Cost</dt>
              <dd>{cost(b.usage.cost)}</dd>
            </>
          )}
        </>
      )}
    </dl>
  )
}

/** Props of {@link TranscriptItem}. */
export interface TranscriptItemProps {
  item: PathItem
  index: number
  sessionId: string
  showHidden: boolean
  selected: boolean
  /**
   * Shown in a preview of the path's end (TailPreview), over the list while it is hidden: the
   * entry is `preview-entry`, so what looks for the list's own entries (the j/k keys, find in
   * the session, tests) never takes the preview's copy of one.
   */
  preview?: boolean
}

/**
 * Renders one path item (entries carry `data-testid="transcript-entry"`, or `preview-entry` in
 * a preview, and `data-entry-id`).
 */
export const TranscriptItem = memo(function TranscriptItem({
  item,
  index,
  sessionId,
  showHidden,
  selected,
  preview = false,
}: TranscriptItemProps) {
  const [info, setInfo] = useState(false)
  const describe = useEntryBrief()
  const fetchWhole = useCallback(() => useSessionView.getState().wholeItem(index), [index])
  const marker = markerText(item.body, describe)
  const note = contextNote(item)
  const classes = ['entry', `entry-${item.body.kind}`]
  if (!item.inContext) classes.push('out-of-context')
  if (selected) classes.push('selected-entry')
  const common = {
    'data-testid': preview ? 'preview-entry' : 'transcript-entry',
    'data-entry-id': item.id,
    'data-pos': item.pos,
    'data-index': index,
    'data-kind': item.body.kind,
    'data-in-context': item.inContext ? 'true' : 'false',
    // Focusable for j/k and [ ] (not a Tab stop: the list is read by those keys).
    tabIndex: -1,
  }
  if (marker !== null) {
    return (
      <div
        {...common}
        className={`${classes.join(' ')} marker`}
        title={`${when(item.time)} · line ${item.line}`}
      >
        <span title={'targetId' in item.body ? `Entry ${item.body.targetId}` : undefined}>
          {marker}
        </span>
        {note && (
          <span className="context-note" title={note.why}>
            {note.text}
          </span>
        )}
      </div>
    )
  }
  const b = item.body
  const title =
    b.kind === 'custom'
      ? `Extension message · ${b.customType}`
      : b.kind === 'toolResult'
        ? `Tool result · ${b.call?.name ?? b.toolName}`
        : b.kind === 'compaction'
          ? `Compaction · ${tokens(b.tokensBefore)} tokens before`
          : b.kind === 'branchSummary'
            ? `Branch summary · from ${b.fromId ? describe(b.fromId) : 'an unknown entry'}`
            : TITLES[b.kind]
  return (
    <article {...common} className={classes.join(' ')}>
      <header className="entry-head">
        <span className="entry-role">{title}</span>
        {b.kind === 'toolResult' && b.isError && (
          <span className="badge error" data-testid="tool-error">
            error
          </span>
        )}
        {b.kind === 'assistant' && b.model && <span className="muted small">{b.model}</span>}
        {note && (
          <span className="context-note" data-testid="context-note" title={note.why}>
            {note.text}
          </span>
        )}
        <span className="entry-actions">
          <span className="entry-time muted small" title={when(item.time)}>
            {clock(item.time)}
          </span>
          {messageText(b) !== null && (
            <CopyButton
              label="Copy message"
              testId="copy-message"
              text={async () => {
                if (preview || !isCut(item)) return messageText(b) ?? ''
                // Sent cut: the copy is of the whole text.
                await fetchWhole()
                const whole = useSessionView.getState().path?.items.get(index)
                // Never a part for the whole: "Copy failed" instead.
                if (!whole || isCut(whole)) throw new Error('the whole text could not be read')
                return messageText(whole.body) ?? ''
              }}
            />
          )}
          <button
            type="button"
            className="info-button"
            aria-expanded={info}
            aria-label="Entry details"
            title="Details: model, tokens, cost"
            onClick={() => setInfo(!info)}
          >
            i
          </button>
        </span>
      </header>
      {info && <Details item={item} />}
      <TextOwner.Provider value={`${sessionId}/${item.id}`}>
        <WholeText.Provider value={preview ? null : fetchWhole}>
          <ItemBody item={item} sessionId={sessionId} showHidden={showHidden} />
        </WholeText.Provider>
      </TextOwner.Provider>
    </article>
  )
})
