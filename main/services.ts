/**
 * Builds what both composition roots (Electron and server mode) share: session roots,
 * settings, the library and the handler table.
 */
import type { DesktopActions, HandlerTable } from './api/context'
import { join } from 'node:path'
import { createHandlers } from './api/handlers'
import { mkdir } from 'node:fs/promises'
import { archiveFolder } from './library/archive'
import { ExportDownloads } from './export/downloads'
import { SessionLibrary } from './library/library'
import type { WorkerScript } from './library/read-pool'
import { allRoots, resolveSessionRoots, type ResolvedRoots } from './library/roots'
import { SettingsStore } from './settings/store'
import { createEventHub, type EventHub } from './api/events'
import { localViewCore, type ViewCore } from './api/session-view/core'
import { TreeSkeletons } from './api/session-view/skeletons'
import { SKELETON_MIN_BYTES } from './api/session-view/skeleton-size'
import { workerViewCore } from './api/session-view/worker-core'
import { catchUnexpected, createLogger, type Logger } from './log'
import { prepareDataDir } from './data-dir'

/** Inputs of {@link createServices}. */
export interface ServiceOptions {
  cliDirs: string[]
  /** The app's data folder (cache, settings). */
  dataDir: string
  host: 'electron' | 'server'
  version: string
  /** Watch roots for changes (default true). */
  watch?: boolean
  /** The built read worker (out/main/read-worker.js); parse in-process without it. */
  worker?: WorkerScript
  /** The built tree worker (out/main/tree-worker.js); skeletons are built in-process without it. */
  treeWorker?: WorkerScript
  /** The built view worker (out/main/view-worker.js); sessions are read in-process without it. */
  viewWorker?: WorkerScript
  /**
   * Build tree skeletons of large sessions (default: when a tree worker is given; tests that
   * build them in-process turn them on). Skeletons already built are read either way.
   */
  skeletons?: boolean
  /** The demo library folder shipped with the app. */
  demoDir?: string | null
  /** File-manager actions (desktop app only). */
  desktop?: DesktopActions
}

/** The running services. */
export interface Services {
  resolved: ResolvedRoots
  settings: SettingsStore
  library: SessionLibrary
  handlers: HandlerTable
  /** Everything main pushes to the renderer. */
  events: EventHub
  log: Logger
  /** Server mode: finished exports for the browser to fetch (absent in the desktop app). */
  downloads?: ExportDownloads
  /** Warnings to show or log (settings set aside, unreadable pi settings...). */
  warnings: string[]
  /** The tree skeletons of large sessions (kept up to date in the background). */
  trees: TreeSkeletons
  /** The session view's reader of session files. */
  view: ViewCore
}

/** Resolves roots, loads settings and the cache, and starts the library. */
export async function createServices(options: ServiceOptions): Promise<Services> {
  await prepareDataDir(options.dataDir)
  const resolved = resolveSessionRoots({ cliDirs: options.cliDirs })
  const settings = new SettingsStore(options.dataDir)
  const warnings = [...resolved.warnings]
  const settingsWarning = await settings.load()
  if (settingsWarning) warnings.push(settingsWarning)
  const archiveDir = archiveFolder(options.dataDir, settings.get().archiveDir)
  // The archive is a root like the others: made here so a first launch lists no missing folder.
  await mkdir(archiveDir, { recursive: true }).catch(() => undefined)
  const roots = allRoots(resolved, settings.get().extraRoots, archiveDir)
  const library = new SessionLibrary(roots, {
    dataDir: options.dataDir,
    watch: options.watch,
    worker: options.worker,
  })
  const log = createLogger(options.dataDir)
  const events = createEventHub(log)
  library.onChange((change) => events.emit('library:changed', change))
  library.onFilesChanged((sessionIds) => events.emit('library:files-changed', { sessionIds }))
  log.info(
    `Pi Sessions ${options.version} (${options.host}) reading ${library.roots.map((r) => r.path).join(', ')}`,
  )
  for (const warning of warnings) log.info(warning)
  catchUnexpected(log, (message) => events.emit('app:error', { message }))
  await library.start()
  // The desktop app writes exports where the save dialog says; server mode offers downloads.
  const downloads = options.desktop
    ? undefined
    : new ExportDownloads(join(options.dataDir, 'exports'))
  const trees = new TreeSkeletons({
    dir: join(options.dataDir, 'trees'),
    app: options.version,
    worker: options.treeWorker,
    onError: (message) => log.info(message),
  })
  if (options.skeletons ?? options.treeWorker !== undefined) {
    trees.start(async () => {
      // Only a finished scan lists every session (else skeletons of unlisted ones are pruned).
      await library.whenIdle()
      return library.largeSessions(SKELETON_MIN_BYTES)
    })
    library.onChange(() => trees.kick())
  }
  const view = options.viewWorker
    ? workerViewCore(options.viewWorker, {
        dir: join(options.dataDir, 'trees'),
        app: options.version,
      })
    : localViewCore({ trees })
  const handlers = createHandlers({
    library,
    resolved,
    settings,
    dataDir: options.dataDir,
    demoDir: options.demoDir ?? null,
    desktop: options.desktop,
    downloads,
    events,
    host: options.host,
    version: options.version,
    view,
  })
  return { resolved, settings, library, handlers, warnings, events, log, downloads, trees, view }
}
