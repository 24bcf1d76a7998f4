/**
 * The events main pushes to the renderer, one schema per event (`domain:past-tense`,
 * ARCHITECTURE.md rule 2), merged from the per-domain files. Emitters, both hosts and the
 * renderer's listeners are typed from this table, so a payload change breaks them at compile
 * time.
 */
import type { z } from 'zod'
import type { EventName } from './channels'
import { APP_EVENTS } from './app'
import { EXPORT_EVENTS } from './export'
import { LIBRARY_EVENTS } from './library'

/** The payload schema of each event. */
export const EVENT_SCHEMAS = {
  ...LIBRARY_EVENTS,
  ...APP_EVENTS,
  ...EXPORT_EVENTS,
} as const satisfies Record<EventName, z.ZodType>

/** The payload type of event `E`. */
export type EventPayload<E extends EventName> = z.output<(typeof EVENT_SCHEMAS)[E]>

/**
 * One event as an argument list, `[event, payload]`, a union over every event: a listener
 * declared `(event, payload) => ...` narrows `payload` by checking `event`.
 */
export type EventArgs = { [E in EventName]: [event: E, payload: EventPayload<E>] }[EventName]

/** A listener of API events, typed by event. */
export type EventListener = (...args: EventArgs) => void
