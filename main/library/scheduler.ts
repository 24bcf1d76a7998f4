/**
 * When the library does its work: change notifications coalesced to one per NOTIFY_MS (the
 * first after a quiet spell at once, so the first rows show without waiting), and the
 * background build of the full-text index, a slice at a time, newest sessions first.
 */
import { NOTIFY_MS } from '../../preload/contract/timing'

/** Calls `fire` at most every NOTIFY_MS; `now` skips the wait. */
export class Notifier {
  private timer: NodeJS.Timeout | null = null
  private last = 0

  constructor(private readonly fire: () => void) {}

  /** Asks for a notification (at once when `now`, or when none went out lately). */
  notify(now = false): void {
    const run = () => {
      this.timer = null
      this.last = Date.now()
      this.fire()
    }
    const wait = NOTIFY_MS - (Date.now() - this.last)
    if (now || (wait <= 0 && !this.timer)) {
      if (this.timer) clearTimeout(this.timer)
      run()
    } else this.timer ??= setTimeout(run, Math.max(0, wait))
  }

  /** Drops a pending notification. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

/**
 * Characters of text one slice of the background index takes while a few sessions wait:
 * about 30 ms of a worker's time, which a writer waiting for the lock (an append pi just
 * made) may have to wait.
 */
export const INDEX_SLICE_CHARS = 512 * 1024

/**
 * A slice while many sessions wait (a first launch): larger transactions let FTS5 merge its
 * segments far less often, about twice the throughput, at ~200 ms per slice.
 */
export const BULK_INDEX_SLICE_CHARS = 4 * 1024 * 1024

/** Sessions waiting above which slices are bulk-sized. */
export const BULK_INDEX_SESSIONS = 20

/** The slice size for `pending` waiting sessions. */
export function indexSliceChars(pending: number): number {
  return pending > BULK_INDEX_SESSIONS ? BULK_INDEX_SLICE_CHARS : INDEX_SLICE_CHARS
}

/**
 * Runs `step` until it reports nothing left (0) or `stopped()`; one loop at a time, a new
 * request while one runs makes it go on once more. Never rejects: a failing step ends the
 * loop and is reported to `onError`.
 */
export class BackgroundLoop {
  private running: Promise<void> | null = null
  private again = false

  constructor(
    private readonly step: () => Promise<number>,
    private readonly after: () => void,
    private readonly onError: (error: unknown) => void,
    private readonly stopped: () => boolean,
  ) {}

  /** Starts the loop, or asks the running one to go on. */
  kick(): void {
    if (this.running) {
      this.again = true
      return
    }
    this.running = (async () => {
      do {
        this.again = false
        try {
          while (!this.stopped() && (await this.step()) > 0) this.after()
        } catch (error) {
          this.onError(error)
          return
        }
      } while (this.again && !this.stopped())
      this.after()
    })().finally(() => {
      this.running = null
    })
  }

  /** Resolves when the loop is not running. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }
}
