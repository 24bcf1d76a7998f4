import { useEffect, useState } from 'react'
import { registerCommand } from '../../state/commands'
import { SHORTCUTS } from './keymap'
import { useModal } from '../../components/dialogs'

/** The keyboard shortcuts overlay (`?`). */
export function ShortcutsOverlay() {
  const [open, setOpen] = useState(false)
  const dialog = useModal(open)
  useEffect(() => registerCommand('shortcuts', () => setOpen(true)), [])
  return (
    <dialog
      ref={dialog}
      className="dialog"
      data-testid="shortcuts"
      aria-labelledby="shortcuts-title"
      onClose={() => setOpen(false)}
    >
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.command}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.description}</td>
            </tr>
          ))}
          <tr>
            <td>
              <kbd>↑</kbd> <kbd>↓</kbd>
            </td>
            <td>
              Move through projects, sessions and tree entries (the transcript follows the tree)
            </td>
          </tr>
          <tr>
            <td>
              <kbd>↓</kbd> <kbd>Enter</kbd>
            </td>
            <td>From the search box into the results; open the focused one</td>
          </tr>
          <tr>
            <td>
              <kbd>j</kbd> <kbd>k</kbd>
            </td>
            <td>Next / previous message in the transcript</td>
          </tr>
          <tr>
            <td>
              <kbd>]</kbd> <kbd>[</kbd>
            </td>
            <td>Next / previous user turn in the transcript</td>
          </tr>
          <tr>
            <td>
              <kbd>Enter</kbd> <kbd>Shift+Enter</kbd> <kbd>Esc</kbd>
            </td>
            <td>In the find bar: next / previous match, close</td>
          </tr>
          <tr>
            <td>
              <kbd>←</kbd> <kbd>→</kbd>
            </td>
            <td>Move between the chips of a filter group</td>
          </tr>
          <tr>
            <td>
              <kbd>Space</kbd>
            </td>
            <td>Tick the focused session (for Move to trash)</td>
          </tr>
          <tr>
            <td>
              <kbd>Tab</kbd>
            </td>
            <td>Move between the panes</td>
          </tr>
        </tbody>
      </table>
      <form method="dialog" className="dialog-actions">
        <button type="submit" className="ghost" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  )
}
