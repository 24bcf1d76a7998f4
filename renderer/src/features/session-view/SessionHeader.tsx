/**
 * The header bar of the open session: name, cwd, dates, models, tokens and cost, counts,
 * read-only state, where pi would resume when that is not the newest conversation, lineage
 * (parent session and forks, navigable) and the file's diagnostics.
 */
import type { ReactNode } from 'react'
import type { LibraryRow } from '../../../../preload/contract/library'
import { LiveBadge } from '../../components/LiveBadge'
import type { SessionLineage, SessionOverview } from '../../../../preload/contract/session-view'
import { bytes, clipped, cost, counted, tokens, when } from '../../components/format'
import { entryToKeep, useSessionView } from '../../state/session'
import { useSessionFile } from '../../state/session-file'
import { Diagnostics } from './Diagnostics'
import { useMovedTo } from './use-moved-to'
import { SessionActions } from '../edits/SessionActions'
import { oneLine, rowTitle } from '../library/format'

/**
 * The parent session (the header's parentSession, pi spec 2.1) with when this session was
 * forked from it, and this session's forks with their dates and message counts.
 */
function Lineage({ lineage, created }: { lineage: SessionLineage | null; created: number | null }) {
  const openSession = useSessionView((s) => s.openSession)
  if (!lineage || (!lineage.parent && !lineage.missingParent && lineage.forks.length === 0))
    return null
  return (
    <div className="lineage" data-testid="lineage">
      {lineage.parent && (
        <span>
          Fork of{' '}
          <button
            type="button"
            className="link-button"
            data-testid="lineage-parent"
            title={lineage.parent.fileName}
            onClick={() => void openSession(lineage.parent!.id)}
          >
            {oneLine(lineage.parent.title) || lineage.parent.fileName}
          </button>{' '}
          at {when(created)}
        </span>
      )}
      {lineage.missingParent && (
        <span className="muted">
          Fork of {lineage.missingParent} (not in the library) at {when(created)}
        </span>
      )}
      {lineage.forks.length > 0 && (
        <span className="lineage-forks">
          <span className="lineage-forks-label">Forks:</span>
          {lineage.forks.map((fork) => {
            const title = oneLine(fork.title) || fork.fileName
            return (
              <button
                key={fork.id}
                type="button"
                className="link-button fork-link"
                data-testid="lineage-fork"
                title={`${title}\n${fork.fileName}`}
                onClick={() => void openSession(fork.id)}
              >
                <span className="fork-link-title">{title}</span>
                <span className="fork-link-facts">
                  {' '}
                  ({when(fork.created)} · {counted(fork.messageCount, 'msg')})
                </span>
              </button>
            )
          })}
        </span>
      )}
    </div>
  )
}

