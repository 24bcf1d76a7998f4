/**
 * Test helpers for the Insights queries: a library over a temp store holding only the
 * chosen fixture files (so every expected figure can be read off those files by hand), and
 * a scope builder.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import type { InsightsScope } from '../../../preload/contract/insights'
import { SessionLibrary } from '../../../main/library/library'
import { applyManifestMtimes, FIXTURE_STORE } from '../../helpers/fixtures'

/** The fixture files the Insights tests read, by what they show. */
export const FILES = {
  /** Two usage entries (cache_warm on the conversation's model, a classifier on its own). */
  usage:
    'agent/sessions/--home-ayla-src-orbit-notes--/2026-02-05T21-43-19-117Z_019c2fc2-754c-72ec-b5aa-19dc560dae61.jsonl',
  /** Two compactions with usage; starts 23:58 in New York and ends after midnight there. */
  compaction:
    'agent/sessions/--home-ayla-src-orbit-notes--/2026-02-04T04-58-28-053Z_019c2704-2154-72ec-b5aa-19d6c30d704a.jsonl',
  /** Three branches and a branch summary with usage. */
  branches:
    'agent/sessions/--home-ayla-src-orbit-notes--/2026-02-05T11-13-42-074Z_019c2d82-06b9-72ec-b5aa-19d823729578.jsonl',
  /** The parent of `fork`: three turns on 2026-02-02. */
  forkParent:
    'agent/sessions/--home-ayla-src-orbit-notes--/2026-02-02T13-30-00-001Z_019c1e8b-bbc0-72ec-b5aa-19cf63c13cd6.jsonl',
  /** A fork of `forkParent`: its copied history, then one turn of its own on 2026-02-06. */
  fork: 'agent/sessions/--home-ayla-src-orbit notes (fork) ✨--/2026-02-06T00-54-44-136Z_019c3071-b4a7-72ec-b5aa-19e196a774fe.jsonl',
  /** Three image blocks (a user message with text and image, a tool result, an image-only user message). */
  images:
    'agent/sessions/--home-ayla-src-orbit-notes--/2026-02-02T20-34-23-011Z_019c2010-44a2-72ec-b5aa-19d11a4d454e.jsonl',
  /** A damaged file: last line cut mid-JSON. */
  damaged:
    'agent/sessions/--home-ayla-sandbox-damaged--/2025-11-03T08-59-44-000Z_74a9d88b-a24f-4015-acb3-ed68cd8dae6c.jsonl',
  /** A session with only its header: pi lists it as "(no messages)". */
  headerOnly:
    'agent/sessions/--home-ayla-sandbox-damaged--/2025-11-03T10-08-22-000Z_2d69d348-0455-4530-a1b0-2e87ed8c9ee0.jsonl',
} as const

/** A library over a temp copy of `files` (paths relative to the fixture store). */
export async function openLibraryOf(files: readonly string[]): Promise<{
  library: SessionLibrary
  root: string
  sessionsDir: string
  read<T>(query: (db: DatabaseSync) => T): T
  close(): Promise<void>
}> {
  const root = mkdtempSync(join(tmpdir(), 'pi-insights-'))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    copyFileSync(join(FIXTURE_STORE, file), join(root, file))
  }
  applyManifestMtimes(root)
  const sessionsDir = join(root, 'agent', 'sessions')
  mkdirSync(sessionsDir, { recursive: true })
  const library = new SessionLibrary([{ path: sessionsDir, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  return {
    library,
    root,
    sessionsDir,
    read: (query) => library.readIndex(query),
    close: async () => {
      await library.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** A scope over every project and day in `timeZone`, with `fields` changed. */
export function scopeOf(timeZone: string, fields: Partial<InsightsScope> = {}): InsightsScope {
  return { projectId: null, from: null, to: null, timeZone, ...fields }
}

/** Rounds away float noise: figures are compared to 1e-9 USD. */
export function round(n: number): number {
  return Math.round(n * 1e9) / 1e9
}
