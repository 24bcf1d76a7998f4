/**
 * A session store holding one generated session (bench/generate-session.ts) in pi's layout,
 * `<root>/sessions/--<cwd>--/<name>`, for end-to-end tests of large or growing sessions.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  generateSession,
  type GenerateOptions,
  type GeneratedSession,
} from '../../bench/generate-session'

/** The generated session and the sessions folder to serve. */
export interface GeneratedStore {
  /** The sessions folder (what server mode reads). */
  sessionsDir: string
  generated: GeneratedSession
}

/**
 * Writes session `name` into project folder `project` of a store at `root`.
 * @param root an empty temp folder (the test's scratch)
 */
export async function generatedStore(
  root: string,
  project: string,
  name: string,
  options: GenerateOptions,
): Promise<GeneratedStore> {
  const sessionsDir = join(root, 'sessions')
  const folder = join(sessionsDir, project)
  mkdirSync(folder, { recursive: true })
  return { sessionsDir, generated: await generateSession(join(folder, name), options) }
}
