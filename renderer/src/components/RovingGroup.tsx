/**
 * A group of controls (filter chips) that is one Tab stop: arrow keys move between its
 * controls, Home/End to the first and last; the control last used keeps the stop (WAI-ARIA
 * Authoring Practices, "roving tabindex").
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import './roving-group.css'

const CONTROLS = 'input, button, select'
const NEXT = new Set(['ArrowRight', 'ArrowDown'])
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp'])

/** Props of {@link RovingGroup}. */
export interface RovingGroupProps {
  /** The group's accessible name. */
  label: string
  className?: string
  testId?: string
  children: ReactNode
}

/** Renders `children` in a `role="group"` whose controls share one Tab stop. */
export function RovingGroup({ label, className, testId, children }: RovingGroupProps) {
  const box = useRef<HTMLDivElement>(null)
  const current = useRef(0)
  const controls = () => [...(box.current?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])]
  const apply = () => controls().forEach((el, i) => (el.tabIndex = i === current.current ? 0 : -1))
  // After every render: controls may have been added or re-rendered.
  useLayoutEffect(apply)
  const onKeyDown = (e: KeyboardEvent) => {
    const list = controls()
    const at = list.indexOf(e.target as HTMLElement)
    if (at < 0) return
    const to = NEXT.has(e.key)
      ? (at + 1) % list.length
      : PREVIOUS.has(e.key)
        ? (at - 1 + list.length) % list.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? list.length - 1
            : null
    if (to === null) return
    e.preventDefault()
    current.current = to
    apply()
    list[to]?.focus()
  }
  return (
    <div
      ref={box}
      role="group"
      aria-label={label}
      className={className}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        const at = controls().indexOf(e.target as HTMLElement)
        if (at >= 0 && at !== current.current) {
          current.current = at
          apply()
        }
      }}
    >
      {children}
    </div>
  )
}
