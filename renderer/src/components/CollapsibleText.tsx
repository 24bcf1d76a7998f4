/**
 * Preformatted text cut to its first lines, with "show all", so long tool output does not flood the transcript.
 */
import { useState } from 'react'
import { Marked } from './marks'
import { counted } from './format'

/** Props of {@link CollapsibleText}. */
export interface CollapsibleTextProps {
  text: string
  /** Lines shown before "show all". */
  lines?: number
  /** Characters shown before "show all" (a single very long line). */
  chars?: number
  className?: string
}

/** Cuts `text` to `lines` lines / `chars` characters until the user asks for all of it. */
export function CollapsibleText({
  text,
  lines = 24,
  chars = 4000,
  className,
}: CollapsibleTextProps) {
  const [all, setAll] = useState(false)
  let cut = text
  if (!all) {
    let at = -1
    for (let n = 0; n < lines; n++) {
      at = text.indexOf('\n', at + 1)
      if (at < 0) break
    }
    if (at >= 0) cut = text.slice(0, at)
    if (cut.length > chars) cut = cut.slice(0, chars)
  }
  const hidden = text.length - cut.length
  // A single long line hides characters only: no "0 more lines".
  const moreLines = hidden > 0 ? countLines(text) - countLines(cut) : 0
  return (
    <div className={`collapsible ${className ?? ''}`}>
      <pre className={all && longestLine(text) > WRAP_AFTER ? 'plain-text wrapped' : 'plain-text'}>
        <Marked text={cut} />
      </pre>
      {hidden > 0 && (
        <button
          type="button"
          className="link-button"
          data-testid="show-all"
          onClick={() => setAll(true)}
        >
          Show all ({moreLines > 0 ? `${counted(moreLines, 'more line')}, ` : ''}
          {counted(hidden, moreLines > 0 ? 'character' : 'more character')})
        </button>
      )}
      {all && text.length > chars && (
        <button type="button" className="link-button" onClick={() => setAll(false)}>
          Show less
        </button>
      )}
    </div>
  )
}

/**
 * Lines longer than this many characters are wrapped once shown whole: a line of millions of
 * characters laid out unwrapped passes the widest box the browser draws (2^25 px in Chromium),
 * and nothing of it is drawn at all.
 */
const WRAP_AFTER = 20_000

function longestLine(text: string): number {
  let longest = 0
  let from = 0
  for (let at = text.indexOf('\n'); ; at = text.indexOf('\n', from)) {
    const end = at < 0 ? text.length : at
    longest = Math.max(longest, end - from)
    if (at < 0) return longest
    from = at + 1
  }
}

function countLines(text: string): number {
  let n = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++
  return n
}
