/**
 * Preload: exposes `window.api` (the PiSessionsApi) through contextBridge. No logic
 * beyond refusing names that are not channels or events of the contract.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { PiSessionsApi } from './contract/api'
import { EVENTS, isChannel, type EventName } from './contract/channels'

// Mirrors main/electron/ipc.ts EVENT_CHANNEL (the preload cannot import main code).
const EVENT_CHANNEL = 'pi-sessions:event'

const api: PiSessionsApi = {
  invoke: (channel, args) =>
    isChannel(channel)
      ? ipcRenderer.invoke(channel, args)
      : Promise.resolve({ ok: false, error: { code: 'not_found', message: 'Unknown channel' } }),
  subscribe: (listener) => {
    const forward = (_event: IpcRendererEvent, message: { event: EventName; payload: unknown }) => {
      if ((EVENTS as readonly string[]).includes(message?.event))
        listener(message.event, message.payload)
    }
    ipcRenderer.on(EVENT_CHANNEL, forward)
    return () => void ipcRenderer.removeListener(EVENT_CHANNEL, forward)
  },
}

contextBridge.exposeInMainWorld('api', api)
