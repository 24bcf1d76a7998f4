/**
 * A folded block (`details`) whose open state is kept per entry (kept-view.ts), so a block the
 * reader unfolded is still unfolded when its entry scrolls back into view.
 */
import type { ComponentProps } from 'react'
import { useKeptOpen } from './kept-view'

/** Props of {@link KeptDetails}: those of `details`, and the name of the block in its owner. */
export type KeptDetailsProps = Omit<ComponentProps<'details'>, 'open' | 'onToggle'> & {
  part: string
}

/** A `details` element opened and closed by the reader, kept by {@link useKeptOpen}. */
export function KeptDetails({ part, children, ...props }: KeptDetailsProps) {
  const [open, setOpen] = useKeptOpen(`details\u0000${part}`)
  return (
    <details
      {...props}
      open={open}
      onToggle={(e) => {
        if (e.currentTarget.open !== open) setOpen(e.currentTarget.open)
      }}
    >
      {children}
    </details>
  )
}
