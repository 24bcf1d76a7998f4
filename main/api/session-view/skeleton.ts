/**
 * A session's tree skeleton: its `session:open` facts and its tree pages, exactly as the view
 * builds them from a full parse, kept in one file of the app's data folder. A quiet large
 * session then opens with its whole tree at once while the file is parsed in the background;
 * the skeleton is used while the session file keeps the size, mtime and inode it was built
 * from, or only grew after those bytes (pi appended: live follow reads the rest), and only by
 * the app version that built it (rows may change between versions).
 *
 * Format: one JSON line of {@link SkeletonMeta}, then the pages' JSON texts back to back
 * (offsets after that line), then the tree's outline in pi's default filter (tree-outline.ts)
 * when it has one. Written whole with write-file-atomic: a reader sees the old file or the new
 * one, never a mix. The skeleton is a cache: a damaged one is ignored and rebuilt.
 */
import { createHash } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import type { TreeFilter } from '../../../preload/contract/app'
import { TREE_PAGE_ROWS } from '../../../preload/contract/session-live'
import type { SessionOverview } from '../../../preload/contract/session-view'
import { overviewOf, type OpenedSession } from './overview'
import { changeSince, sameIdentity, type FileStamp } from './source'
import { treeOutlineOf } from './tree-outline'
import { treePageText } from './tree-pages'

/** Bumped whenever the meta line's shape changes. */
const FORMAT = 7

/** What a skeleton holds of the overview: all but what names it in this app run. */
export type SkeletonOverview = Omit<SessionOverview, 'id' | 'fileName' | 'revision'>

/** The first line of a skeleton file. */
export interface SkeletonMeta {
  format: number
  /** The app version that built it. */
  app: string
  /** The identity of the session file's bytes it was built from. */
  stamp: FileStamp
  /**
   * The last bytes it was built from (up to 256, base64): while the file keeps its inode and
   * these bytes, what pi appended after them continues it (the library's rule, classifyChange).
   */
  tail: string
  /**
   * SHA-256 (hex) of the bytes it was built from: the parse that takes over from it checks
   * them, so a rewrite in place that kept the size and the last bytes is not served as the file.
   */
  sha256: string
  overview: SkeletonOverview
  /** Where each page's JSON text is, after the meta line. */
  pages: Part[]
  /** Where the outline's JSON text is, after the meta line; null: none. */
  outline: Part | null
}

/**
 * One part of a skeleton file after its meta line: byte offset, length, and the first 16 hex
 * digits of its SHA-256 (a part damaged on disk is not served: the parse answers instead).
 */
export type Part = [offset: number, length: number, sha256: string]

/** The hash a {@link Part} keeps of its bytes. */
function partHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

/** The filter a skeleton's outline is laid out for: pi's default (the tree's first view). */
export const SKELETON_OUTLINE_MODE: TreeFilter = 'default'

/** A skeleton read back for a session file that still matches it. */
export interface Skeleton {
  /** The identity of the bytes it was built from. */
  stamp: FileStamp
  /** The identity of the session file when the skeleton was opened (later when `behind`). */
  file: FileStamp
  /** True when pi has appended to the file since: the skeleton is of its first bytes. */
  behind: boolean
  /** SHA-256 (hex) of the bytes it was built from ({@link SkeletonMeta.sha256}). */
  sha256: string
  overview: SkeletonOverview
  /** The JSON text of the tree page at row `offset` (a multiple of TREE_PAGE_ROWS), or null. */
  page(offset: number): Promise<string | null>
  /** The JSON text of the outline in {@link SKELETON_OUTLINE_MODE}, or null (none). */
  outline(): Promise<string | null>
  /** True once a page or the outline read back was damaged on disk (it was not returned). */
  readonly damaged: boolean
  /** Closes the skeleton file. */
  close(): Promise<void>
}

/** The bytes a skeleton was built from, as the loader saw them. */
export interface SkeletonBytes {
  stamp: FileStamp
  /** Their last bytes (up to 256). */
  tail: Uint8Array
  /** SHA-256 (hex) of all of them. */
  sha256: string
}

/**
 * The skeleton file's bytes for an opened session read from `bytes`. Encodes every tree page
 * and the outline (`treePageText`, `treeOutlineOf`: the view reuses them for this load).
 */
export function encodeSkeleton(opened: OpenedSession, bytes: SkeletonBytes, app: string): Buffer {
  const { id: _id, fileName: _name, revision: _revision, ...overview } = overviewOf(opened)
  const texts: Buffer[] = []
  let at = 0
  const add = (text: string): Part => {
    const bytes = Buffer.from(text)
    texts.push(bytes)
    at += bytes.length
    return [at - bytes.length, bytes.length, partHash(bytes)]
  }
  const pages: SkeletonMeta['pages'] = []
  for (let offset = 0; offset < opened.rows.length; offset += TREE_PAGE_ROWS)
    pages.push(add(treePageText(opened, offset)))
  const outlineText = treeOutlineOf(opened, SKELETON_OUTLINE_MODE)?.text
  const outline = outlineText === undefined ? null : add(outlineText)
  const meta: SkeletonMeta = {
    format: FORMAT,
    app,
    stamp: { ...bytes.stamp },
    tail: Buffer.from(bytes.tail).toString('base64'),
    sha256: bytes.sha256,
    overview,
    pages,
    outline,
  }
  return Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), ...texts])
}

