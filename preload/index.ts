/**
 * Preload: exposes `window.api` (the PiSessionsApi) through contextBridge. No logic
 * beyond refusing names that are not channels or events of the contract.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { PiSessionsApi } from './contract/api'
import { EVENT_CHANNEL, isChannel } from './contract/channels'
import { eventArgs } from './contract/event-message'

const api: PiSessionsApi = {
  invoke: (channel, args) =>
    isChannel(channel)
      ? ipcRenderer.invoke(channel, args)
      : Promise.resolve({ ok: false, error: { code: 'not_found', message: 'Unknown channel' } }),
  subscribe: (listener) => {
    const forward = (_event: IpcRendererEvent, message: unknown) => {
      const args = eventArgs(message)
      if (args) listener(...args)
    }
    ipcRenderer.on(EVENT_CHANNEL, forward)
    return () => void ipcRenderer.removeListener(EVENT_CHANNEL, forward)
  },
}

contextBridge.exposeInMainWorld('api', api)
