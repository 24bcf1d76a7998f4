/**
 * A button that copies a text to the clipboard and says "Copied" beside itself for a moment
 * (or that the clipboard refused), announced to screen readers through a status region.
 */
import { useEffect, useState } from 'react'
import './reading-aids.css'

/** How long "Copied" stays, ms. */
const CONFIRM_MS = 2000

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text to copy, read when clicked (fetched first, when it is a promise). */
  text: () => string | Promise<string>
  /** The button's accessible name, e.g. "Copy code". */
  label: string
  testId?: string
  className?: string
}

/** Copies `text()` on click; shows "Copied" or "Copy failed" (also when the text could not be had). */
export function CopyButton({ text, label, testId, className }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <span className={`copy-button ${className ?? ''}`} data-testid={testId}>
      <button
        type="button"
        className="ghost small"
        aria-label={label}
        title={label}
        onClick={() =>
          void Promise.resolve()
            .then(text)
            .then((copied) => navigator.clipboard.writeText(copied))
            .then(
              () => setState('copied'),
              () => setState('failed'),
            )
        }
      >
        Copy
      </button>
      <span role="status" className={`copy-state ${state}`}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </span>
  )
}
