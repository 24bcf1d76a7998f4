/**
 * Installs the application menu (template in menu-template.ts).
 */
import { Menu, shell } from 'electron'
import type { AppCommand } from '../../preload/contract/app'
import { menuTemplate } from './menu-template'

/** Installs the menu; commands go to `send`. */
export function installMenu(send: (command: AppCommand['command']) => void): void {
  const template = menuTemplate(
    send,
    process.platform === 'darwin',
    (url) => void shell.openExternal(url),
  )
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
