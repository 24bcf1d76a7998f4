/**
 * The matches of a find in the shown path: the text of each loaded path item as the
 * transcript renders it (messages, thinking, tool calls and results, bash, summaries), and
 * every occurrence of the find's pattern in it, in path order.
 */
import type { ContentBlock, PathItem } from '../../../../preload/contract/session-view'
import { matchRanges } from '../../components/marks'

/** One occurrence: the path index of its item and its order among that item's marks. */
export interface FindMatch {
  index: number
  nth: number
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

/** Every match of `pattern` in the loaded items of a path, in path order. */
export function findMatches(items: ReadonlyMap<number, PathItem>, pattern: RegExp): FindMatch[] {
  const matches: FindMatch[] = []
  const indexes = [...items.keys()].sort((a, b) => a - b)
  for (const index of indexes) {
    const count = matchRanges(itemText(items.get(index) as PathItem), pattern).length
    for (let nth = 0; nth < count; nth++) matches.push({ index, nth })
  }
  return matches
}
