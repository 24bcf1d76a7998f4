/**
 * Base64 images inside entries (pi spec 2.3: `{type:"image", data, mimeType}` blocks in user,
 * tool result and custom content, context-edit replacements...). They are not sent with the
 * transcript; the renderer fetches each one by (entry position, n-th image) when it scrolls
 * into view.
 */
import { ApiError } from '../../../preload/contract/errors'
import type { SessionEntry } from './source'

/** An image block as stored. */
export interface StoredImage {
  type: 'image'
  data: string
  mimeType?: unknown
}

const cache = new WeakMap<SessionEntry, StoredImage[]>()

/**
 * Every image block of an entry in a fixed walk order (depth-first, keys in insertion order),
 * so the same (entry, index) always names the same image. Iterative; cached per entry object.
 */
export function imagesOf(entry: SessionEntry): StoredImage[] {
  const hit = cache.get(entry)
  if (hit) return hit
  const found: StoredImage[] = []
  const stack: unknown[] = [entry]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const value = stack.pop()
    if (!value || typeof value !== 'object' || seen.has(value)) continue
    seen.add(value)
    const obj = value as Record<string, unknown>
    if (obj.type === 'image' && typeof obj.data === 'string') {
      found.push(obj as unknown as StoredImage)
      continue
    }
    const children = Array.isArray(value) ? value : Object.values(obj)
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  cache.set(entry, found)
  return found
}

/** Image types shown inline; SVG is excluded (it is a document, not a picture). */
export const IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
])

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * The n-th image of an entry, checked: a known raster type and plain base64.
 * @throws ApiError `not_found` when there is no such image, `invalid_argument` when it is not
 *   a displayable image (wrong type or not base64)
 */
export function imageAt(
  entry: SessionEntry | undefined,
  index: number,
): { mimeType: string; data: string } {
  const image = entry ? imagesOf(entry)[index] : undefined
  if (!image) throw new ApiError('not_found', 'No such image')
  const mimeType = typeof image.mimeType === 'string' ? image.mimeType.toLowerCase() : ''
  if (!IMAGE_TYPES.has(mimeType))
    throw new ApiError('invalid_argument', `Image type ${mimeType || '(none)'} is not shown`)
  const data = image.data.replace(/\s+/g, '')
  if (!BASE64.test(data)) throw new ApiError('invalid_argument', 'Image data is not base64')
  return { mimeType, data }
}

/**
 * Pixel size of a base64 PNG, GIF, JPEG or WebP image, read from its header (so the transcript
 * can reserve the image's box before it is fetched: no layout shift). Null when unknown.
 */
export function imageSize(base64: string): { width: number; height: number } | null {
  try {
    // 64 KiB of base64 holds the header of any sane JPEG (markers before SOF are skipped).
    const head = Buffer.from(base64.slice(0, 65_536).replace(/[^A-Za-z0-9+/]/g, ''), 'base64')
    if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47) {
      return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) }
    }
    if (head.length >= 10 && head.toString('latin1', 0, 4) === 'GIF8') {
      return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) }
    }
    if (
      head.length >= 30 &&
      head.toString('latin1', 0, 4) === 'RIFF' &&
      head.toString('latin1', 8, 12) === 'WEBP'
    ) {
      return webpSize(head)
    }
    if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegSize(head)
  } catch {
    // Truncated or odd data: no size, the placeholder gets a default box.
  }
  return null
}

function webpSize(b: Buffer): { width: number; height: number } | null {
  const chunk = b.toString('latin1', 12, 16)
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8 ')
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  return null
}

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1] as number
    const length = b.readUInt16BE(i + 2)
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) }
    }
    i += 2 + length
  }
  return null
}
