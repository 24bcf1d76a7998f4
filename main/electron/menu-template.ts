/**
 * The application menu template: standard roles (File, Edit, View, Window, Help) plus the app's
 * commands with their accelerators. Commands go to the renderer as `app:command` events,
 * where the same handler serves the keyboard shortcuts of server mode.
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { AppCommand } from '../../preload/contract/app'

type Command = AppCommand['command']

/**
 * The menu template (pure data apart from the click callbacks, so it can be checked).
 * @param send delivers a command to the focused window's renderer
 * @param openExternal opens an http(s) link in the OS browser
 */
export function menuTemplate(
  send: (command: Command) => void,
  isMac: boolean,
  openExternal: (url: string) => void,
): MenuItemConstructorOptions[] {
  const item = (
    label: string,
    command: Command,
    accelerator?: string,
  ): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => send(command),
  })
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        item('Quick Open…', 'quick-open', 'CmdOrCtrl+K'),
        item('Find in Library', 'search', 'CmdOrCtrl+F'),
        // CmdOrCtrl+F finds in the session too when focus is in its view (renderer wiring).
        item('Find in Session', 'find'),
        { type: 'separator' },
        item('Refresh Library', 'refresh', 'CmdOrCtrl+R'),
        item('Settings…', 'settings', 'CmdOrCtrl+,'),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
        { type: 'separator' },
        // Ctrl/Cmd+Z outside a text field reaches the renderer first, which undoes the last edit.
        item('Undo Last Edit or Deletion', 'undo'),
        item('Rename Session…', 'rename', 'F2'),
        item('Label Entry…', 'label'),
        item('Export Session…', 'export'),
        item('Move to Trash…', 'delete', isMac ? 'Cmd+Backspace' : 'Delete'),
      ],
    },
    {
      label: 'View',
      submenu: [
        item('Show Hidden Entries', 'toggle-hidden', 'CmdOrCtrl+H'),
        item('Project Sidebar', 'toggle-sidebar', 'CmdOrCtrl+B'),
        item('Branch Tree', 'toggle-tree'),
        item('Reading Mode', 'reading-mode', 'CmdOrCtrl+.'),
        item('Insights', 'insights', 'CmdOrCtrl+I'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'toggleDevTools' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        item('Keyboard Shortcuts', 'shortcuts', 'Shift+/'),
        {
          label: 'pi Session Format',
          click: () => openExternal('https://www.npmjs.com/package/@mariozechner/pi-coding-agent'),
        },
      ],
    },
  ]
}
