/**
 * Measures an element with a ResizeObserver (react-arborist needs a numeric height; a tree
 * shows once its box has a size).
 */
import { useLayoutEffect, useState, type RefObject } from 'react'

/** Width and height of `ref`'s element in CSS pixels; 0 until it has been measured. */
export function useElementSize(ref: RefObject<HTMLElement | null>): {
  width: number
  height: number
} {
  const [size, setSize] = useState({ width: 0, height: 0 })
  // Measured before the first paint, so what needs the size renders in the same frame; the
  // observer's first report comes a frame later.
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measured = (width: number, height: number) =>
      setSize((old) =>
        old.width === Math.floor(width) && old.height === Math.floor(height)
          ? old
          : { width: Math.floor(width), height: Math.floor(height) },
      )
    measured(
      element.clientWidth - padding(element, 'x'),
      element.clientHeight - padding(element, 'y'),
    )
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measured(entry.contentRect.width, entry.contentRect.height)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return size
}

/** The element's padding along one axis (px): contentRect, which the observer reports, excludes it. */
function padding(element: HTMLElement, axis: 'x' | 'y'): number {
  const style = getComputedStyle(element)
  return axis === 'x'
    ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
    : parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
}
