/**
 * Preformatted text cut to its first lines, with "show all", so long tool output does not flood
 * the transcript; a text shown whole stays so while its entry scrolls out of view and back.
 */
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react'
import { Marked } from './marks'
import { counted } from './format'
import { graphemeStart } from './grapheme-cut'
import { useShownWhole } from './kept-view'
import { selectedText } from './piece-copy'
import { CHARS_PER_ROW, estimatedRows, PIECE_CHARS, textPieces } from './text-pieces'

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
  const [all, setAll] = useShownWhole()
  let cut = text
  if (!all) {
    let at = -1
    for (let n = 0; n < lines; n++) {
      at = text.indexOf('\n', at + 1)
      if (at < 0) break
    }
    if (at >= 0) cut = text.slice(0, at)
    if (cut.length > chars) cut = cut.slice(0, graphemeStart(cut, chars))
  }
  const hidden = text.length - cut.length
  // A single long line hides characters only: no "0 more lines".
  const moreLines = hidden > 0 ? countLines(text) - countLines(cut) : 0
  return (
    <div className={`collapsible ${className ?? ''}`}>
      {all && text.length > PIECE_CHARS ? (
        <Pieces text={text} />
      ) : (
        <pre
          className={all && longestLine(text) > WRAP_AFTER ? 'plain-text wrapped' : 'plain-text'}
        >
          <Marked text={cut} />
        </pre>
      )}
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
 * A long text shown whole, in pieces laid out only on screen, wrapped: a piece contains its
 * layout, so a line running past the pane would be cut off rather than scroll. A selection
 * within it copies exactly the text's characters (piece-copy.ts).
 */
function Pieces({ text }: { text: string }) {
  const pieces = useMemo(() => placedPieces(text), [text])
  const ref = useRef<HTMLPreElement>(null)
  const perRow = useCharsPerRow(ref)
  return (
    <pre
      ref={ref}
      className="plain-text wrapped"
      data-testid="text-pieces"
      onCopy={(e) => {
        const selection = document.getSelection()
        const copied =
          selection?.rangeCount === 1
            ? selectedText(text, e.currentTarget, selection.getRangeAt(0))
            : null
        if (copied === null) return
        e.clipboardData.setData('text/plain', copied)
        e.preventDefault()
      }}
    >
      {/* Drawn once the row is measured (before the first paint): pieces laid out with a
          guessed height would be laid out again at once. */}
      {perRow !== null &&
        pieces.map(({ piece, start }) => (
          <span
            key={start}
            className="text-piece"
            data-start={start}
            style={{ '--rows': estimatedRows(piece, perRow) } as CSSProperties}
          >
            <Marked text={piece} />
          </span>
        ))}
    </pre>
  )
}

/** {@link textPieces} of `text`, each with its offset in `text` (copy maps a selection by it). */
function placedPieces(text: string): { piece: string; start: number }[] {
  const placed: { piece: string; start: number }[] = []
  let start = 0
  for (const piece of textPieces(text)) {
    placed.push({ piece, start })
    start += piece.length
  }
  return placed
}

/**
 * The last row width measured: a text drawn again (its entry scrolled back into view, the list
 * opened again) starts from it, and is never drawn empty while it is measured.
 */
let lastPerRow: number | null = null

/**
 * How many characters of the element's font fit in its content box's width, measured when it is
 * drawn and whenever its size changes; until then the last width measured (null before any),
 * {@link CHARS_PER_ROW} where it cannot be measured.
 */
function useCharsPerRow(ref: RefObject<HTMLElement | null>): number | null {
  const [perRow, setPerRow] = useState<number | null>(lastPerRow)
  useLayoutEffect(() => {
    const el = ref.current
    const context = document.createElement('canvas').getContext('2d')
    if (!el) return
    const measure = () => {
      if (!context) return setPerRow(CHARS_PER_ROW)
      const style = getComputedStyle(el)
      context.font = style.font
      const char = context.measureText('0'.repeat(100)).width / 100
      const width = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (char > 0 && width > 0) setPerRow((lastPerRow = Math.max(1, Math.floor(width / char))))
      else setPerRow(CHARS_PER_ROW)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return perRow
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
