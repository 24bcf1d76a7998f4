/**
 * The renderer's only reader of the transport: `window.api` when the Electron preload
 * provides it, else HTTP to server mode with the token from the URL fragment
 * (`#token=...`). Unwraps envelopes: resolves with the value or throws ApiError.
 */
import type { PiSessionsApi } from '../../../preload/contract/api'
import type { Channel } from '../../../preload/contract/channels'
import { ApiError, type ApiErrorData, type Envelope } from '../../../preload/contract/errors'
import { eventArgs } from '../../../preload/contract/event-message'
import type { EventListener as Listener } from '../../../preload/contract/events'
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

/** Parses server-sent event text into `{event, payload}` messages; returns the unparsed rest. */
export function parseEventStream(buffer: string, emit: Listener): string {
  const blocks = buffer.split('\n\n')
  const rest = blocks.pop() ?? ''
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n')
    if (!data) continue
    try {
      const args = eventArgs(JSON.parse(data))
      if (args) emit(...args)
    } catch {
      // A malformed event is dropped; the next change notification carries the state again.
    }
  }
  return rest
}

/**
 * Follows `GET /api/events` (a fetch stream, since EventSource cannot send the token
 * header) and reconnects with a growing delay when the stream ends.
 */
function followEvents(token: string, base: string, listeners: Set<Listener>): () => void {
  const controller = new AbortController()
  let delay = 500
  const emit: Listener = (...args) => listeners.forEach((l) => l(...args))
  const connect = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch(`${base}/api/events`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: controller.signal,
        })
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`)
        delay = 500
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer = parseEventStream(buffer + value, emit)
        }
      } catch {
        if (controller.signal.aborted) return
      }
      await new Promise((r) => setTimeout(r, delay))
      delay = Math.min(delay * 2, 10_000)
    }
  }
  void connect()
  return () => controller.abort()
}

/** The HTTP transport of server mode: `POST /api/<channel>` with a bearer token. */
export function httpApi(token: string, base = ''): PiSessionsApi {
  const listeners = new Set<Listener>()
  let stop: (() => void) | null = null
  return {
    subscribe(listener) {
      listeners.add(listener)
      stop ??= followEvents(token, base, listeners)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          stop?.()
          stop = null
        }
      }
    },
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
  if (transport) return transport
  if (window.api) return (transport = window.api)
  const token = tokenFromHash(window.location.hash)
  // A token pasted into the address bar changes only the fragment: start again with it, since
  // everything loaded so far was refused.
  window.addEventListener('hashchange', () => {
    if (tokenFromHash(window.location.hash) !== token) window.location.reload()
  })
  return (transport = httpApi(token))
}

/** Listens to API events (subscribe once at startup: ARCHITECTURE.md rule 9). */
export function subscribe(listener: Listener): () => void {
  return currentTransport().subscribe(listener)
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

/**
 * Server mode: fetches a finished export once (`GET /api/export-download/<id>`, with the token)
 * and hands it to the browser's own download. The desktop app never needs this: main writes
 * exports where the save dialog said.
 * @throws ApiError `not_found` when the download is gone (already fetched or expired)
 */
export async function downloadExport(downloadId: string, fileName: string): Promise<void> {
  const token = tokenFromHash(window.location.hash)
  const response = await fetch(`/api/export-download/${encodeURIComponent(downloadId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  if (!response.ok)
    throw new ApiError('not_found', `The export download failed (HTTP ${response.status})`)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * What a store keeps of a failed call: the code (so the UI can tell "file gone" from
 * "read-only", ARCHITECTURE.md rule 4) and the message shown to the user. Anything thrown
 * that is not an API error (a bug in the renderer) counts as `internal`.
 */
export function errorData(error: unknown): ApiErrorData {
  if (error instanceof ApiError) return { code: error.code, message: error.message }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}
