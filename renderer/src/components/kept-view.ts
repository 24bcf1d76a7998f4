/**
 * What the reader opened in an entry ("Show all" on a long text, a folded block unfolded), kept
 * outside the components: the transcript unmounts an entry scrolled out of view, and what was
 * open is still open (the entry as tall) when the reader scrolls back to it.
 */
import { createContext, useContext, useState } from 'react'
import { create } from 'zustand'

/**
 * Whose views these are: "<session id>/<entry id>" in the transcript, with "/<block index>"
 * inside a message's content block. Null where nothing is kept: a view is then open only
 * while mounted.
 */
export const TextOwner = createContext<string | null>(null)

/** Views kept open, at most: the oldest is let go first. */
const KEPT = 500

interface KeptViews {
  keys: ReadonlySet<string>
  keep(key: string, open: boolean): void
}

const useKeptViews = create<KeptViews>((set) => ({
  keys: new Set(),
  keep(key, open) {
    set(({ keys }) => {
      const next = new Set(keys)
      next.delete(key)
      if (open) next.add(key)
      for (const old of next) {
        if (next.size <= KEPT) break
        next.delete(old)
      }
      return { keys: next }
    })
  },
}))

/**
 * Whether the view `part` of the current {@link TextOwner} is open, and a setter; closed until
 * opened. Without an owner, the state is the component's own.
 */
export function useKeptOpen(part: string): [boolean, (open: boolean) => void] {
  const owner = useContext(TextOwner)
  const [mounted, setMounted] = useState(false)
  const key = owner === null ? null : `${owner}\u0000${part}`
  const kept = useKeptViews((s) => key !== null && s.keys.has(key))
  const keep = useKeptViews((s) => s.keep)
  if (key === null) return [mounted, setMounted]
  return [kept, (open) => keep(key, open)]
}

/**
 * Whether the long text of the current {@link TextOwner} is shown whole, and a setter
 * ({@link useKeptOpen}). An owner holds one long text at most: a content block's, or an entry's
 * own (a tool call's arguments, a command's output, an unknown entry's JSON).
 */
export function useShownWhole(): [boolean, (whole: boolean) => void] {
  return useKeptOpen('whole')
}
