/**
 * Bulk actions on many sessions (trash, archive, unarchive, restore): the rule that keeps a
 * running session out, and one loop that acts on each session in turn with progress and a
 * cancel that is honoured between two sessions, so every session is either fully done or
 * untouched.
 */
import { readdir, readFile, readlink, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { ApiError } from '../../preload/contract/errors'
import { BULK_PROGRESS_MS, RUNNING_SESSION_MS } from '../../preload/contract/timing'

/**
 * Paths of the files a running pi process holds open, read from `/proc/<pid>/fd` (Linux
 * only; elsewhere, or where /proc cannot be read, an empty set). A process counts as pi when
 * an argument of its command line is named `pi` or names the pi coding agent package.
 */
export async function filesHeldByPi(proc = '/proc'): Promise<Set<string>> {
  const held = new Set<string>()
  if (process.platform !== 'linux') return held
  const pids = await readdir(proc).catch(() => [] as string[])
  for (const pid of pids.filter((p) => /^\d+$/.test(p))) {
    const cmdline = await readFile(join(proc, pid, 'cmdline'), 'utf8').catch(() => '')
    const args = cmdline.split('\0').filter(Boolean)
    if (!args.some((a) => basename(a) === 'pi' || a.includes('pi-coding-agent'))) continue
    const fds = await readdir(join(proc, pid, 'fd')).catch(() => [] as string[])
    for (const fd of fds) {
      const target = await readlink(join(proc, pid, 'fd', fd)).catch(() => null)
      if (target?.endsWith('.jsonl')) held.add(target)
    }
  }
  return held
}

/**
 * Why a session counts as running, in words; null when it does not. Running: its file
 * changed less than RUNNING_SESSION_MS ago (pi may be writing it), or a pi process holds it
 * open. A file that cannot be stat'ed is not running (the action itself then says why).
 * @param now ms since epoch
 * @param held the files pi holds open ({@link filesHeldByPi})
 */
export async function runningReason(
  path: string,
  now: number,
  held: ReadonlySet<string>,
): Promise<string | null> {
  if (held.has(path)) return 'pi has this session open'
  const info = await stat(path).catch(() => null)
  if (!info) return null
  const ago = now - info.mtimeMs
  if (ago < RUNNING_SESSION_MS)
    return `changed ${Math.max(0, Math.round(ago / 1000))} s ago: pi may still be writing it`
  return null
}

/** The sessions a bulk action takes, those it leaves out as running, and ids it cannot find. */
export interface BulkTargets {
  targets: string[]
  skipped: { sessionId: string; reason: string }[]
  failed: { sessionId: string; code: string; message: string }[]
}

/**
 * The items that count as running now ({@link runningReason}, one look at /proc for all),
 * each with its reason, in their order.
 */
export async function runningAmong<T extends { path: string }>(
  items: readonly T[],
): Promise<(T & { reason: string })[]> {
  // Listing what pi holds open reads every process's descriptors: not for no sessions.
  if (items.length === 0) return []
  const held = await filesHeldByPi()
  const now = Date.now()
  const running: (T & { reason: string })[] = []
  for (const item of items) {
    const reason = await runningReason(item.path, now, held)
    if (reason) running.push({ ...item, reason })
  }
  return running
}

/**
 * Splits the ids of a bulk action (repeats dropped): running sessions are left out with the
 * reason unless in `includeRunning` (the user's choice, one by one); unknown ids fail.
 * @param pathOf the file of a session id; throws (e.g. ApiError `not_found`) for unknown ids
 */
export async function bulkTargets(
  sessionIds: readonly string[],
  includeRunning: readonly string[],
  pathOf: (sessionId: string) => string,
): Promise<BulkTargets> {
  const out: BulkTargets = { targets: [], skipped: [], failed: [] }
  const include = new Set(includeRunning)
  const known: { sessionId: string; path: string }[] = []
  for (const sessionId of new Set(sessionIds)) {
    try {
      known.push({ sessionId, path: pathOf(sessionId) })
    } catch (error) {
      out.failed.push({ sessionId, code: errorCode(error), message: (error as Error).message })
    }
  }
  const running = new Map(
    (await runningAmong(known.filter((k) => !include.has(k.sessionId)))).map((r) => [
      r.sessionId,
      r.reason,
    ]),
  )
  for (const { sessionId } of known) {
    const reason = running.get(sessionId)
    if (reason) out.skipped.push({ sessionId, reason })
    else out.targets.push(sessionId)
  }
  return out
}

/** The contract's error code of a failure (`io` for anything that is not an ApiError). */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'io'
}

/** A bulk loop's failures with their contract error code and message, by item. */
export function failuresOf<Item>(
  failed: BulkOutcome<unknown, Item>['failed'],
): { item: Item; code: string; message: string }[] {
  return failed.map(({ item, error }) => ({
    item,
    code: errorCode(error),
    message: (error as Error).message,
  }))
}

/** Bulk actions under way, by the operation id the renderer chose, so they can be cancelled. */
export class BulkOperations {
  private readonly running = new Map<string, AbortController>()

  /** Asks an operation to stop after the session in hand; false when none has this id. */
  cancel(operationId: string): boolean {
    const controller = this.running.get(operationId)
    controller?.abort()
    return controller !== undefined
  }

  /**
   * Runs a bulk action under `operationId` (cancellable with {@link cancel} while it runs),
   * telling its progress to `tell` with the id; without an id it runs uncancellable and
   * silent.
   */
  async run<T>(
    operationId: string | undefined,
    tell: (progress: BulkProgress & { operationId: string }) => void,
    act: (drive: BulkDrive) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController()
    if (operationId) this.running.set(operationId, controller)
    try {
      return await act({
        signal: controller.signal,
        onProgress: (p) => operationId && tell({ operationId, ...p }),
      })
    } finally {
      if (operationId) this.running.delete(operationId)
    }
  }
}

/** How a bulk action is driven: cancel signal and progress listener. */
export interface BulkDrive {
  signal?: AbortSignal
  onProgress?: (progress: BulkProgress) => void
}

/** How far a bulk action got: `done` of `total` sessions handled. */
export interface BulkProgress {
  done: number
  total: number
}

/** What a bulk loop did. */
export interface BulkOutcome<T, Item> {
  done: T[]
  failed: { item: Item; error: unknown }[]
  /** Items never started because the operation was cancelled. */
  cancelled: Item[]
}

/**
 * Acts on each item in turn. A failure is recorded and the loop goes on; a cancel stops
 * before the next item (the one in hand always finishes). Progress is told at most every
 * BULK_PROGRESS_MS, and once at the end.
 */
export async function runBulk<Item, T>(
  items: readonly Item[],
  act: (item: Item) => Promise<T>,
  options: BulkDrive = {},
): Promise<BulkOutcome<T, Item>> {
  const outcome: BulkOutcome<T, Item> = { done: [], failed: [], cancelled: [] }
  let told = 0
  for (const [i, item] of items.entries()) {
    if (options.signal?.aborted) {
      outcome.cancelled = items.slice(i)
      break
    }
    try {
      outcome.done.push(await act(item))
    } catch (error) {
      outcome.failed.push({ item, error })
    }
    if (Date.now() - told >= BULK_PROGRESS_MS) {
      told = Date.now()
      options.onProgress?.({ done: i + 1, total: items.length })
    }
  }
  options.onProgress?.({ done: items.length - outcome.cancelled.length, total: items.length })
  return outcome
}
