/**
 * Opening a session from its tree skeleton (skeleton.ts): `session:open` answers with the
 * skeleton's facts under a new revision and `session:get-tree` with its pages, and the file's
 * bytes the skeleton was built from are parsed in the background once they are sent. That
 * parse's opened session takes the served revision, so the renderer goes on without a reload,
 * and live follow brings it up to the file as it is now: a skeleton of a file pi has appended
 * to since serves the file's first bytes (the reply says it is `behind`).
 */
import type { TreeFilter } from '../../../preload/contract/app'
import {
  TREE_PAGE_ROWS,
  type OpenReply,
  type TreeOutline,
  type TreePage,
} from '../../../preload/contract/session-live'
import { nextRevision, type OpenedSession } from './overview'
import { SKELETON_OUTLINE_MODE, type Skeleton } from './skeleton'
import type { TreeSkeletons } from './skeletons'
import { sameIdentity, type FileStamp } from './source'

/** Skeletons kept open after they were served (each keeps its file open for its pages). */
const CAPACITY = 2
/**
 * Longest wait before the parse of a session opened from its skeleton starts (ms). It starts
 * as soon as the last tree page is sent: until then the tail preview and the tree pages have
 * the view's thread to themselves, so the session's first screen is not slowed by the parse.
 */
export const PARSE_AFTER_MS = 1000

interface Served {
  revision: number
  path: string
  /** Its file was found damaged and dropped. */
  discarded: boolean
  skeleton: Skeleton
  /** Pages not sent yet. */
  left: Set<number>
  /** Resolves when the parse may start. */
  gate: Promise<void>
  open(): void
}

/** The skeletons served at open, until the parse of the same bytes takes over. */
export class ServedSkeletons {
  private served = new Map<string, Served>()

  constructor(private readonly trees: TreeSkeletons | undefined) {}

  /**
   * The `session:open` reply from the skeleton of `path`, or null when it has none that
   * matches the file as it is now.
   */
  async open(sessionId: string, path: string, fileName: string): Promise<OpenReply | null> {
    const skeleton = await this.trees?.read(path)
    if (!skeleton) return null
    const revision = nextRevision()
    this.forget(sessionId)
    let open = () => {}
    const gate = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, PARSE_AFTER_MS)
      open = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    const pages = Math.ceil(skeleton.overview.rowCount / TREE_PAGE_ROWS)
    const left = new Set(Array.from({ length: pages }, (_, i) => i * TREE_PAGE_ROWS))
    if (left.size === 0) open()
    this.served.set(sessionId, { revision, path, discarded: false, skeleton, left, gate, open })
    while (this.served.size > CAPACITY) this.forget(this.served.keys().next().value as string)
    const reply: OpenReply = { ...skeleton.overview, id: sessionId, fileName, revision }
    if (skeleton.behind) {
      // The file's own facts are as it is now (the header shows its size, and it is live);
      // its entries are the skeleton's until live follow reads the rest.
      reply.behind = true
      reply.size = skeleton.file.size
      reply.mtimeMs = skeleton.file.mtimeMs
    }
    return reply
  }

  /** A tree page of the skeleton served at `revision`, or null (not served, or taken over). */
  async page(sessionId: string, revision: number, offset: number): Promise<TreePage | null> {
    const served = this.served.get(sessionId)
    if (!served || served.revision !== revision) return null
    const rows = await served.skeleton.page(offset).catch(() => null)
    if (rows === null) {
      this.damaged(served)
      return null
    }
    served.left.delete(offset)
    if (served.left.size === 0) served.open()
    return { revision, offset, total: served.skeleton.overview.rowCount, rows }
  }

  /**
   * The outline of the skeleton served at `revision` in filter `mode`, or null when it holds
   * none for that filter (too large or too small to help, or another filter than the one it
   * keeps) or no skeleton is served at that revision.
   */
  async outline(
    sessionId: string,
    revision: number,
    mode: TreeFilter,
  ): Promise<TreeOutline | null> {
    const served = this.served.get(sessionId)
    if (!served || served.revision !== revision || mode !== SKELETON_OUTLINE_MODE) return null
    const text = await served.skeleton.outline().catch(() => null)
    if (text === null) this.damaged(served)
    return text === null ? null : { revision, total: served.skeleton.overview.rowCount, text }
  }

  /**
   * Hands the served revision to the session parsed from bytes `stamp`, when the skeleton was
   * built from the same bytes (same rows, same facts), and forgets the skeleton.
   */
  adopt(sessionId: string, opened: OpenedSession, stamp: FileStamp): void {
    const served = this.served.get(sessionId)
    if (!served) return
    if (
      !sameIdentity(served.skeleton.stamp, stamp) ||
      opened.rows.length !== served.skeleton.overview.rowCount
    )
      return
    opened.revision = served.revision
    opened.follow.baseRevision = served.revision
    this.forget(sessionId)
  }

  /**
   * The identity and hash of the bytes the skeleton served for `sessionId` was built from (the
   * parse reads those bytes, so it can take over), or null when none is served.
   */
  bytesOf(sessionId: string): { stamp: FileStamp; sha256: string } | null {
    const skeleton = this.served.get(sessionId)?.skeleton
    return skeleton ? { stamp: skeleton.stamp, sha256: skeleton.sha256 } : null
  }

  /**
   * The skeleton served for `sessionId` was found not to be the file's bytes (rewritten in
   * place): it serves nothing more, and its file is dropped and built again.
   */
  stale(sessionId: string): void {
    const served = this.served.get(sessionId)
    if (!served) return
    this.forget(sessionId)
    this.trees?.discard(served.path).catch(() => undefined)
  }

  /** Resolves when the parse of `sessionId` may start (at once unless just served). */
  async gate(sessionId: string): Promise<void> {
    await this.served.get(sessionId)?.gate
  }

  /**
   * A part of `served`'s skeleton was damaged on disk: the parse of the same bytes answers for
   * it (and takes over the served revision as usual), and the file is dropped and built again.
   */
  private damaged(served: Served): void {
    if (!served.skeleton.damaged || served.discarded) return
    served.discarded = true
    // The parse need not wait for pages that will not come.
    served.open()
    this.trees?.discard(served.path).catch(() => undefined)
  }

  /** Serves nothing more for `sessionId` (the skeleton file stays): its next parse reads all. */
  forget(sessionId: string): void {
    const served = this.served.get(sessionId)
    if (!served) return
    served.open()
    this.served.delete(sessionId)
    served.skeleton.close().catch(() => undefined)
  }
}
