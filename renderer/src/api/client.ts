/**
 * The renderer's only reader of the transport: `window.api` when the Electron preload
 * provides it, else HTTP to server mode with the token from the URL fragment
 * (`#token=...`). Unwraps envelopes: resolves with the value or throws ApiError.
 */
import type { PiSessionsApi } from '../../../preload/contract/api'
import type { Channel } from '../../../preload/contract/channels'
import { ApiError, type Envelope } from '../../../preload/contract/errors'
import type { ChannelArgs, ChannelResult } from '../../../preload/contract/schemas'

declare global {
  interface Window {
    api?: PiSessionsApi
  }
}

/** Reads `token` from a fragment such as `#token=abc`; empty string when absent. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? ''
}

/** The HTTP transport of server mode: `POST /api/<channel>` with a bearer token. */
export function httpApi(token: string, base = ''): PiSessionsApi {
  return {
    async invoke(channel, args) {
      let response: Response
      try {
        response = await fetch(`${base}/api/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(args ?? {}),
        })
      } catch (error) {
        return { ok: false, error: { code: 'io', message: `Server unreachable: ${String(error)}` } }
      }
      try {
        return (await response.json()) as Envelope<never>
      } catch {
        return { ok: false, error: { code: 'internal', message: `HTTP ${response.status}` } }
      }
    },
  }
}

let transport: PiSessionsApi | null = null

function currentTransport(): PiSessionsApi {
  transport ??= window.api ?? httpApi(tokenFromHash(window.location.hash))
  return transport
}

/** Which host the renderer talks to. */
export function transportKind(): 'electron' | 'server' {
  return window.api ? 'electron' : 'server'
}

/**
 * Calls a channel and unwraps the envelope.
 * @throws ApiError with the envelope's code when the call fails
 */
export async function call<C extends Channel>(
  channel: C,
  args: ChannelArgs<C>,
): Promise<ChannelResult<C>> {
  const envelope = await currentTransport().invoke(channel, args)
  if (!envelope.ok) throw new ApiError(envelope.error.code, envelope.error.message)
  return envelope.value
}
