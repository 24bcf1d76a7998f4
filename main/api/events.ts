/**
 * The event side of the API: what main pushes to the renderer (`EVENT_SCHEMAS` in the
 * contract), from one hub for both hosts (Electron IPC sends, the server-mode event stream).
 */
import type { EventArgs, EventListener } from '../../preload/contract/events'
import type { Logger } from '../log'

/** Subscribes to API events. */
export interface EventSource {
  /** Starts listening; returns the function that stops. */
  subscribe(listener: EventListener): () => void
}

/** An event source that main code emits into, typed by event: `emit('app:error', {message})`. */
export interface EventHub extends EventSource {
  emit(...args: EventArgs): void
}

/**
 * A hub; a listener that throws is logged and does not stop the others.
 * @param log the app logger (a failing listener is a bug worth a log line)
 */
export function createEventHub(log: Pick<Logger, 'error'>): EventHub {
  const listeners = new Set<EventListener>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(...args) {
      for (const listener of listeners) {
        try {
          listener(...args)
        } catch (error) {
          log.error(`An event listener failed on ${args[0]}`, error)
        }
      }
    },
  }
}
