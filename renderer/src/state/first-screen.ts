/**
 * The first screen of an opened session: its branch tree and its transcript painted once.
 * Work that can wait (the tree pages of a large session) waits for both, so on a machine with
 * few cores it does not push back whichever of the two paints second.
 */

/** The parts of the first screen. */
export type ScreenPart = 'tree' | 'transcript'

/** Longest wait for one part (ms): its pane may be hidden, or it may never paint (an error). */
const PART_WAIT_MS = 1000

let parts = new Map<ScreenPart, () => void>()

/**
 * Starts waiting for a session's first screen (the waits of the session opened before end).
 * @returns resolves once every part painted or was settled, each after 1 s at most
 */
export function awaitFirstScreen(): Promise<void> {
  for (const done of parts.values()) done()
  const now = new Map<ScreenPart, () => void>()
  parts = now
  const part = (name: ScreenPart) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, PART_WAIT_MS)
      now.set(name, () => {
        clearTimeout(timer)
        now.delete(name)
        resolve()
      })
    })
  return Promise.all([part('tree'), part('transcript')]).then(() => undefined)
}

/**
 * Says that `part` of the open session's first screen painted, or that it will not paint
 * soon and nothing should wait for it (no preview of the file's end).
 */
export function screenPainted(part: ScreenPart): void {
  parts.get(part)?.()
}
