/**
 * The one place an event message from the transport (`{event, payload}` over IPC or the
 * server-sent stream) becomes typed event arguments. Imports only `channels.ts` at run time,
 * so the sandboxed preload can use it without pulling in zod.
 */
import { EVENTS } from './channels'
import type { EventArgs } from './events'

/**
 * The arguments of a listener call for a raw message, or null when the message names no event
 * of the contract. The payload is trusted as typed: main is the only sender and emits through
 * the typed event hub.
 */
export function eventArgs(message: unknown): EventArgs | null {
  if (typeof message !== 'object' || message === null) return null
  const { event, payload } = message as { event?: unknown; payload?: unknown }
  if (!(EVENTS as readonly unknown[]).includes(event)) return null
  return [event, payload] as EventArgs
}
