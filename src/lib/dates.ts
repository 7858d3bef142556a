import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
// Management's Filipino dates (the date picker, messages); the public site's come from ./manila-time.
import 'dayjs/locale/tl-ph'
import { manilaInstant } from './manila-time'

dayjs.extend(utc)

export { formatLongDate, formatTime, type DateLanguage } from './manila-time'

// The Philippines keeps UTC+8 all year (no daylight saving since 1978), so a fixed offset is exact
// and spares the public site dayjs's timezone plugin.
const manilaOffsetMinutes = 8 * 60

/** dayjs's name for each of Kasalan's languages. */
export const dayjsLocale = { fil: 'tl-ph', en: 'en' } as const

/** The same instant, read on a clock in Manila. */
export function toManila(value: dayjs.ConfigType) {
  return dayjs(value).utcOffset(manilaOffsetMinutes)
}

/** A `YYYY-MM-DD` date at an optional `HH:mm` time in Manila, or null when either is not valid. */
export function manilaDateTime(date: string | null | undefined, time = '00:00') {
  const at = manilaInstant(date, time)
  return at === null ? null : toManila(at)
}

/** Today's date in Manila as `YYYY-MM-DD`. */
export function todayInManila(now: Date = new Date()) {
  return toManila(now).format('YYYY-MM-DD')
}

export { dayjs }
