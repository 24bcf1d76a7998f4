/**
 * Server mode's finished exports, waiting for the browser to fetch them once
 * (`GET /api/export-download/<id>` with the token): files in a folder of the app's data folder,
 * never in a session root. A download is removed once served, and every download older than an
 * hour is removed when a new one is made.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Readable } from 'node:stream'

/** How long an unfetched download is kept (ms). */
const KEEP_MS = 60 * 60 * 1000
const ID = /^[0-9a-f-]{36}$/

/** One download being served. */
export interface OpenDownload {
  fileName: string
  size: number
  stream: Readable
  /** Removes the file (call when the response ended). */
  done(): Promise<void>
}

/** The downloads folder of one app data folder. */
export class ExportDownloads {
  /** Downloads being served: a second fetch of one of them finds nothing. */
  private readonly serving = new Set<string>()

  constructor(readonly dir: string) {}

  /**
   * A new download slot: write the export to `path`, then hand `id` to the browser.
   * @param fileName the name the browser saves it under
   */
  async create(fileName: string): Promise<{ id: string; path: string }> {
    await this.sweep()
    const id = randomUUID()
    const folder = join(this.dir, id)
    await mkdir(folder, { recursive: true })
    return { id, path: join(folder, basename(fileName)) }
  }

  /** Removes a slot (a failed or cancelled export). */
  async discard(id: string): Promise<void> {
    if (ID.test(id)) await rm(join(this.dir, id), { recursive: true, force: true })
  }

  /** Opens download `id` for serving; null when there is none (unknown, served, expired). */
  async open(id: string): Promise<OpenDownload | null> {
    if (!ID.test(id) || this.serving.has(id)) return null
    const folder = join(this.dir, id)
    const names = await readdir(folder).catch(() => [] as string[])
    const name = names.find((n) => !n.startsWith('.'))
    if (!name) return null
    const path = join(folder, name)
    const { size } = await stat(path)
    this.serving.add(id)
    return {
      fileName: name,
      size,
      stream: createReadStream(path),
      done: () => this.discard(id).finally(() => this.serving.delete(id)),
    }
  }

  private async sweep(): Promise<void> {
    const now = Date.now()
    for (const id of await readdir(this.dir).catch(() => [] as string[])) {
      const facts = await stat(join(this.dir, id)).catch(() => null)
      if (facts && now - facts.mtimeMs > KEEP_MS) await this.discard(id)
    }
  }
}
