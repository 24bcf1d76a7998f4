/**
 * The desktop app's file dialogs for exports (DesktopActions in main/api/context.ts): the OS
 * save dialog, which asks before replacing a file, and the folder picker, both opening in the
 * user's Downloads folder.
 */
import { app, BrowserWindow, dialog } from 'electron'
import { join } from 'node:path'
import type { DesktopActions } from '../api/context'

/** `chooseSavePath` and `chooseFolder` over Electron's dialog module. */
export const exportDialogs: Pick<DesktopActions, 'chooseSavePath' | 'chooseFolder'> = {
  async chooseSavePath({ title, defaultName, filters }) {
    const options = {
      title,
      defaultPath: join(app.getPath('downloads'), defaultName),
      filters,
      properties: ['showOverwriteConfirmation', 'createDirectory'] as (
        'showOverwriteConfirmation' | 'createDirectory'
      )[],
    }
    const window = BrowserWindow.getFocusedWindow()
    const result = await (window
      ? dialog.showSaveDialog(window, options)
      : dialog.showSaveDialog(options))
    return result.canceled || !result.filePath ? null : result.filePath
  },
  async chooseFolder({ title }) {
    const options = {
      title,
      defaultPath: app.getPath('downloads'),
      properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
    }
    const window = BrowserWindow.getFocusedWindow()
    const result = await (window
      ? dialog.showOpenDialog(window, options)
      : dialog.showOpenDialog(options))
    return result.canceled ? null : (result.filePaths[0] ?? null)
  },
}
