/**
 * Which long texts the reader asked to see whole ("Show all"), kept outside the text's
 * component: the transcript unmounts an entry scrolled out of view, and a text shown whole
 * is still whole (the entry as tall) when the reader scrolls back to it.
 */
import { createContext, useContext, useState } from 'react'
import { create } from 'zustand'

/**
 * Whose texts these are ("<session id>/<entry id>" in the transcript), or null where nothing
 * is kept: the texts are then shown whole only while mounted.
 */
export const TextOwner = createContext<string | null>(null)

/** Texts kept shown whole, at most: the oldest is let go first. */
const KEPT = 500

interface ShownWhole {
  keys: ReadonlySet<string>
  show(key: string, whole: boolean): void
}

const useShownTexts = create<ShownWhole>((set) => ({
  keys: new Set(),
  show(key, whole) {
    set(({ keys }) => {
      const next = new Set(keys)
      next.delete(key)
      if (whole) next.add(key)
      for (const old of next) {
        if (next.size <= KEPT) break
        next.delete(old)
      }
      return { keys: next }
    })
  },
}))

/**
 * Whether `text` is shown whole, and a setter; kept per {@link TextOwner}. Two texts of one
 * owner with the same length, beginning and end are taken for the same text.
 */
export function useShownWhole(text: string): [boolean, (whole: boolean) => void] {
  const owner = useContext(TextOwner)
  const [mounted, setMounted] = useState(false)
  const key =
    owner === null
      ? null
      : `${owner}\u0000${text.length}\u0000${text.slice(0, 64)}\u0000${text.slice(-64)}`
  const kept = useShownTexts((s) => key !== null && s.keys.has(key))
  const show = useShownTexts((s) => s.show)
  if (key === null) return [mounted, setMounted]
  return [kept, (whole) => show(key, whole)]
}
