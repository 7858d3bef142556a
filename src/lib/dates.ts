import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import 'dayjs/locale/tl-ph'

dayjs.extend(utc)

/** Every wedding time is a time in the Philippines, whatever the visitor's clock says. */
export const weddingTimeZone = 'Asia/Manila'

// The Philippines keeps UTC+8 all year (no daylight saving since 1978), so a fixed offset is exact
// and spares the public site dayjs's timezone plugin.
const manilaOffsetMinutes = 8 * 60

export const dayjsLocale = { fil: 'tl-ph', en: 'en' } as const
export type DateLanguage = keyof typeof dayjsLocale

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** The same instant, read on a clock in Manila. */
export function toManila(value: dayjs.ConfigType) {
  return dayjs(value).utcOffset(manilaOffsetMinutes)
}

/** A `YYYY-MM-DD` date at an optional `HH:mm` time in Manila, or null when either is not valid. */
export function manilaDateTime(date: string | null | undefined, time = '00:00') {
  if (!date || !isoDate.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  const value = toManila(`${date}T${time}:00+08:00`)
  return value.isValid() && value.format('YYYY-MM-DD') === date && value.format('HH:mm') === time
    ? value
    : null
}

/** "Biyernes, 12 Disyembre 2025" / "Friday, 12 December 2025". */
export function formatLongDate(date: string | null | undefined, language: DateLanguage) {
  const value = manilaDateTime(date)
  return value ? value.locale(dayjsLocale[language]).format('dddd, D MMMM YYYY') : ''
}

/** "4:00 PM" from "16:00", in Manila time. */
export function formatTime(date: string | null | undefined, time: string | null | undefined) {
  const value = time ? manilaDateTime(date ?? '2000-01-01', time) : null
  return value ? value.format('h:mm A') : ''
}

/** Today's date in Manila as `YYYY-MM-DD`. */
export function todayInManila(now: Date = new Date()) {
  return toManila(now).format('YYYY-MM-DD')
}

export { dayjs }
