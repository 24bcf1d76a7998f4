/** The Insights queries over the library index: one per chart. */
export { usageOverTime } from './usage'
export { activityByDay } from './activity'
export { topItems } from './top'
export { diskUse } from './disk'
