/**
 * Preformatted text cut to its first lines, with "show all", so long tool output does not flood
 * the transcript; a text shown whole stays so while its entry scrolls out of view and back.
 */
import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react'
import { Marked, MARKS_PER_TEXT, matchRanges, Unmarked, unmarkedCount, useMarks } from './marks'
import { counted } from './format'
import { cutAt } from './grapheme-cut'
import { useShownWhole } from './kept-view'
import { WholeText } from './whole-text'
import { LeaveEnd } from './leave-end'
import { useFoldInView, useUnfoldInView } from './fold-in-view'
import type { TextCut } from '../../../preload/contract/session-view'
import { selectedText } from './piece-copy'
import {
  CHARS_PER_ROW,
  estimatedRows,
  PIECE_CHARS,
  textPieces,
  type TextRange,
} from './text-pieces'

/** Props of {@link CollapsibleText}. */
export interface CollapsibleTextProps {
  text: string
  /** Lines shown before "show all". */
  lines?: number
  /** Characters shown before "show all" (a single very long line). */
  chars?: number
  className?: string
  /** What main left out of `text` (sent cut): "show all" fetches it (WholeText). */
  cut?: TextCut
}

/** Cuts `text` to `lines` lines / `chars` characters until the user asks for all of it. */
export function CollapsibleText({
  text,
  lines = 24,
  chars = 4000,
  className,
  cut: sentCut,
}: CollapsibleTextProps) {
  const [all, setAll] = useShownWhole()
  const fetchWhole = useContext(WholeText)
  const leaveEnd = useContext(LeaveEnd)
  // Shown whole but sent cut (just asked for, or sent cut again: the entry was fetched anew).
  const waiting = all && sentCut !== undefined
  useEffect(() => {
    if (waiting && fetchWhole) void fetchWhole()
  }, [waiting, fetchWhole])
  let cut = text
  if (!all) {
    let at = -1
    for (let n = 0; n < lines; n++) {
      at = text.indexOf('\n', at + 1)
      if (at < 0) break
    }
    if (at >= 0) cut = text.slice(0, at)
    cut = cutAt(cut, chars)
  }
  const hidden = text.length - cut.length + (sentCut?.chars ?? 0)
  const hiddenMatches = useHiddenMatches(text, all ? text.length : cut.length)
  // Shown whole, a text its fold would cut can be folded again.
  const foldable = all && (text.length > chars || countLines(text) > lines)
  const { ref, fold } = useFoldInView(() => setAll(false))
  // Folded, as shown whole, where the reader is: a list near its end after the fold does not
  // follow pi again until the reader goes to the end themselves.
  const foldHere = (focused: boolean) => {
    leaveEnd()
    fold(focused)
  }
  const unfold = useUnfoldInView(ref, () => setAll(true))
  // A single long line hides characters only: no "0 more lines".
  const moreLines = hidden > 0 ? countLines(text) - countLines(cut) + (sentCut?.lines ?? 0) : 0
  return (
    <div ref={ref} className={`collapsible ${className ?? ''}`}>
      {/* A text taller than the screen folds from its top too, not only from its end. */}
      {foldable && isTall(text) && <ShowLess onClick={foldHere} />}
      {/* Above the text: what was sent is shown at once, far taller than the screen. */}
      {waiting && (
        <p className="muted small" role="status" data-testid="text-loading">
          Loading the rest ({counted(sentCut.chars, 'more character')})…
        </p>
      )}
      {all && text.length > PIECE_CHARS ? (
        <Pieces text={text} />
      ) : (
        <pre
          className={all && longestLine(text) > WRAP_AFTER ? 'plain-text wrapped' : 'plain-text'}
        >
          <Marked text={cut} />
        </pre>
      )}
      {hidden > 0 && !all && (
        <button
          type="button"
          className="link-button"
          data-testid="show-all"
          data-hidden-matches={hiddenMatches > 0 ? hiddenMatches : undefined}
          onClick={(e) => {
            leaveEnd()
            unfold(e.currentTarget === document.activeElement)
          }}
        >
          Show all ({moreLines > 0 ? `${counted(moreLines, 'more line')}, ` : ''}
          {counted(hidden, moreLines > 0 ? 'character' : 'more character')})
        </button>
      )}
      {foldable && <ShowLess onClick={foldHere} />}
    </div>
  )
}

