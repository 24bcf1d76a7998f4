/**
 * The Insights store: whether the view is open, its choices (range, period, series,
 * measure, ranking) and the figures main computed for them, one call per chart. The scope's
 * project is the library's (the sidebar selection); a newer load supersedes an older one.
 */
import { create } from 'zustand'
import type {
  ActivityResult,
  DiskResult,
  InsightsScope,
  TopItem,
  UsageQuery,
  UsageResult,
} from '../../../../preload/contract/insights'
import type { ApiErrorData } from '../../../../preload/contract/errors'
import { call, errorData } from '../../api/client'
import { rangeOf, userTimeZone, type DateRange, type RangePreset } from './range'

import type { Measure } from './figures'

export type { Measure }

/** The figures of every chart. */
export interface InsightsData {
  /** The period and series the usage figures were computed for. */
  period: UsageQuery['period']
  stackBy: UsageQuery['stackBy']
  usage: UsageResult
  activity: ActivityResult
  top: { project: TopItem[]; model: TopItem[]; session: TopItem[] }
  disk: DiskResult
}

/** State and actions of the Insights view. */
export interface InsightsState {
  open: boolean
  preset: RangePreset
  custom: DateRange
  period: UsageQuery['period']
  stackBy: UsageQuery['stackBy']
  measure: Measure
  rankBy: 'cost' | 'tokens'
  timeZone: string
  data: InsightsData | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: ApiErrorData | null
  setOpen(open: boolean): void
  /** Changes choices and reloads. */
  choose(
    change: Partial<Pick<InsightsState, 'preset' | 'custom' | 'period' | 'stackBy' | 'rankBy'>>,
  ): void
  setMeasure(measure: Measure): void
  /** Loads every chart for the current choices and `projectId` (null = all projects). */
  load(projectId: string | null): Promise<void>
}

let ticket = 0
let lastProject: string | null = null

export const useInsights = create<InsightsState>((set, get) => ({
  open: false,
  preset: 'all',
  custom: { from: null, to: null },
  period: 'day',
  stackBy: 'model',
  measure: 'cost',
  rankBy: 'cost',
  timeZone: userTimeZone(),
  data: null,
  status: 'idle',
  error: null,

  setOpen(open) {
    set({ open })
  },

  choose(change) {
    set(change)
    void get().load(lastProject)
  },

  setMeasure(measure) {
    set({ measure })
  },

  async load(projectId) {
    lastProject = projectId
    const mine = ++ticket
    const { preset, custom, period, stackBy, rankBy, timeZone } = get()
    const scope: InsightsScope = { projectId, ...rangeOf(preset, custom, timeZone), timeZone }
    set({ status: 'loading' })
    try {
      const top = (kind: 'project' | 'model' | 'session') =>
        call('insights:top', { scope, kind, by: rankBy, limit: 10 }).then((r) => r.items)
      const [usage, activity, project, model, session, disk] = await Promise.all([
        call('insights:usage', { scope, period, stackBy }),
        call('insights:activity', { scope }),
        top('project'),
        top('model'),
        top('session'),
        call('insights:disk', { scope }),
      ])
      if (mine !== ticket) return
      set({
        data: { period, stackBy, usage, activity, top: { project, model, session }, disk },
        status: 'ready',
        error: null,
      })
    } catch (error) {
      if (mine === ticket) set({ status: 'error', error: errorData(error) })
    }
  },
}))
