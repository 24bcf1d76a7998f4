/**
 * Bulk actions on many sessions (trash, archive, unarchive, restore): the rule that keeps a
 * running session out, and one loop that acts on each session in turn with progress and a
 * cancel that is honoured between two sessions, so every session is either fully done or
 * untouched.
 */
import { readdir, readFile, readlink, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
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
