import { manilaInstant } from '@/lib/manila-time'

/** How often the countdown refreshes (spec: every second). */
export const countdownIntervalMs = 1000

export interface CountdownParts {
  days: number
  hours: number
  minutes: number
  seconds: number
  /** Milliseconds left; the countdown is shown only while this is above zero. */
  remainingMs: number
}

const zeros: CountdownParts = { days: 0, hours: 0, minutes: 0, seconds: 0, remainingMs: 0 }

/**
 * Days, hours, minutes and seconds from `now` until `target` (epoch milliseconds); zeros when
 * the target is missing or invalid, or has passed. Seconds round up, so the last second shown is 1
 * and the countdown reads 0 only when the time has come.
 */
export function countdownParts(target: number | null | undefined, now: number): CountdownParts {
  if (target == null || !Number.isFinite(target) || !Number.isFinite(now)) return zeros
  const remainingMs = Math.max(0, target - now)
  if (remainingMs === 0) return zeros
  const total = Math.ceil(remainingMs / 1000)
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    remainingMs,
  }
}

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * When the countdown ends: the wedding date at the start of its first event that day, in Manila
 * (midnight when no event has a time). Null when the date is missing or not a real date.
 */
export function countdownTarget(
  weddingDate: string | null | undefined,
  events: ReadonlyArray<{ date?: string | null; startTime?: string | null }> = [],
): number | null {
  if (!weddingDate) return null
  const firstStart = events
    .filter((event) => !event.date || event.date === weddingDate)
    .map((event) => event.startTime ?? '')
    .filter((time) => hhmm.test(time))
    .sort()[0]
  return manilaInstant(weddingDate, firstStart ?? '00:00')
}
