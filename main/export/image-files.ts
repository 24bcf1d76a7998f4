/**
 * Markdown export with its images as files: `<name>.md` links `<name>-images/001.png`,
 * `002.jpeg`... (relative links, numbered in the order the Markdown shows them). The renderer
 * asks for a link while it writes; the image data is decoded only when the file is written,
 * one image at a time. Only the raster types the session view shows are written (images.ts);
 * any other image stays "omitted" with a note.
 */
import { imageAt } from '../api/session-view/images'
import type { ViewSource } from '../api/session-view/source'

/** One image file of a Markdown export: its name in the images folder and where its data is. */
export interface ImageFile {
  /** `001.png`... */
  name: string
  /** Entry position and n-th image in it (session:get-image's address). */
  pos: number
  index: number
}

/** Links images while Markdown is rendered, and reads their data when they are written. */
export interface ImageFiles {
  /** The images folder's name, beside the Markdown file (`<name>-images`). */
  readonly folder: string
  /** The images linked so far, in order. */
  readonly files: readonly ImageFile[]
  /** The relative link to the image at (pos, index); null when it cannot be written. */
  link(pos: number, index: number): string | null
  /** The decoded bytes of a linked image. */
  data(file: ImageFile): Buffer
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/** The images folder beside `markdownName` (`notes.md` -> `notes-images`). */
export function imagesFolderName(markdownName: string): string {
  return `${markdownName.replace(/\.md$/i, '')}-images`
}

/**
 * Image files for the Markdown export of `source` named `markdownName`.
 * @param source the (redacted) session the Markdown is rendered from
 */
export function imageFiles(source: ViewSource, markdownName: string): ImageFiles {
  const folder = imagesFolderName(markdownName)
  const files: ImageFile[] = []
  const seen = new Map<string, string>()
  return {
    folder,
    files,
    link(pos, index) {
      const key = `${pos}:${index}`
      const known = seen.get(key)
      if (known) return known
      let mimeType: string
      try {
        mimeType = imageAt(source.entries[pos], index).mimeType
      } catch {
        return null
      }
      const name = `${String(files.length + 1).padStart(3, '0')}.${EXTENSIONS[mimeType]}`
      files.push({ name, pos, index })
      // The folder name percent-encoded, brackets too: spaces or "(2)" never end the link.
      const link = `${encodeURIComponent(folder).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}/${name}`
      seen.set(key, link)
      return link
    },
    data(file) {
      return Buffer.from(imageAt(source.entries[file.pos], file.index).data, 'base64')
    },
  }
}
