/**
 * The PiSessionsApi interface: what `window.api` (Electron preload) and the HTTP client
 * (server mode) both provide. The renderer's `src/api/client.ts` is its only user.
 */
import type { Channel } from './channels'
import type { Envelope } from './errors'
import type { EventListener } from './events'
import type { ChannelArgs, ChannelResult } from './schemas'

/** The transport-level API: one generic invoke per channel, returning the envelope. */
export interface PiSessionsApi {
  /** Calls `channel` with `args`; resolves to the envelope, never rejects for API errors. */
  invoke<C extends Channel>(channel: C, args: ChannelArgs<C>): Promise<Envelope<ChannelResult<C>>>
  /**
   * Listens to every event main pushes; returns the function that stops listening.
   * Payloads are typed by `EVENT_SCHEMAS` (contract/events.ts).
   */
  subscribe(listener: EventListener): () => void
}

export type { Channel } from './channels'
export type { Envelope, ErrorCode, ApiErrorData } from './errors'
