/**
 * A value used once it has settled: a text typed key by key drives costly work (filtering a
 * 100,000-entry tree takes a few hundred milliseconds on two cores) once the typing pauses,
 * not at every key, so the field itself keeps up with the keys.
 */
import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `ms` milliseconds; at once when `ms` is 0 or
 * `immediate(value)` holds (an emptied field clears its work without a wait).
 */
export function useSettled<T>(value: T, ms: number, immediate?: (value: T) => boolean): T {
  const [settled, setSettled] = useState(value)
  const now = ms <= 0 || (immediate?.(value) ?? false)
  useEffect(() => {
    if (now) return
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms, now])
  return now ? value : settled
}
