import { useEffect, useState } from 'react'
import type { Terminal, TreeFilter, UserSettings } from '../../../../preload/contract/app'
import { registerCommand } from '../../state/commands'
import { useLibrary } from '../../state/library'
import { TERMINAL_CHOICES } from './terminals'
import { useSettings } from '../../state/settings'
import { useModal } from '../../components/dialogs'
import { CheckField, ChoiceField } from '../../components/fields'

const FILTERS: { value: TreeFilter; label: string }[] = [
  { value: 'default', label: 'Default (as pi’s /tree)' },
  { value: 'no-tools', label: 'No tool results' },
  { value: 'user-only', label: 'User messages only' },
  { value: 'labeled-only', label: 'Labeled only' },
  { value: 'all', label: 'All entries' },
]

/** The settings dialog (Ctrl/Cmd+,): theme, hidden messages, delete confirmation, tree filter. */
export function SettingsDialog() {
  const settings = useSettings((s) => s.settings)
  const error = useSettings((s) => s.error)
  const update = useSettings((s) => s.update)
  const desktop = useLibrary((s) => s.info?.host === 'electron')
  const [open, setOpen] = useState(false)
  const dialog = useModal(open)
  useEffect(() => registerCommand('settings', () => setOpen(true)), [])

  const theme = (value: UserSettings['theme'], label: string) => (
    <label className="radio">
      <input
        type="radio"
        name="theme"
        value={value}
        checked={settings?.theme === value}
        onChange={() => void update({ theme: value })}
      />
      {label}
    </label>
  )

  return (
    <dialog
      ref={dialog}
      className="dialog"
      data-testid="settings-dialog"
      aria-labelledby="settings-title"
      onClose={() => setOpen(false)}
    >
      <h2 id="settings-title">Settings</h2>
      {settings && (
        <form method="dialog" className="settings-form">
          <fieldset>
            <legend>Theme</legend>
            {theme('system', 'Follow the system')}
            {theme('light', 'Light')}
            {theme('dark', 'Dark')}
          </fieldset>
          <CheckField
            label="Show hidden custom messages"
            testId="setting-show-hidden"
            checked={settings.showHidden}
            onChange={(showHidden) => void update({ showHidden })}
          />
          <CheckField
            label="Confirm before moving sessions to the trash"
            testId="setting-confirm-delete"
            checked={settings.confirmDelete}
            onChange={(confirmDelete) => void update({ confirmDelete })}
          />
          <ChoiceField<TreeFilter>
            label="Default tree filter"
            value={settings.defaultTreeFilter}
            options={FILTERS}
            onChange={(defaultTreeFilter) => void update({ defaultTreeFilter })}
          />
          {desktop && (
            <ChoiceField<Terminal>
              label="Terminal for “Open in terminal”"
              testId="setting-terminal"
              value={settings.terminal}
              options={TERMINAL_CHOICES}
              onChange={(terminal) => void update({ terminal })}
            />
          )}
          <p className="muted">Session folders are managed under “Folders” in the sidebar.</p>
          {error && (
            <p className="error-text" role="alert">
              {error.message}
            </p>
          )}
          <div className="dialog-actions">
            <button type="submit" className="ghost">
              Close
            </button>
          </div>
        </form>
      )}
    </dialog>
  )
}
