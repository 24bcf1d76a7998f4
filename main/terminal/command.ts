/**
 * "Open in terminal": which program to start, with which arguments, so that the user's
 * terminal opens in the session's cwd running `pi --session <file>` (pi's resume flag). Pure:
 * builds an argument array, never a shell string of our own; the only shell that sees the paths
 * is the terminal's, and there they arrive quoted by the terminal's own means (AppleScript's
 * `quoted form of`) or as separate arguments.
 */
import { TERMINALS, type Terminal } from '../../preload/contract/app'
import { ApiError } from '../../preload/contract/errors'

export { TERMINALS, type Terminal }

/** A program to spawn (detached), with its arguments and working folder. */
export interface TerminalCommand {
  file: string
  args: string[]
  cwd: string
}

/** What to resume: the session file and the folder pi should run in. */
export interface ResumeTarget {
  sessionFile: string
  cwd: string
}

/** The terminal `auto` picks on each system: the one that ships with it. */
export function defaultTerminal(platform: NodeJS.Platform): Exclude<Terminal, 'auto'> {
  if (platform === 'darwin') return 'terminal'
  if (platform === 'win32') return 'windows-terminal'
  return 'x-terminal-emulator'
}

/** Which systems each terminal runs on. */
const PLATFORM_OF: Record<Exclude<Terminal, 'auto'>, 'darwin' | 'win32' | 'linux'> = {
  terminal: 'darwin',
  iterm: 'darwin',
  'windows-terminal': 'win32',
  cmd: 'win32',
  'x-terminal-emulator': 'linux',
  'gnome-terminal': 'linux',
  konsole: 'linux',
}

/**
 * AppleScript run by `osascript` with the cwd and file as its arguments (`on run argv`), so
 * neither is ever part of the script's text; `quoted form of` quotes them for the shell.
 */
const MAC_SCRIPTS = {
  terminal: [
    'on run argv',
    'tell application "Terminal"',
    'activate',
    'do script "cd " & quoted form of (item 1 of argv) & " && pi --session " & quoted form of (item 2 of argv)',
    'end tell',
    'end run',
  ],
  iterm: [
    'on run argv',
    'tell application "iTerm"',
    'activate',
    'set w to (create window with default profile)',
    'tell current session of w to write text ("cd " & quoted form of (item 1 of argv) & " && pi --session " & quoted form of (item 2 of argv))',
    'end tell',
    'end run',
  ],
} as const

/**
 * Characters Windows' command interpreter treats specially even inside arguments (`pi` is a
 * `.cmd` shim there, so cmd.exe always parses the line), and `;`, Windows Terminal's command
 * separator. A path with one of them is refused rather than passed half-quoted.
 */
const WINDOWS_UNSAFE = /["%^&|<>;!]/

/**
 * The command that opens `terminal` on `platform` in `target.cwd` running
 * `pi --session <target.sessionFile>`.
 * @param terminal the user's setting (`auto`: the system's own terminal, see defaultTerminal)
 * @throws ApiError `invalid_argument` when the terminal does not run on this system, or a path
 *   holds a character that cannot be passed safely to the Windows command interpreter
 */
export function terminalCommand(
  platform: NodeJS.Platform,
  terminal: Terminal,
  target: ResumeTarget,
): TerminalCommand {
  const chosen = terminal === 'auto' ? defaultTerminal(platform) : terminal
  const system = platform === 'darwin' || platform === 'win32' ? platform : 'linux'
  if (PLATFORM_OF[chosen] !== system) {
    throw new ApiError(
      'invalid_argument',
      `The terminal setting "${chosen}" does not run on this system; choose another in Settings`,
    )
  }
  const { sessionFile, cwd } = target
  const pi = ['pi', '--session', sessionFile]
  switch (chosen) {
    case 'terminal':
    case 'iterm':
      return {
        file: 'osascript',
        args: [...MAC_SCRIPTS[chosen].flatMap((line) => ['-e', line]), cwd, sessionFile],
        cwd,
      }
    case 'windows-terminal':
    case 'cmd':
      if (WINDOWS_UNSAFE.test(sessionFile) || WINDOWS_UNSAFE.test(cwd)) {
        throw new ApiError(
          'invalid_argument',
          'This session’s path holds a character (" % ^ & | < > ; !) that the Windows command line cannot pass safely; use "Copy resume command" instead',
        )
      }
      // A detached cmd.exe gets a console window of its own; `/k` keeps it open after pi.
      return chosen === 'cmd'
        ? { file: 'cmd.exe', args: ['/k', ...pi], cwd }
        : { file: 'wt.exe', args: ['-d', cwd, ...pi], cwd }
    case 'x-terminal-emulator':
      return { file: 'x-terminal-emulator', args: ['-e', ...pi], cwd }
    case 'gnome-terminal':
      return { file: 'gnome-terminal', args: [`--working-directory=${cwd}`, '--', ...pi], cwd }
    case 'konsole':
      return { file: 'konsole', args: ['--workdir', cwd, '-e', ...pi], cwd }
  }
}
