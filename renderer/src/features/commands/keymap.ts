/**
 * Keyboard shortcuts, the same in Electron and in the browser. Plain-letter and
 * Delete shortcuts are ignored while typing in a field; modifier shortcuts always work.
 */
import { runCommand, searchOrFind, type CommandName } from '../../state/commands'

/** One shortcut as shown in the overlay. */
export interface Shortcut {
  keys: string
  command: CommandName
  description: string
}

const mod = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'

/** Every shortcut, for the overlay and the matcher. */
export const SHORTCUTS: Shortcut[] = [
  { keys: `${mod}+F`, command: 'search', description: 'Search the library' },
  {
    keys: `${mod}+F`,
    command: 'find',
    description: 'Find in the session (from inside the session view)',
  },
  { keys: `${mod}+K`, command: 'quick-open', description: 'Quick open a session' },
  { keys: 'F2', command: 'rename', description: 'Rename the selected session' },
  { keys: 'L', command: 'label', description: 'Label the selected tree entry' },
  { keys: 'E', command: 'export', description: 'Export the open session or branch' },
  { keys: 'Delete', command: 'delete', description: 'Move the selected sessions to the trash' },
  { keys: `${mod}+Z`, command: 'undo', description: 'Undo the last edit or deletion' },
  { keys: `${mod}+R`, command: 'refresh', description: 'Refresh the library' },
  { keys: `${mod}+H`, command: 'toggle-hidden', description: 'Show or hide hidden entries' },
  { keys: `${mod}+B`, command: 'toggle-sidebar', description: 'Show or hide the project sidebar' },
  { keys: 'T', command: 'toggle-tree', description: 'Show or hide the branch tree' },
  { keys: `${mod}+.`, command: 'reading-mode', description: 'Reading mode: the session alone' },
  { keys: `${mod}+,`, command: 'settings', description: 'Settings' },
  { keys: `${mod}+I`, command: 'insights', description: 'Show or hide Insights' },
  { keys: '?', command: 'shortcuts', description: 'This list of shortcuts' },
]

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el) return false
  if (el.isContentEditable || ['TEXTAREA', 'SELECT'].includes(el.tagName)) return true
  // A focused checkbox or button takes no text: Delete and L still mean their command.
  return (
    el.tagName === 'INPUT' &&
    !['checkbox', 'radio', 'button', 'submit'].includes((el as HTMLInputElement).type)
  )
}

/** The command a key event stands for, or null. */
export function commandFor(e: KeyboardEvent): CommandName | null {
  const modifier = e.ctrlKey || e.metaKey
  if (modifier && !e.altKey) {
    const key = e.key.toLowerCase()
    if (key === 'f') return searchOrFind(e.target)
    if (key === 'k') return 'quick-open'
    if (key === 'r') return 'refresh'
    if (key === 'h') return 'toggle-hidden'
    if (key === 'b') return 'toggle-sidebar'
    if (key === '.') return 'reading-mode'
    if (key === ',') return 'settings'
    if (key === 'i') return 'insights'
    if (key === 'backspace' && e.metaKey) return 'delete'
    // In a text field Ctrl/Cmd+Z undoes typing, as everywhere.
    if (key === 'z' && !e.shiftKey) return typing(e.target) ? null : 'undo'
    return null
  }
  if (e.key === 'F2') return 'rename'
  if (typing(e.target) || e.altKey) return null
  if (e.key === '?') return 'shortcuts'
  if (e.key === 'Delete') return 'delete'
  if (e.key === 'l' || e.key === 'L') return 'label'
  if (e.key === 'e' || e.key === 'E') return 'export'
  if (e.key === 't' || e.key === 'T') return 'toggle-tree'
  return null
}

/** Installs the global key handler; returns the function that removes it. */
export function installKeymap(): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return
    const command = commandFor(e)
    if (command && runCommand(command)) e.preventDefault()
  }
  window.addEventListener('keydown', onKey)
  return () => window.removeEventListener('keydown', onKey)
}
