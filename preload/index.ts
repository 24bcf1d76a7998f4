/**
 * Preload: exposes `window.api` (the PiSessionsApi) through contextBridge. No logic
 * beyond refusing names that are not channels of the contract.
 */
import { contextBridge, ipcRenderer } from 'electron'
import type { PiSessionsApi } from './contract/api'
import { isChannel } from './contract/channels'

const api: PiSessionsApi = {
  invoke: (channel, args) =>
    isChannel(channel)
      ? ipcRenderer.invoke(channel, args)
      : Promise.resolve({ ok: false, error: { code: 'not_found', message: 'Unknown channel' } }),
}

contextBridge.exposeInMainWorld('api', api)
