/**
 * A logger for tests of code that takes the app logger: it keeps what was logged (so a test
 * can check that an unexpected error reached the log) instead of writing a file.
 */
import type { Logger } from '../../main/log'

/** A recording logger: `errors` holds each `error()` call's message and error, in order. */
export function recordingLog(): Logger & { errors: { message: string; error: unknown }[] } {
  const errors: { message: string; error: unknown }[] = []
  return {
    file: '(test log)',
    errors,
    info: () => {},
    error: (message, error) => void errors.push({ message, error }),
  }
}
