/**
 * What a find in the session matches: its pattern (the text as typed, case-insensitive), the
 * matches of a pattern in a text, and the text of a path item as the transcript shows it. The
 * renderer marks and counts with these; main counts a find's matches over a whole path with
 * the same (session:find-counts), so both sides agree on every item's count.
 */
import type { ContentBlock, PathItem } from './session-view'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The pattern of a find in the session: the text as typed, case-insensitive; null when blank. */
export function findPattern(text: string): RegExp | null {
  return text.trim() === '' ? null : new RegExp(escape(text), 'gi')
}

/**
 * Visits the matches of `pattern` in `text` from offset `from` on, in order, as [start, end)
 * offsets (empty matches skipped), until `visit` returns false.
 */
function forEachMatch(
  text: string,
  pattern: RegExp,
  from: number,
  visit: (start: number, end: number) => boolean,
): void {
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : 'gi')
  re.lastIndex = from
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === '') {
      re.lastIndex += 1
      continue
    }
    if (!visit(m.index, m.index + m[0].length)) return
  }
}

/**
 * Every match of `pattern` in `text` as [start, end) offsets (empty matches skipped), or the
 * first `limit` of them.
 */
export function matchRanges(
  text: string,
  pattern: RegExp,
  limit = Number.POSITIVE_INFINITY,
): [number, number][] {
  const ranges: [number, number][] = []
  if (limit > 0) forEachMatch(text, pattern, 0, (start, end) => ranges.push([start, end]) < limit)
  return ranges
}

/** How many matches of `pattern` `text` holds from offset `from` on (counted, not kept). */
export function countMatches(text: string, pattern: RegExp, from = 0): number {
  let count = 0
  forEachMatch(text, pattern, from, () => ++count > 0)
  return count
}

function blocksText(blocks: readonly ContentBlock[]): string[] {
  return blocks.map((b) =>
    b.type === 'text' || b.type === 'thinking'
      ? b.text
      : b.type === 'toolCall'
        ? `${b.name} ${b.args}`
        : '',
  )
}

/** The searchable text of one path item (what its card shows, parts joined by newlines). */
export function itemText(item: PathItem): string {
  const b = item.body
  switch (b.kind) {
    case 'user':
    case 'system':
    case 'custom':
      return blocksText(b.content).join('\n')
    case 'assistant':
      return [...blocksText(b.content), b.errorMessage ?? ''].join('\n')
    case 'toolResult':
      return [b.call?.args ?? '', ...blocksText(b.content)].join('\n')
    case 'bash':
      return `${b.command}\n${b.output}`
    case 'compaction':
    case 'branchSummary':
      return b.summary
    case 'unknown':
      return b.json
    default:
      return ''
  }
}
