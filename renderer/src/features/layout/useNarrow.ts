/**
 * Whether the window is narrow (see NARROW_WIDTH), following window resizes.
 */
import { useSyncExternalStore } from 'react'
import { isNarrow, NARROW_QUERY } from './store'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** True while the window is narrower than NARROW_WIDTH. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow)
}
