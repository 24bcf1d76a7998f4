/**
 * The Electron host of the handler table: one `ipcMain.handle` per channel, refusing
 * calls from any frame that is not the app's own renderer.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { CHANNELS } from '../../preload/contract/channels'
import { fail } from '../../preload/contract/errors'
import { dispatch, type HandlerTable } from '../api/dispatch'

/** The one IPC channel main pushes API events on (`{event, payload}`). */
export const EVENT_CHANNEL = 'pi-sessions:event'

/**
 * Registers every channel.
 * @param isTrustedUrl decides whether a sender frame URL is the app's renderer
 */
export function registerIpc(handlers: HandlerTable, isTrustedUrl: (url: string) => boolean): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, args: unknown) => {
      const url = event.senderFrame?.url ?? ''
      if (!isTrustedUrl(url)) return fail('unauthorized', 'Call from an untrusted frame')
      return dispatch(handlers, channel, args)
    })
  }
}