/** Writes a skeleton file whole (a temporary file renamed over it). @throws the fs error */
export async function writeSkeleton(file: string, bytes: Buffer): Promise<void> {
  await writeFileAtomic(file, bytes)
}

function validMeta(value: unknown, app: string): value is SkeletonMeta {
  const m = value as Partial<SkeletonMeta> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === FORMAT &&
    m.app === app &&
    typeof m.stamp?.size === 'number' &&
    typeof m.tail === 'string' &&
    typeof m.sha256 === 'string' &&
    typeof m.overview?.rowCount === 'number' &&
    Array.isArray(m.pages) &&
    (m.outline === null || Array.isArray(m.outline))
  )
}

/**
 * The meta line of an open skeleton file and where its pages start, or null when it is not a
 * whole skeleton of this app version (no valid meta line, a page missing, cut short or longer).
 */
async function metaOf(
  handle: FileHandle,
  app: string,
): Promise<{ meta: SkeletonMeta; body: number } | null> {
  const found = await metaLineOf(handle, app)
  if (!found) return null
  const { meta, body } = found
  const size = (await handle.stat()).size
  const last = meta.outline ?? meta.pages[meta.pages.length - 1]
  const whole =
    meta.pages.length === Math.ceil(meta.overview.rowCount / TREE_PAGE_ROWS) &&
    (last ? body + last[0] + last[1] === size : body === size)
  return whole ? found : null
}

async function metaLineOf(
  handle: FileHandle,
  app: string,
): Promise<{ meta: SkeletonMeta; body: number } | null> {
  const chunks: Buffer[] = []
  for (let position = 0, size = 64 * 1024; ; position += size, size *= 2) {
    const buf = Buffer.alloc(size)
    const { bytesRead } = await handle.read(buf, 0, size, position)
    const got = buf.subarray(0, bytesRead)
    const nl = got.indexOf(0x0a)
    if (nl >= 0) {
      chunks.push(got.subarray(0, nl))
      const line = Buffer.concat(chunks)
      const meta: unknown = JSON.parse(line.toString('utf8'))
      return validMeta(meta, app) ? { meta, body: line.length + 1 } : null
    }
    if (bytesRead < size) return null
    chunks.push(got)
  }
}

/**
 * The meta line of a skeleton file, or null when there is none, it is damaged or cut short, or
 * another app version wrote it. Reads only as far as the line's end.
 */
export async function readSkeletonMeta(file: string, app: string): Promise<SkeletonMeta | null> {
  let handle: FileHandle
  try {
    handle = await open(file, 'r')
  } catch {
    return null
  }
  try {
    return (await metaOf(handle, app))?.meta ?? null
  } catch {
    return null
  } finally {
    await handle.close()
  }
}

/**
 * Whether a skeleton built from bytes `meta.stamp` describes the session file at `path` as
 * `now` names it: the same bytes, or their start, when pi has only appended since (same inode,
 * not shorter, its old last bytes unchanged: `changeSince` says `grown`). A newer mtime on the
 * same size and last bytes counts as `grown` too: Linux stamps a write's mtime before it
 * extends the file, so a stat while pi appends sees that; a rewrite in place is found by the
 * parse, which checks the skeleton's bytes (sha256) and opens the file again. Null: neither.
 */
async function fitOf(
  meta: SkeletonMeta,
  path: string,
  now: FileStamp,
): Promise<'same' | 'grown' | null> {
  if (sameIdentity(meta.stamp, now)) return 'same'
  const change = await changeSince(path, meta.stamp, Buffer.from(meta.tail, 'base64'), now)
  return change === 'grown' || change === 'same' ? 'grown' : null
}

/**
 * Opens a skeleton file for the session file whose bytes are `stamp` now: reads its meta line
 * and keeps the file open, so its pages are read as they are asked for, from this version of
 * the file even if a newer one is written meanwhile. Null when it is missing, damaged, of
 * another app version, or built from bytes the file no longer starts with (rewritten,
 * truncated, replaced). A skeleton of the file before pi appended to it is used (`behind`).
 * @param sessionPath the session file (the bytes the skeleton ended at are checked there)
 */
export async function openSkeleton(
  file: string,
  sessionPath: string,
  stamp: FileStamp,
  app: string,
): Promise<Skeleton | null> {
  let handle: FileHandle
  try {
    handle = await open(file, 'r')
  } catch {
    return null
  }
  const found = await metaOf(handle, app).catch(() => null)
  const fit = found ? await fitOf(found.meta, sessionPath, stamp).catch(() => null) : null
  if (!found || !fit) {
    await handle.close()
    return null
  }
  const { meta, body } = found
  let damaged = false
  const read = async (part: Part | null | undefined) => {
    if (!part) return null
    const buf = Buffer.alloc(part[1])
    const { bytesRead } = await handle.read(buf, 0, part[1], body + part[0])
    if (bytesRead === part[1] && partHash(buf) === part[2]) return buf.toString('utf8')
    damaged = true
    return null
  }
  return {
    stamp: meta.stamp,
    file: { ...stamp },
    behind: fit === 'grown',
    sha256: meta.sha256,
    overview: meta.overview,
    page: (offset) =>
      read(offset % TREE_PAGE_ROWS === 0 ? meta.pages[offset / TREE_PAGE_ROWS] : undefined),
    outline: () => read(meta.outline),
    get damaged() {
      return damaged
    },
    close: () => handle.close(),
  }
}
