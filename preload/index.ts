/**
 * Preload: exposes `window.api` (the PiSessionsApi) through contextBridge. No logic beyond
 * refusing names that are not channels or events of the contract, and decoding a value main
 * sent as JSON bytes (contract/wire.ts).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { PiSessionsApi } from './contract/api'
import { EVENT_CHANNEL, isChannel } from './contract/channels'
import { eventArgs } from './contract/event-message'
import { openEnvelope, type WireEnvelope } from './contract/wire'
import type { ChannelResult } from './contract/schemas'

const api: PiSessionsApi = {
  invoke: (channel, args) =>
    isChannel(channel)
      ? ipcRenderer
          .invoke(channel, args)
          .then((wire: WireEnvelope<ChannelResult<typeof channel>>) => openEnvelope(wire))
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
