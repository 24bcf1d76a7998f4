/**
 * The library store: projects, the selected project and its sessions. One store per
 * concern (ARCHITECTURE.md rule 9); components select narrowly.
 */
import { create } from 'zustand'
import type {
  AppInfo,
  LibraryProblem,
  ProjectSummary,
  SessionSummary,
} from '../../../preload/contract/schemas'
import { call } from '../api/client'

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/** State and actions of the library view. */
export interface LibraryState {
  info: AppInfo | null
  projects: ProjectSummary[]
  problems: LibraryProblem[]
  status: LoadStatus
  error: string | null
  selectedProjectId: string | null
  sessions: SessionSummary[]
  sessionsStatus: LoadStatus
  sessionsError: string | null
  selectedSessionId: string | null
  /** Loads app info and projects, then selects the newest project. */
  load(): Promise<void>
  /** Selects a project and loads its sessions (stale answers are dropped). */
  selectProject(projectId: string): Promise<void>
  selectSession(sessionId: string | null): void
}

export const useLibrary = create<LibraryState>((set, get) => ({
  info: null,
  projects: [],
  problems: [],
  status: 'idle',
  error: null,
  selectedProjectId: null,
  sessions: [],
  sessionsStatus: 'idle',
  sessionsError: null,
  selectedSessionId: null,

  async load() {
    set({ status: 'loading', error: null })
    try {
      const [info, list] = await Promise.all([
        call('app:get-info', {}),
        call('library:list-projects', {}),
      ])
      set({ info, projects: list.projects, problems: list.problems, status: 'ready' })
      const keep = list.projects.find((p) => p.id === get().selectedProjectId)
      const first = keep ?? list.projects[0]
      if (first) await get().selectProject(first.id)
    } catch (error) {
      set({ status: 'error', error: (error as Error).message })
    }
  },

  async selectProject(projectId) {
    set({
      selectedProjectId: projectId,
      sessionsStatus: 'loading',
      sessionsError: null,
      selectedSessionId: null,
    })
    try {
      const sessions = await call('library:list-sessions', { projectId })
      if (get().selectedProjectId === projectId) set({ sessions, sessionsStatus: 'ready' })
    } catch (error) {
      if (get().selectedProjectId === projectId) {
        set({ sessions: [], sessionsStatus: 'error', sessionsError: (error as Error).message })
      }
    }
  },

  selectSession(sessionId) {
    set({ selectedSessionId: sessionId })
  },
}))
