/**
 * File-system failures in words: the one place that words them, for the scan's problems and
 * for every user action (edit, trash, restore, add folder). The raw error (errno code, syscall)
 * is kept as the `cause` of the ApiError, for the log; the person sees the sentence.
 */
import { ApiError, type ErrorCode } from '../../preload/contract/errors'
import { LINE_IN_PROGRESS, NOT_REGULAR, PartialWriteError } from '../session'

/** What was being done when the error happened (decides the "nothing was written" half). */
export type FsAction = 'read' | 'write' | 'trash' | 'restore' | 'move' | 'add-folder' | 'watch'

/** A path that failed, the reason in words, and the errno code when there is one. */
export interface FsProblem {
  path: string
  message: string
  code?: string
}

const REASONS: Record<string, string> = {
  ENOSPC: 'The disk is full',
  EDQUOT: 'The disk quota is used up',
  EACCES: 'Permission denied',
  EPERM: 'The operation is not permitted',
  EROFS: 'The disk is read-only',
  EBUSY: 'The file is in use by another program; try again',
  ENAMETOOLONG: 'The file name is too long for this file system',
  ENOENT: 'The file does not exist (it may have been moved, deleted or unmounted)',
  EXDEV: 'The file is on a different disk from where it had to go',
  EIO: 'The disk reported an input/output error',
  EMFILE: 'Too many files are open',
  ENFILE: 'Too many files are open',
  ELOOP: 'Symbolic link loop',
  ENOTDIR: 'A part of the path is not a folder',
  EISDIR: 'It is a folder, not a session file',
  [NOT_REGULAR]: 'It is not a regular file (a pipe, a device or a socket), so it is not read',
  EEXIST: 'A file with this name already exists',
  [LINE_IN_PROGRESS]: 'pi is still writing the last line of this session; try again in a moment',
}

/** What did not happen, per action: the user learns the state, not only the failure. */
const OUTCOMES: Record<FsAction, string> = {
  read: '',
  write: 'nothing was written',
  trash: 'the file was not touched',
  restore: 'nothing was restored',
  move: 'nothing was moved',
  'add-folder': 'the folder was not added',
  watch: 'this folder is checked every second instead of watched',
}

/** Actions whose problems are listed with their path beside them (the library's problems). */
const LISTED = new Set<FsAction>(['read', 'watch'])

/** The OS refused another watch: inotify's watch limit (ENOSPC) or open files (EMFILE). */
const WATCH_LIMITS: Record<string, string> = {
  ENOSPC: 'The system’s limit on watched folders is reached',
  EMFILE: 'The system’s limit on open files is reached',
  ENFILE: 'The system’s limit on open files is reached',
}

/**
 * Describes a file-system error for a person, keeping the errno code apart.
 * The scan (`read`) and the watcher (`watch`) give the words alone, their path is listed beside
 * them ("Permission denied"); the user actions add what did not happen and name the file:
 * "The disk is full; nothing was written (/…/x.jsonl)".
 * A {@link PartialWriteError} keeps its own message (it says what the file holds now).
 * An error without a known code keeps its message.
 */
export function describeFsError(
  path: string,
  error: unknown,
  action: FsAction = 'read',
): FsProblem {
  const code = (error as NodeJS.ErrnoException)?.code
  const raw = (error as Error)?.message ?? String(error)
  let message: string
  if (error instanceof PartialWriteError) message = error.message
  else {
    const limit = action === 'watch' && code ? WATCH_LIMITS[code] : undefined
    const reason = limit ?? (code && REASONS[code])
    // Only a refused watch leads to polling; other watch errors just say what happened.
    const outcome = action === 'watch' && !limit ? '' : OUTCOMES[action]
    const words = reason ? (outcome ? `${reason}; ${outcome}` : reason) : raw
    message = LISTED.has(action) ? words : `${words} (${path})`
  }
  return code ? { path, message, code } : { path, message }
}

/**
 * Whether errno `code` says a path is not there any more (deleted, moved, unmounted), as
 * opposed to there but unreadable (permission denied, an I/O error): the library drops the
 * sessions of the one and keeps those of the other, each saying why it cannot be read.
 */
export function meansGone(code: string | undefined): boolean {
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** Whether `error` is a file-system error (has an errno code) rather than a rule or a bug. */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    !(error instanceof ApiError) &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code as string) &&
    (error as NodeJS.ErrnoException).code !== 'EREADONLY'
  )
}

/**
 * `error` as the ApiError a user action returns: file-system errors in words
 * ({@link describeFsError}; `not_found` for ENOENT, `conflict` for EEXIST, else `io`) with
 * the raw error as `cause`; anything else unchanged.
 */
export function toActionError(error: unknown, action: FsAction, path: string): unknown {
  if (!isFsError(error)) return error
  const code: ErrorCode =
    error.code === 'ENOENT' ? 'not_found' : error.code === 'EEXIST' ? 'conflict' : 'io'
  return Object.assign(new ApiError(code, describeFsError(path, error, action).message), {
    cause: error,
  })
}

/** Runs a user action, turning its file-system errors into words ({@link toActionError}). */
export async function inWords<T>(
  action: FsAction,
  path: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toActionError(error, action, path)
  }
}
