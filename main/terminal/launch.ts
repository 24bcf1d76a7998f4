/**
 * Starts a terminal command (command.ts) as a detached process of its own: the terminal
 * outlives the app, no shell parses the arguments, and the app keeps no handle on it.
 */
import { spawn } from 'node:child_process'
import { ApiError } from '../../preload/contract/errors'
import type { TerminalCommand } from './command'

/**
 * Spawns `command` detached with its output ignored, and resolves once it started.
 * @throws ApiError `not_found` when the program is not installed, `io` for any other
 *   failure to start it (the OS error in words)
 */
export function launchDetached(command: TerminalCommand): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, {
      cwd: command.cwd,
      detached: true,
      stdio: 'ignore',
      shell: false,
      windowsHide: false,
    })
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new ApiError(
              'not_found',
              `${command.file} was not found on this computer; choose another terminal in Settings`,
            )
          : new ApiError('io', `Could not start ${command.file}: ${error.message}`),
      )
    })
    child.once('spawn', () => {
      child.unref()
      resolve()
    })
  })
}
