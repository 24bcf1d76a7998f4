/**
 * Handlers of the `session:*` edit channels (labels, session names, branch extraction, file
 * actions; pi spec 10, 11, 14.6). The library re-reads the file at once
 * so the tree, transcript and list update without waiting for the watcher.
 */
import { dirname } from 'node:path'
import type { SESSION_EDIT_CHANNELS } from '../../preload/contract/channels'
import { ApiError } from '../../preload/contract/errors'
import { applyEdit, extractBranch, type EditResult, type SessionEdit } from '../library/edits'
import { opaqueId } from '../library/ids'
import { isDirectory } from '../library/roots'
import { terminalCommand } from '../terminal/command'
import type { HandlerContext, HandlersOf } from './context'

/** A path quoted for a POSIX shell (single quotes; a quote inside becomes '\''). */
export function shellQuote(path: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`
}

/** The edit part of the handler table. */
export function createEditHandlers(
  context: HandlerContext,
): HandlersOf<typeof SESSION_EDIT_CHANNELS> {
  const { library } = context
  const pathOf = (sessionId: string) => library.getSession(sessionId).path
  // Archived sessions are read-only (archive.ts): edits name the writable path.
  const writable = (sessionId: string) => library.writablePath(sessionId)
  /**
   * A label or rename: made by the session view's core when it holds the session loaded (only
   * the file's new bytes are read), else here from the whole file; then the library re-reads it.
   */
  const edit = async (sessionId: string, change: SessionEdit): Promise<EditResult> => {
    const path = writable(sessionId)
    const result =
      (await context.view?.edit(sessionId, path, change)) ?? (await applyEdit(path, change))
    await library.reread(sessionId)
    return result
  }
  return {
    'session:set-label': ({ sessionId, entryId, label }) =>
      edit(sessionId, { kind: 'label', entryId, label }),
    'session:rename': ({ sessionId, name }) => edit(sessionId, { kind: 'rename', name }),
    'session:extract-branch': async ({ sessionId, entryId, name }) => {
      const file = await extractBranch(writable(sessionId), entryId, name ?? null)
      await library.refresh()
      return { sessionId: opaqueId('session', file) }
    },
    'session:file-info': async ({ sessionId }) => {
      const file = pathOf(sessionId)
      return { file, folder: dirname(file), resumeCommand: `pi --session ${shellQuote(file)}` }
    },
    'session:reveal': async ({ sessionId, target }) => {
      const desktop = context.desktop
      if (!desktop) throw new ApiError('conflict', 'Only the desktop app can open the file manager')
      if (target === 'file') desktop.showItemInFolder(library.getSession(sessionId).path)
      else {
        const cwd = library.getSummary(sessionId).cwd
        if (!cwd) throw new ApiError('not_found', 'This session names no project folder')
        const error = await desktop.openPath(cwd)
        if (error) throw new ApiError('io', error)
      }
      return {}
    },
    'session:open-terminal': async ({ sessionId }) => {
      const open = context.desktop?.openTerminal
      if (!open) {
        throw new ApiError(
          'conflict',
          'Only the desktop app can open a terminal; copy the resume command instead',
        )
      }
      // Main resolves the file and the cwd itself: the renderer only names the session.
      const sessionFile = pathOf(sessionId)
      const cwd = library.getSummary(sessionId).cwd
      if (!cwd) throw new ApiError('not_found', 'This session names no project folder')
      if (!isDirectory(cwd)) {
        throw new ApiError('not_found', `The session's project folder ${cwd} no longer exists`)
      }
      const terminal = context.settings.get().terminal
      await open(terminalCommand(process.platform, terminal, { sessionFile, cwd }))
      return {}
    },
  }
}
