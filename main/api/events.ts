/**
 * The event side of the API: what main pushes to the renderer (`library:changed`...),
 * from one source for both hosts (Electron IPC sends, server-mode event stream).
 */
import type { EventName } from '../../preload/contract/channels'
import type { SessionLibrary } from '../library/library'

/** A listener of API events. */
export type EventListener = (event: EventName, payload: unknown) => void

/** Subscribes to API events. */
export interface EventSource {
  /** Starts listening; returns the function that stops. */
  subscribe(listener: EventListener): () => void
}

/** The API's events, drawn from the library. */
export function createEventSource(library: SessionLibrary): EventSource {
  return {
    subscribe: (listener) => library.onChange((change) => listener('library:changed', change)),
  }
}
