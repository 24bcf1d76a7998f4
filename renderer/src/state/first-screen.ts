/**
 * The first screen of an opened session: its branch tree and its transcript painted once.
 * The transcript paints first (it is what the user reads); work that can wait (the tree pages
 * of a large session) waits for both, so on a machine with few cores it does not push back
 * whichever of the two paints second.
 */

/** The parts of the first screen. */
export type ScreenPart = 'tree' | 'transcript'

/** Longest wait for one part (ms): its pane may be hidden, or it may never paint (an error). */
const PART_WAIT_MS = 1000

interface Wait {
  done(): void
  painted: Promise<void>
}

let parts = new Map<ScreenPart, Wait>()

/**
 * Starts waiting for a session's first screen (the waits of the session opened before end).
 * @returns resolves once every part painted or was settled, each after 1 s at most
 */
export function awaitFirstScreen(): Promise<void> {
  for (const wait of parts.values()) wait.done()
  const now = new Map<ScreenPart, Wait>()
  parts = now
  const part = (name: ScreenPart) => {
    let done = () => {}
    const painted = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, PART_WAIT_MS)
      done = () => {
        clearTimeout(timer)
        now.delete(name)
        resolve()
      }
    })
    now.set(name, { done, painted })
    return painted
  }
  return Promise.all([part('tree'), part('transcript')]).then(() => undefined)
}

/**
 * Says that `part` of the open session's first screen painted, or that it will not paint
 * soon and nothing should wait for it (no preview of the file's end).
 */
export function screenPainted(part: ScreenPart): void {
  parts.get(part)?.done()
}

/** Resolves once `part` of the open session's first screen painted (at once if it has). */
export function whenPainted(part: ScreenPart): Promise<void> {
  return parts.get(part)?.painted ?? Promise.resolve()
}

/**
 * Marks `name` on the performance timeline (the benchmark's "painted") once the frame being
 * prepared now has been painted: called from a layout effect, the next animation frame is the
 * one that shows what was committed. `onFrame` runs in that animation frame (before its
 * paint), for what should not wait.
 * @returns cancels both
 */
export function markWhenPainted(name: string, onFrame?: () => void): () => void {
  let live = true
  const frame = requestAnimationFrame(() => {
    onFrame?.()
    markAfterThisFrame(name, () => live)
  })
  return () => {
    live = false
    cancelAnimationFrame(frame)
  }
}

/**
 * From an animation frame: marks `name` once this frame has been painted (a task queued during
 * the frame runs after its paint), unless `live()` says the view has gone by then.
 */
export function markAfterThisFrame(name: string, live: () => boolean = () => true): void {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    if (live()) performance.mark(name)
  }
  channel.port2.postMessage(null)
}
