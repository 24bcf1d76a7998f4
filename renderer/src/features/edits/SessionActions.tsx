import { useEffect } from 'react'
import type { SessionOverview } from '../../../../preload/contract/session-view'
import { call, errorData } from '../../api/client'
import { registerCommand, runCommand } from '../../state/commands'
import { useEdits } from '../../state/edits'
import { useExport } from '../export/store'
import { useLibrary } from '../../state/library'
import { useSessionView } from '../../state/session'
import { useEditBlock } from '../../state/session-file'
import { sessionInfo, showToast } from '../toasts/show'
import { extractPrompt } from './extract'

/**
 * The session's actions: rename (F2), label the selected entry (L), extract the
 * branch ending at the selected entry (asking for its name first), copy the resume command or
 * the path, and in the desktop app reveal the file or open the project folder. On a read-only
 * session the edits are disabled; the header says why in words.
 */
export function SessionActions({ overview }: { overview: SessionOverview }) {
  const sessionId = useSessionView((s) => s.sessionId)
  const selected = useSessionView((s) => s.selected)
  const desktop = useLibrary((s) => s.info?.host === 'electron')
  const busy = useEdits((s) => s.busy)
  const why = useEditBlock(overview) ?? undefined
  const readOnly = why !== undefined

  useEffect(() => {
    if (!sessionId || readOnly) return
    return registerCommand('rename', () =>
      useEdits.getState().ask({ kind: 'rename', sessionId, initial: overview.name ?? '' }),
    )
  }, [sessionId, readOnly, overview.name])

  useEffect(() => {
    if (!sessionId) return
    return registerCommand('export', () =>
      useExport.getState().open({ kind: 'session', sessionId, selected }),
    )
  }, [sessionId, selected])

  if (!sessionId) return null
  const copy = async (what: 'resume' | 'path') => {
    const fail = (body: string) => showToast({ id: 'copied', kind: 'error', body, sessionId })
    let text: string
    try {
      const info = await call('session:file-info', { sessionId })
      text = what === 'resume' ? info.resumeCommand : info.file
    } catch (error) {
      return fail(errorData(error).message)
    }
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      // The system refused the clipboard (no permission, the window not focused): the text
      // itself, to copy by hand.
      const name = what === 'resume' ? 'resume command' : 'path'
      return fail(`The clipboard refused the ${name}; here it is to copy by hand: ${text}`)
    }
    sessionInfo('copied', what === 'resume' ? 'Resume command copied' : 'Path copied')
  }
  const askToExtract = () => {
    const rows = useSessionView.getState().rows
    const prompt = selected && rows ? extractPrompt(sessionId, rows, selected) : null
    if (prompt) useEdits.getState().ask(prompt)
  }
  const openTerminal = async () => {
    try {
      await call('session:open-terminal', { sessionId })
      sessionInfo('terminal', 'Terminal opened')
    } catch (error) {
      showToast({ id: 'terminal', kind: 'error', body: errorData(error).message, sessionId })
    }
  }
  return (
    <div className="session-actions" role="toolbar" aria-label="Session actions">
      <button
        type="button"
        className="ghost small"
        data-testid="action-rename"
        disabled={readOnly || busy}
        title={why ?? 'Rename this session (F2)'}
        onClick={() =>
          useEdits.getState().ask({ kind: 'rename', sessionId, initial: overview.name ?? '' })
        }
      >
        Rename
      </button>
      <button
        type="button"
        className="ghost small"
        data-testid="action-label"
        disabled={readOnly || busy || !selected?.id}
        title={why ?? 'Label the selected entry (L)'}
        onClick={() => runCommand('label')}
      >
        Label…
      </button>
      <button
        type="button"
        className="ghost small"
        data-testid="action-extract"
        disabled={readOnly || busy || !selected?.id}
        title={why ?? 'Extract the branch ending at the selected entry into a new session'}
        onClick={askToExtract}
      >
        Extract branch…
      </button>
      <button
        type="button"
        className="ghost small"
        data-testid="action-export"
        title="Export this session or branch as HTML, Markdown or JSONL (E)"
        onClick={() => runCommand('export')}
      >
        Export…
      </button>
      <button
        type="button"
        className="ghost small"
        data-testid="action-copy-resume"
        onClick={() => void copy('resume')}
      >
        Copy resume command
      </button>
      <button
        type="button"
        className="ghost small"
        data-testid="action-copy-path"
        onClick={() => void copy('path')}
      >
        Copy path
      </button>
      {desktop && (
        <>
          <button
            type="button"
            className="ghost small"
            data-testid="action-open-terminal"
            title="Resume this session in pi, in a terminal in its project folder (the terminal is chosen in Settings)"
            onClick={() => void openTerminal()}
          >
            Open in terminal
          </button>
          <button
            type="button"
            className="ghost small"
            onClick={() => void call('session:reveal', { sessionId, target: 'file' })}
          >
            Reveal in file manager
          </button>
          <button
            type="button"
            className="ghost small"
            onClick={() => void call('session:reveal', { sessionId, target: 'project' })}
          >
            Open project folder
          </button>
        </>
      )}
    </div>
  )
}
