import { lazy } from 'react'

/**
 * The checklist's "this week" for management's first screen (the guest list), in its own chunk so
 * the list never waits for it; it shows nothing when nothing is due.
 */
export const WeekSummary = lazy(() =>
  import('./checklist/week-summary').then((m) => ({ default: m.WeekSummary })),
)
