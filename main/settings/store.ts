/**
 * App settings, persisted as JSON in the app's data folder (extra session roots, theme,
 * hidden messages, delete confirmation, default tree filter, window bounds). Validated with zod on load: a corrupt file is set aside as
 * `settings.json.corrupt` and defaults apply, never a crash. Writes are atomic.
 */
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { LastSession, Terminal, TreeFilter } from '../../preload/contract/app'

/** The window's last bounds (Electron). */
export const WindowBounds = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(200),
  maximized: z.boolean(),
})

/** The settings file's schema; every key has a default, unknown keys are dropped. */
export const Settings = z.object({
  extraRoots: z.array(z.string()).default([]),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  showHidden: z.boolean().default(false),
  confirmDelete: z.boolean().default(true),
  defaultTreeFilter: TreeFilter.default('default'),
  window: WindowBounds.nullable().default(null),
  /** The archive folder the user chose; null: `archive` in the data folder (archive.ts). */
  archiveDir: z.string().nullable().default(null),
  terminal: Terminal.default('auto'),
  lastSession: LastSession.nullable().default(null),
})

export type Settings = z.output<typeof Settings>

/** Loads and saves the settings file of one data folder. */
export class SettingsStore {
  private current: Settings = Settings.parse({})

  /** The last update in line (settled); the next one starts after it. */
  private queue: Promise<unknown> = Promise.resolve()

  /** @param dataDir the app's data folder (created on first save only) */
  constructor(readonly dataDir: string) {}

  get file(): string {
    return join(this.dataDir, 'settings.json')
  }

  /** Reads the file; returns a warning when it had to be set aside. Never throws. */
  async load(): Promise<string | null> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return null
    }
    try {
      this.current = Settings.parse(JSON.parse(text))
      return null
    } catch (error) {
      await rename(this.file, `${this.file}.corrupt`).catch(() => undefined)
      const first = (error as Error).message.split('\n')[0]
      return `Settings file was unreadable and was set aside (${first})`
    }
  }

  get(): Settings {
    return this.current
  }

  /**
   * Applies `change` and writes the file atomically. Updates run one after another, each on
   * the result of the one before: two saves at once (the open session and a setting) both land.
   * @throws ZodError when the change breaks the schema (nothing is written then)
   */
  update(change: (s: Settings) => Settings): Promise<Settings> {
    const run = this.queue.then(async () => {
      const next = Settings.parse(change(structuredClone(this.current)))
      await mkdir(this.dataDir, { recursive: true })
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n')
      this.current = next
      return next
    })
    // A failed update must not stop the ones after it.
    this.queue = run.catch(() => undefined)
    return run
  }
}
