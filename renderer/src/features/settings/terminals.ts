import type { Terminal } from '../../../../preload/contract/app'

/** The terminal setting's choices in words, grouped by system (main/terminal/command.ts). */
export const TERMINAL_CHOICES: { value: Terminal; label: string }[] = [
  { value: 'auto', label: 'The system’s own terminal' },
  { value: 'terminal', label: 'macOS: Terminal' },
  { value: 'iterm', label: 'macOS: iTerm' },
  { value: 'windows-terminal', label: 'Windows: Windows Terminal' },
  { value: 'cmd', label: 'Windows: Command Prompt' },
  { value: 'x-terminal-emulator', label: 'Linux: default terminal (x-terminal-emulator)' },
  { value: 'gnome-terminal', label: 'Linux: GNOME Terminal' },
  { value: 'konsole', label: 'Linux: Konsole' },
]
