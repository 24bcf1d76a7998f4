/**
 * The first screen of an opened session: its branch tree and its transcript painted once.
 * The transcript paints first (it is what the user reads); work that can wait (the tree pages
 * of a large session) waits for both, so on a machine with few cores it does not push back
 * whichever of the two paints second.
 */

/** The parts of the first screen. */
export type ScreenPart = 'tree' | 'transcript'

/** Longest wait for one part (ms): its pane may be hidden, or it may never paint (an error). */
export const PART_WAIT_MS = 1000

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
      done = () => {
        clearTimeout(timer)
        now.delete(name)
        resolve()
      }
      const timer = setTimeout(done, PART_WAIT_MS)
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

/**
 * Whether an opened session's first screen is still on its way (a part neither painted nor
 * given up): work that can wait for idle time waits for it too.
 */
export function firstScreenPending(): boolean {
  return parts.size > 0
}

/** Resolves once `part` of the open session's first screen painted (at once if it has). */
export function whenPainted(part: ScreenPart): Promise<void> {
  return parts.get(part)?.painted ?? Promise.resolve()
}

/**
 * Marks `name` on the performance timeline (the benchmark's "painted") in the animation frame
 * that first draws what was just committed: called from a layout effect, the next animation
 * frame is that one (the mark comes before the frame's own style, layout and paint work). A
 * mark taken after that work, from a task posted in the frame, also counted whatever tasks
 * were queued ahead of it (React's scheduler posts its own), so it said little of the paint.
 * `onFrame` runs in the same frame.
 * @returns cancels both
 */
export function markWhenPainted(name: string, onFrame?: () => void): () => void {
  const frame = requestAnimationFrame(() => {
    performance.mark(name)
    onFrame?.()
  })
  return () => cancelAnimationFrame(frame)
}
