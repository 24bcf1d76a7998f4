/**
 * Above the transcript: the model's view vs raw entries, "show hidden", and what the model
 * gets from the selected entry (messages, compacted-away entries, thinking level, model).
 */
import { useSessionView } from '../../state/session'
import { useSettings } from '../../state/settings'
import { GLOSSARY } from '../../components/glossary'
import { counted, formatCount } from '../../components/format'

/**
 * `12 entries · 9 messages to the model`: one string, so no word can lose the space before
 * the next when the line is read as text.
 */
function pathFacts(entries: number, messages: number): string {
  return `${counted(entries, 'entry', 'entries')} · ${counted(messages, 'message')} to the model`
}

/** The transcript toolbar. */
export function TranscriptToolbar() {
  const raw = useSessionView((s) => s.raw)
  const setRaw = useSessionView((s) => s.setRaw)
  // The same setting as in Settings and Ctrl+H: one source of truth.
  const showHidden = useSettings((s) => s.settings?.showHidden ?? false)
  const update = useSettings((s) => s.update)
  const path = useSessionView((s) => s.path)
  return (
    <div className="transcript-toolbar">
      <div className="segmented" role="radiogroup" aria-label="View">
        <button
          type="button"
          role="radio"
          aria-checked={!raw}
          className={`chip${raw ? '' : ' on'}`}
          data-testid="view-context"
          onClick={() => setRaw(false)}
          title={GLOSSARY.modelsView}
        >
          Model’s view
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={raw}
          className={`chip${raw ? ' on' : ''}`}
          data-testid="view-raw"
          onClick={() => setRaw(true)}
          title={GLOSSARY.rawEntries}
        >
          Raw entries
        </button>
      </div>
      <label className="tree-check">
        <input
          type="checkbox"
          checked={showHidden}
          onChange={(e) => void update({ showHidden: e.target.checked })}
          data-testid="show-hidden"
        />
        Show hidden
      </label>
      {path && (
        <span className="muted small path-facts" data-testid="path-facts">
          {pathFacts(path.total, path.contextMessages)}
          {path.compactedAway > 0 && ` · ${formatCount(path.compactedAway)} compacted away`} ·
          thinking {path.thinkingLevel}
          {path.model && ` · ${path.model}`}
        </span>
      )}
    </div>
  )
}
