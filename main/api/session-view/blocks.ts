/**
 * Message content (pi spec 2.3: a string, or text / thinking / toolCall / image blocks) turned
 * into the contract's content blocks: text cleaned, tool calls paired with their results,
 * images replaced by a reference the renderer fetches lazily.
 */
import type { ContentBlock } from '../../../preload/contract/session-view'
import { imageSize, imagesOf } from './images'
import type { ResultRef } from './path'
import type { SessionEntry } from './source'
import { cleanText, jsonPreview, str } from './text'

/** Where content comes from: the entry that stores it (owner of its images). */
export interface ContentOwner {
  entry: SessionEntry
  pos: number
}

/** Tool call arguments can hold whole files; beyond this they are cut (with a note). */
const MAX_ARGS = 200_000

/** Converts content; `results` pairs tool calls with results on the same path. */
export function toBlocks(
  content: unknown,
  owner: ContentOwner,
  results: ReadonlyMap<string, ResultRef>,
): ContentBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: cleanText(content) }]
  if (!Array.isArray(content)) return []
  const out: ContentBlock[] = []
  for (const raw of content) {
    if (!raw || typeof raw !== 'object') {
      out.push({ type: 'other', kind: typeof raw, json: jsonPreview(raw, 2000) })
      continue
    }
    const b = raw as Record<string, unknown>
    switch (b.type) {
      case 'text':
        out.push({ type: 'text', text: cleanText(str(b.text)) })
        break
      case 'thinking':
        out.push({
          type: 'thinking',
          text: cleanText(str(b.thinking)),
          redacted: b.redacted === true,
        })
        break
      case 'toolCall': {
        const id = str(b.id)
        const result = results.get(id)
        out.push({
          type: 'toolCall',
          id,
          name: str(b.name),
          args: cleanText(jsonPreview(b.arguments ?? null, MAX_ARGS)),
          ...(result ? { result } : {}),
        })
        break
      }
      case 'image': {
        const index = imagesOf(owner.entry).indexOf(raw as never)
        const data = str(b.data)
        const size = imageSize(data)
        out.push({
          type: 'image',
          mimeType: str(b.mimeType),
          bytes: Math.floor((data.length * 3) / 4),
          pos: owner.pos,
          index,
          ...(size ? { width: size.width, height: size.height } : {}),
        })
        break
      }
      default:
        out.push({
          type: 'other',
          kind: str(b.type) || 'unknown',
          json: cleanText(jsonPreview(b, 20_000)),
        })
    }
  }
  return out
}

/** Characters of text in blocks (for the page size budget). */
export function blocksSize(blocks: readonly ContentBlock[]): number {
  let n = 0
  for (const b of blocks) {
    if (b.type === 'text' || b.type === 'thinking') n += b.text.length
    else if (b.type === 'toolCall') n += b.args.length
    else if (b.type === 'other') n += b.json.length
    else n += 64
  }
  return n
}
