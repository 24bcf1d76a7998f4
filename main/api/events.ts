/**
 * The event side of the API: what main pushes to the renderer (`library:changed`,
 * `app:command`, `app:error`), from one hub for both hosts (Electron IPC sends, the
 * server-mode event stream).
 */
import type { EventName } from '../../preload/contract/channels'

/** A listener of API events. */
export type EventListener = (event: EventName, payload: unknown) => void

/** Subscribes to API events. */
export interface EventSource {
  /** Starts listening; returns the function that stops. */
  subscribe(listener: EventListener): () => void
}

/** An event source that main code emits into. */
export interface EventHub extends EventSource {
  emit(event: EventName, payload: unknown): void
}

/** A hub; a listener that throws is logged and does not stop the others. */
export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(event, payload) {
      for (const listener of listeners) {
        try {
          listener(event, payload)
        } catch (error) {
          console.error(`Pi Sessions: an event listener failed on ${event}:`, error)
        }
      }
    },
  }
}