/** A notice about the open session that the user can dismiss. */
function DismissibleNotice({
  testId,
  state,
  onDismiss,
  children,
}: {
  testId: string
  state?: string
  onDismiss(): void
  children: ReactNode
}) {
  return (
    <div className="file-notice" role="status" data-testid={testId} data-state={state}>
      {children}{' '}
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}

/**
 * Says when a link, or the selection kept while the session was read again, named an entry
 * this session does not have (pi's leaf is shown instead).
 */
function MissingEntryNotice() {
  const missing = useSessionView((s) => s.missingEntry)
  if (missing === null) return null
  const id = clipped(missing.id, 40)
  return (
    <DismissibleNotice
      testId="missing-entry-notice"
      onDismiss={() => useSessionView.setState({ missingEntry: null })}
    >
      {missing.namedBy === 'selection'
        ? `The selected entry ${id} is no longer in the file`
        : `The link names entry ${id}, which this session does not have`}
      : its last entry (where pi resumes) is shown instead.
    </DismissibleNotice>
  )
}

/**
 * Where the file went, as far as the library's row of it tells: the archive, a new name (in
 * the same folder or another: the row does not say which, so neither is claimed), or with the
 * same name another folder (the same path would be the same session).
 */
function movedWords(movedTo: LibraryRow, fileName: string): string {
  if (movedTo.archived) return 'This session’s file was moved into the archive'
  if (movedTo.fileName !== fileName)
    return `This session’s file was renamed or moved: it is now ${movedTo.fileName}`
  return 'This session’s file was moved to another folder'
}

/** Says when the file changed on disk since it was opened, or is gone, and where it went when it moved. */
function FileNotice({ overview }: { overview: SessionOverview }) {
  const state = useSessionFile((s) => s.state)
  const notice = useSessionFile((s) => s.notice)
  const reason = useSessionFile((s) => s.reason)
  const reload = useSessionView((s) => s.reload)
  const sessionId = useSessionView((s) => s.sessionId)
  const openSession = useSessionView((s) => s.openSession)
  const movedTo = useMovedTo(state === 'gone', sessionId, overview.headerId)
  if (state === 'current' && notice !== null) {
    return (
      <DismissibleNotice
        testId="file-notice"
        state="reopened"
        onDismiss={() => useSessionFile.setState({ notice: null })}
      >
        {notice}
      </DismissibleNotice>
    )
  }
  if (state === 'current') return null
  return (
    <div className="file-notice" role="status" data-testid="file-notice" data-state={state}>
      {state === 'gone' && movedTo ? (
        <>
          {movedWords(movedTo, overview.fileName)}; what you see is the last version read.{' '}
          <button
            type="button"
            className="link"
            data-testid="open-moved"
            onClick={() => void openSession(movedTo.id, entryToKeep(useSessionView.getState()))}
          >
            Open it there
          </button>
        </>
      ) : state === 'gone' ? (
        'This session’s file is gone (deleted or moved); what you see is the last version read.'
      ) : (
        <>
          {reason
            ? `The file could not be followed: ${reason.replace(/\.$/, '')}; what you see is the last version read.`
            : 'The file changed on disk and could not be followed.'}{' '}
          <button type="button" className="link" onClick={() => void reload(true)}>
            Reload
          </button>
        </>
      )}
    </div>
  )
}

/** The header of the session view. */
export function SessionHeader({ overview }: { overview: SessionOverview }) {
  const lineage = useSessionView((s) => s.lineage)
  const reload = useSessionView((s) => s.reload)
  // Opened from a skeleton built before pi appended: its counts are of the file's first
  // bytes until live follow has read the rest (a second or so).
  const behind = useSessionView((s) => s.behind)
  // A file deleted or moved while open is written to no more.
  const gone = useSessionFile((s) => s.state === 'gone')
  const s = overview.stats
  // The title the library's row gives it (an opened file is readable).
  const title = rowTitle({ ...overview, status: 'ok' })
  return (
    <header className="session-header" data-testid="session-header">
      <div className="session-title-row">
        <h2 className="session-name" title={title}>
          {title}
        </h2>
        {!gone && <LiveBadge mtimeMs={overview.mtimeMs} />}
        {overview.readOnly && (
          <span
            className="badge warn"
            data-testid="read-only"
            title={overview.readOnlyReason ?? ''}
          >
            read-only
          </span>
        )}
        {overview.readOnly && (
          <span className="read-only-reason" data-testid="read-only-reason">
            Editing is off: {overview.readOnlyReason ?? 'the file is damaged'}
          </span>
        )}
        {overview.version < 3 && (
          <span className="badge muted-badge">format v{overview.version}, migrated in memory</span>
        )}
        <button
          type="button"
          className="ghost small"
          onClick={() => void reload(true)}
          title="Read the file again"
        >
          Reload
        </button>
      </div>
      <div className="session-facts">
        <span title="Working directory (header cwd)">{overview.cwd ?? 'cwd unknown'}</span>
        <span title={`Created ${when(overview.created)}`}>created {when(overview.created)}</span>
        <span title="Last user or assistant activity">active {when(overview.modified)}</span>
        <span data-testid="stat-entries">{counted(s.entries, 'entry', 'entries')}</span>
        {behind && (
          <span className="muted" role="status" data-testid="catching-up">
            reading pi’s newest entries…
          </span>
        )}
        <span data-testid="stat-branches">{counted(s.branches, 'branch', 'branches')}</span>
        <span data-testid="stat-labels">{counted(s.labels, 'label')}</span>
        {s.compactions > 0 && <span>{counted(s.compactions, 'compaction')}</span>}
        <span
          title={`${tokens(s.usage.input)} in · ${tokens(s.usage.output)} out · ${tokens(s.usage.cacheRead)} cache read · ${tokens(s.usage.cacheWrite)} cache write`}
        >
          {tokens(s.usage.totalTokens)} tokens · {cost(s.usage.cost)}
        </span>
        {s.models.length > 0 && <span title={s.models.join('\n')}>{s.models.join(', ')}</span>}
        <span className="muted" title={overview.headerId ?? ''}>
          {overview.fileName} · {bytes(overview.size)}
        </span>
      </div>
      <FileNotice overview={overview} />
      <MissingEntryNotice />
      {overview.resumeNote && (
        <div className="file-notice" role="note" data-testid="resume-note">
          {overview.resumeNote}
        </div>
      )}
      <SessionActions overview={overview} />
      <Lineage lineage={lineage} created={overview.created} />
      <Diagnostics diagnostics={overview.diagnostics} />
    </header>
  )
}
