/**
 * The command bus: menu items (Electron) and keyboard shortcuts (both hosts) run the same
 * named commands; features register what a command does while they are on screen.
 */
import type { AppCommand } from '../../../preload/contract/app'

/** A command name (see the contract's AppCommand). */
export type CommandName = AppCommand['command']

type Handler = () => void
const handlers = new Map<CommandName, Handler[]>()

/** Registers a handler; the latest registration wins. Returns the unregister function. */
export function registerCommand(name: CommandName, handler: Handler): () => void {
  handlers.set(name, [...(handlers.get(name) ?? []), handler])
  return () =>
    handlers.set(
      name,
      (handlers.get(name) ?? []).filter((h) => h !== handler),
    )
}

/** Runs a command; returns false when nothing handles it right now. */
export function runCommand(name: CommandName): boolean {
  const list = handlers.get(name) ?? []
  const handler = list[list.length - 1]
  if (!handler) return false
  handler()
  return true
}

/**
 * What Ctrl/Cmd+F (and the menu's Find) means where the focus is: inside the session view it
 * finds in that session, as a browser finds in its page; elsewhere it searches the library.
 */
export function searchOrFind(focus: EventTarget | null): 'search' | 'find' {
  return focus instanceof Element && focus.closest('.session-view') !== null ? 'find' : 'search'
}
