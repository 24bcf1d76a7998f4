/**
 * Schemas of the `insights:*` channels: usage, activity, top lists and disk use of the
 * library, one channel per chart, computed in main from the library index. Days are the
 * user's days: `timeZone` is an IANA zone ("Europe/Istanbul") or a UTC offset ("+05:30"),
 * and dates are that zone's calendar dates (`YYYY-MM-DD`). Ids are opaque (rule 5).
 */
import { z } from 'zod'
import { OpaqueId } from './common'

/** A calendar date in the scope's time zone. */
export const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')

/** Which sessions and days a chart covers. */
export const InsightsScope = z
  .object({
    /** null = every project. */
    projectId: OpaqueId.nullable(),
    /** First and last day, inclusive; null = unbounded on that side. */
    from: CalendarDate.nullable(),
    to: CalendarDate.nullable(),
    /** IANA time zone or UTC offset (`+05:30`) the days are counted in. */
    timeZone: z.string().min(1).max(100),
  })
  .strict()

/** Token counts and cost in USD. */
export const UsageFigures = z.object({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
  cost: z.number(),
})

/** How periods are formed and series split. */
export const UsageQuery = z
  .object({
    scope: InsightsScope,
    /** Day, ISO week (labelled by its Monday) or calendar month (`YYYY-MM`). */
    period: z.enum(['day', 'week', 'month']),
    /** One series per model (`provider/model`) or per project (its opaque id). */
    stackBy: z.enum(['model', 'project']),
  })
  .strict()

/** Usage per period and series, periods ascending; only non-empty cells. */
export const UsageResult = z.object({
  cells: z.array(UsageFigures.extend({ period: z.string(), series: z.string() })),
})

/** Sessions active and messages written per day, days ascending (only active days). */
export const ActivityResult = z.object({
  days: z.array(
    z.object({ day: CalendarDate, sessions: z.number().int(), messages: z.number().int() }),
  ),
})

/** A top list: what is ranked and by what. */
export const TopQuery = z
  .object({
    scope: InsightsScope,
    kind: z.enum(['project', 'model', 'session']),
    by: z.enum(['cost', 'tokens']),
    limit: z.number().int().min(1).max(100).default(10),
  })
  .strict()

/** One ranked item: a project id, a model, or a session id with its title. */
export const TopItem = UsageFigures.extend({
  /** Project id, `provider/model`, or session id, by the list's kind. */
  id: z.string(),
  /** A session's title as the library list shows it; the project id or model otherwise. */
  label: z.string(),
  /** The project of a session; null for the other kinds. */
  projectId: OpaqueId.nullable(),
  /** Input + output + cache read + cache write. */
  tokens: z.number(),
  sessions: z.number().int(),
})

export const TopResult = z.object({ items: z.array(TopItem) })

/** A session file on the disk-use lists. */
export const DiskSession = z.object({
  id: OpaqueId,
  projectId: OpaqueId,
  label: z.string(),
  bytes: z.number(),
  images: z.number().int(),
  status: z.enum(['ok', 'damaged', 'unreadable']),
  problem: z.string().nullable(),
  diagnosticCount: z.number().int(),
})

/** Disk use of the scope's project(s); files are counted whatever the date range. */
export const DiskResult = z.object({
  projects: z.array(
    z.object({ projectId: OpaqueId, bytes: z.number(), sessions: z.number().int() }),
  ),
  largest: z.array(DiskSession),
  withImages: z.array(DiskSession),
  damaged: z.array(DiskSession),
})

/** Argument and result schema of each `insights:*` channel. */
export const INSIGHTS_SCHEMAS = {
  'insights:usage': { args: UsageQuery, result: UsageResult },
  'insights:activity': {
    args: z.object({ scope: InsightsScope }).strict(),
    result: ActivityResult,
  },
  'insights:top': { args: TopQuery, result: TopResult },
  'insights:disk': { args: z.object({ scope: InsightsScope }).strict(), result: DiskResult },
} as const

export type InsightsScope = z.output<typeof InsightsScope>
export type UsageFigures = z.output<typeof UsageFigures>
export type UsageQuery = z.output<typeof UsageQuery>
export type UsageResult = z.output<typeof UsageResult>
export type ActivityResult = z.output<typeof ActivityResult>
export type TopQuery = z.output<typeof TopQuery>
export type TopQueryInput = z.input<typeof TopQuery>
export type TopItem = z.output<typeof TopItem>
export type TopResult = z.output<typeof TopResult>
export type DiskSession = z.output<typeof DiskSession>
export type DiskResult = z.output<typeof DiskResult>