/** Characters, and lines, past which a text shown whole is taller than a screen. */
const TALL_CHARS = 20_000
const TALL_LINES = 60

/** Whether `text` shown whole runs past a screen (counting lines only in a short text). */
function isTall(text: string): boolean {
  return text.length > TALL_CHARS || countLines(text) > TALL_LINES
}

/** The button that folds a text shown whole back to its first lines. */
function ShowLess({ onClick }: { onClick: (focused: boolean) => void }) {
  return (
    <button
      type="button"
      className="link-button"
      onClick={(e) => onClick(e.currentTarget === document.activeElement)}
    >
      Show less
    </button>
  )
}

/**
 * How many matches of the marks in effect `text` holds past its first `shown` characters
 * (a match the cut splits counts as hidden: the shown part cannot mark it). A find counts every
 * match of a text (FindTally); the button that shows the rest carries this count, so landing
 * on a match the fold hides knows to unfold it (use-find.ts).
 */
function useHiddenMatches(text: string, shown: number): number {
  const marks = useMarks()
  const folded = shown < text.length
  const ranges = useMemo(
    () => (marks && folded ? matchRanges(text, marks.pattern) : null),
    [marks, text, folded],
  )
  if (!ranges) return 0
  let hidden = 0
  for (let i = ranges.length - 1; i >= 0 && (ranges[i] as [number, number])[1] > shown; i--)
    hidden++
  return hidden
}

/**
 * A long text shown whole, in pieces laid out only on screen, wrapped: a piece contains its
 * layout, so a line running past the pane would be cut off rather than scroll. A selection
 * within it copies exactly the text's characters (piece-copy.ts).
 */
function Pieces({ text }: { text: string }) {
  const marks = useMarks()
  // The text's matches, found once: a cap per piece would mark hundreds of thousands in a
  // text of megabytes, and a match cut in two would be two marks to the find's one.
  const { ranges, unmarked } = useMemo(() => {
    if (!marks) return { ranges: [], unmarked: 0 }
    const ranges = matchRanges(text, marks.pattern, MARKS_PER_TEXT)
    return { ranges, unmarked: unmarkedCount(text, marks.pattern, ranges) }
  }, [marks, text])
  const pieces = useMemo(() => placedPieces(text, ranges), [text, ranges])
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
      {/* Drawn at once, sized by the last row measured: a text drawn empty until measured
          is, for that layout, shorter than the view, and the browser pulls the list's scroll
          position up to fit it; the reader's place is lost. */}
      {pieces.map(({ piece, start, marked }) => (
        <span
          key={start}
          className="text-piece"
          data-start={start}
          style={{ '--rows': estimatedRows(piece, perRow) } as CSSProperties}
        >
          <Marked text={piece} ranges={marked} />
        </span>
      ))}
      <Unmarked count={unmarked} />
    </pre>
  )
}

/** A piece of a long text, its offset in the text, and the ranges to mark in it. */
interface PlacedPiece {
  piece: string
  start: number
  marked: TextRange[]
}

/**
 * {@link textPieces} of `text`, none cut inside one of `ranges` (the matches to mark), each
 * with its offset in `text` (copy maps a selection by it) and its ranges, from its start.
 */
function placedPieces(text: string, ranges: readonly TextRange[]): PlacedPiece[] {
  const placed: PlacedPiece[] = []
  let start = 0
  let next = 0
  for (const piece of textPieces(text, PIECE_CHARS, ranges)) {
    const end = start + piece.length
    const marked: TextRange[] = []
    for (let r = ranges[next]; r && r[1] <= end; r = ranges[++next])
      marked.push([r[0] - start, r[1] - start])
    placed.push({ piece, start, marked })
    start = end
  }
  return placed
}

/**
 * The last row width measured: a text drawn again (its entry scrolled back into view, the list
 * opened again, another text) starts from it, and is seldom measured different.
 */
let lastPerRow: number | null = null

/**
 * How many characters of the element's font fit in its content box's width, measured when it is
 * drawn (before the first paint) and whenever its size changes; until then the last width
 * measured, else {@link CHARS_PER_ROW}, which is also the answer where it cannot be measured.
 */
function useCharsPerRow(ref: RefObject<HTMLElement | null>): number {
  const [perRow, setPerRow] = useState<number>(lastPerRow ?? CHARS_PER_ROW)
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
