/**
 * The Electron host of the handler table: one `ipcMain.handle` per channel, refusing
 * calls from any frame that is not the app's own renderer.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { CHANNELS } from '../../preload/contract/channels'
import { fail } from '../../preload/contract/errors'
import type { HandlerTable } from '../api/context'
import { dispatch, type ErrorLog } from '../api/dispatch'

/**
 * Registers every channel.
 * @param isTrustedUrl decides whether a sender frame URL is the app's renderer
 * @param log the app logger, for unexpected handler errors
 */
export function registerIpc(
  handlers: HandlerTable,
  isTrustedUrl: (url: string) => boolean,
  log: ErrorLog,
): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, args: unknown) => {
      const url = event.senderFrame?.url ?? ''
      if (!isTrustedUrl(url)) return fail('unauthorized', 'Call from an untrusted frame')
      return dispatch(handlers, channel, args, log)
    })
  }
}
